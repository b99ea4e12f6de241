"""Index a phone's photos in a CSV: each JPEG's path and the date it was taken (EXIF, not the date
in its name), with its pixel size or not; in date order or by name; the top of the folder only or
every subfolder. Nothing is changed."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.files._shoots import phone_dump
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Order = Literal["taken", "name"]


class Options(SkillParams):
    dimensions: bool | None = None
    order: Order | None = None
    recursive: bool | None = None


class Params(Prepared):
    folder: str
    report: str
    dimensions: bool
    order: Order
    recursive: bool


@register_workflow
class PhotoIndex(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.photo_index", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "Write {{ report }}, a CSV index of the JPEG photos (.jpg/.jpeg, any case) {% if recursive %}anywhere in "
            "{{ folder }}/, subfolders included{% else %}at the top of {{ folder }}/ (not in its subfolders){% endif %}"
            ": the columns file (its path inside {{ folder }}), taken (the EXIF date taken as YYYY-MM-DD HH:MM:SS, "
            "empty when the photo has none){% if dimensions %}, width and height (in pixels){% endif %}; one row per "
            "photo, {% if order == 'taken' %}oldest first by date taken, photos without one last (by path){% else %}"
            "sorted by path, ignoring case{% endif %}. Don't change the photos.",
            "I need a list of the pictures in {{ folder }}{% if recursive %} (the WhatsApp subfolder too){% else %} "
            "(just the ones at the top, skip the subfolders){% endif %}: a CSV, {{ report }}, with columns file and "
            "taken{% if dimensions %}, plus width and height in pixels{% endif %}. The date should be when the "
            "picture was really taken, from its EXIF data, written like YYYY-MM-DD HH:MM:SS (leave it empty if "
            "there isn't one), not the date in the name. {% if order == 'taken' %}Put them in the order they were "
            "taken, undated ones at the end.{% else %}Sort by file name (case doesn't matter).{% endif %}",
            "{{ report }}: csv file,taken{% if dimensions %},width,height{% endif %} for {% if recursive %}every "
            "*.jpg/*.jpeg under {{ folder }}/ (relative paths){% else %}the *.jpg/*.jpeg directly in {{ folder }}/"
            "{% endif %}; taken = EXIF DateTimeOriginal as YYYY-MM-DD HH:MM:SS or empty; {% if order == 'taken' %}"
            "sorted by taken, undated last{% else %}sorted by path, case-insensitive{% endif %}. Read-only.",
        ],
        criteria=["One row per photo asked for, with its EXIF date taken (and size when asked), in the order asked.",
                  "The photos are unchanged."],
        files=[FileSlot(param="folder", type="tree", role="input", description="A phone's photo dump"),
               FileSlot(param="report", type="csv", description="The photo index")],
        checks=[CheckTemplate(func="tree.photo_index", bind={"folder": "folder", "dimensions": "dimensions",
                                                              "order": "order", "recursive": "recursive"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        params = Params(folder=rng.choice(["Phone_dump", "Camera_upload", "Photo_import"]),
                        report=rng.choice(["photo_index.csv", "photos.csv", "picture_list.csv"]),
                        dimensions=opts.dimensions if opts.dimensions is not None else rng.random() < 0.5,
                        order=opts.order or rng.choice(["taken", "name"]),
                        recursive=opts.recursive if opts.recursive is not None else rng.random() < 0.5)
        return params.with_files(folder=pack_tree(phone_dump(rng, ctx.faker)))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, os
            from PIL import Image
            root, recursive = {lit(params.folder)}, {params.recursive!r}
            rows = []
            for folder, dirs, names in os.walk(root):
                if not recursive:
                    dirs.clear()
                for name in names:
                    if not name.lower().endswith((".jpg", ".jpeg")):
                        continue
                    path = os.path.join(folder, name)
                    with Image.open(path) as image:
                        exif = image.getexif()
                        raw = exif.get_ifd(0x8769).get(36867) or exif.get(306)
                        size = list(image.size)
                    taken = raw[:10].replace(":", "-") + raw[10:] if raw else ""
                    rows.append([os.path.relpath(path, root), taken] + (size if {params.dimensions!r} else []))
            if {lit(params.order)} == "taken":
                rows.sort(key=lambda r: (r[1] == "", r[1], r[0].lower(), r[0]))
            else:
                rows.sort(key=lambda r: (r[0].lower(), r[0]))
            header = ["file", "taken"] + (["width", "height"] if {params.dimensions!r} else [])
            with open({lit(params.report)}, "w", newline="") as out:
                csv.writer(out).writerows([header, *rows])
            print(len(rows), "photos")
        """
        return solution(
            shell_step(f"find {lit(params.folder)} -type f | sort", f"First I list the files in {params.folder}/.",
                       "List the photos"),
            script_step(script, "I read each photo's EXIF date taken" + (" and size" if params.dimensions else "")
                        + f" with Pillow and write {params.report}.", "Index the photos"),
            shell_step(f"cat {params.report}", "Then I read the index back.", "Check the index"))
