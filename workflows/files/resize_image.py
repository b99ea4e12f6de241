"""Make a web-sized copy of a photo: a given width, the aspect ratio kept, JPEG, its date taken kept."""

from __future__ import annotations

import datetime as dt

from forge.models import ReferenceSolution
from preparers.filetypes.image import photo_jpeg
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow

SIZES = [(1600, 1200), (2000, 1500), (1200, 1600), (1800, 1200), (1440, 1080)]
WIDTHS = [480, 640, 800, 1024]


class Params(Prepared):
    photo: str
    output: str
    width: int


@register_workflow
class ResizeImage(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.resize_image", apps=["files"], params=Params,
        phrasings=[
            ("Make a web-sized copy of {{ photo }}: {{ width }} pixels wide, the height scaled to keep the aspect "
             "ratio, saved as a JPEG at {{ output }}. Keep the photo's date taken (its EXIF data), and leave the "
             "original as it is."),
            ("{{ photo }} is too big to e-mail. Please save a smaller JPEG of it as {{ output }}, {{ width }} px wide "
             "with the proportions unchanged, and keep its EXIF date taken."),
        ],
        criteria=["The copy is exactly the asked width, with the original's aspect ratio, encoded as JPEG.",
                  "It shows the same picture and keeps the original's EXIF date taken."],
        files=[FileSlot(param="photo", type="image", role="input", description="A camera photo"),
               FileSlot(param="output", type="image", description="The web-sized copy")],
        checks=[CheckTemplate(func="image.resized", bind={"width": "width"}),
                CheckTemplate(func="image.format", fixed={"format": "JPEG"}),
                CheckTemplate(func="image.same_picture"),
                CheckTemplate(func="image.exif_date_kept")],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        size = ctx.rng.choice(SIZES)
        taken = dt.datetime(ctx.rng.choice([2023, 2024]), 1, 1) + dt.timedelta(seconds=ctx.rng.randrange(364 * 86400))
        name = f"{ctx.rng.choice(['IMG_', 'PXL_', 'DSC_'])}{taken:%Y%m%d_%H%M%S}"
        width = ctx.rng.choice([w for w in WIDTHS if w < size[0]])
        params = Params(photo=f"photos/{name}.jpg", output=f"photos/web/{name}_{width}.jpg", width=width)
        return params.with_files(photo=photo_jpeg(ctx.rng, size, taken))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            from PIL import Image
            photo = Image.open({lit(params.photo)})
            height = round(photo.height * {params.width} / photo.width)
            small = photo.resize(({params.width}, height), Image.Resampling.LANCZOS)
            small.save({lit(params.output)}, "JPEG", quality=88, exif=photo.getexif())
            print(photo.size, "->", small.size)
        """
        return solution(script_step(script, f"I open {params.photo} with Pillow, scale it to {params.width} pixels "
                                    "wide with the height in proportion, and save a JPEG with the original EXIF.",
                                    f"Resize {params.photo}"))
