"""Sort a phone dump of photos into folders by the date each was TAKEN (EXIF), not by the dates in
their names (a messaging app names a photo after the day it was received) or the file's dates:
year/month, year-month or year folders; moved or copied; photos with no date taken (screenshots,
edited exports) left where they are or put in a folder of their own."""

from __future__ import annotations

from typing import Literal

from forge.checks.tree_photos import Layout
from forge.models import ReferenceSolution
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.files._shoots import phone_dump
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Mode = Literal["move", "copy"]
EXAMPLE = {"year/month": "YYYY/MM/", "year-month": "YYYY-MM/", "year": "YYYY/"}  # numbers would leak a year


class Options(SkillParams):
    layout: Layout | None = None
    mode: Mode | None = None
    set_aside: bool | None = None


class Params(Prepared):
    folder: str
    layout: Layout
    example: str
    mode: Mode
    undated: str | None


@register_workflow
class SortByTaken(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.sort_by_taken", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "Sort the JPEG photos (.jpg/.jpeg, any case) in {{ folder }}/ and its subfolders by the date each was "
            "taken, as recorded in its EXIF data (DateTimeOriginal), not by any date in the file name: "
            "{% if mode == 'move' %}move{% else %}copy{% endif %} each into {{ folder }}/{{ example }} style "
            "folders ({% if layout == 'year/month' %}a year folder with a two-digit month folder inside"
            "{% elif layout == 'year-month' %}one folder per year and month, YYYY-MM{% else %}one folder per year"
            "{% endif %}), keeping its file name. {% if undated %}Photos with no date taken go into "
            "{{ folder }}/{{ undated }}/.{% else %}Photos with no date taken stay where they are.{% endif %} Other "
            "files stay as they are.",
            "My phone dump in {{ folder }} is a mess. Could you {% if mode == 'move' %}sort{% else %}copy{% endif %} "
            "the photos into {% if layout == 'year/month' %}year and month folders (like {{ example }}){% elif layout "
            "== 'year-month' %}one folder per month, named like {{ example }}{% else %}one folder per year (like "
            "{{ example }}){% endif %} inside {{ folder }}, going by when each picture was actually taken (the EXIF "
            "date)? The WhatsApp names have the day I received them, which is often weeks later, so don't go by "
            "those. {% if undated %}Anything without a date taken (screenshots, edits) can go in {{ undated }}."
            "{% else %}Leave anything without a date taken where it is.{% endif %}{% if mode == 'copy' %} Keep the "
            "originals where they are.{% endif %}",
            "{{ folder }}/ (recursive) *.jpg/*.jpeg: {% if mode == 'move' %}mv{% else %}cp{% endif %} to "
            "{{ folder }}/{{ example }} (same file name) by EXIF DateTimeOriginal; no EXIF date: {% if undated %}"
            "-> {{ undated }}/"
            "{% else %}leave in place{% endif %}; other files untouched.",
        ],
        criteria=["Every photo with a date taken is in the folder for that date (by EXIF, not by its name), under "
                  "its own name; undated ones are set aside or left as asked.",
                  "Moved photos are gone from their old place, copied ones stay; other files are unchanged."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A phone's photo dump")],
        checks=[CheckTemplate(func="tree.sorted_by_taken", bind={"layout": "layout", "mode": "mode",
                                                                  "undated": "undated"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        layout: Layout = opts.layout or rng.choice(["year/month", "year-month", "year"])
        aside = opts.set_aside if opts.set_aside is not None else rng.random() < 0.5
        params = Params(folder=rng.choice(["Phone_dump", "Camera_upload", "Photo_import"]), layout=layout,
                        example=EXAMPLE[layout], mode=opts.mode or rng.choice(["move", "copy"]),
                        undated=rng.choice(["Undated", "No_date", "Unsorted"]) if aside else None)
        return params.with_files(folder=pack_tree(phone_dump(rng, ctx.faker)))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os, shutil
            from PIL import Image
            root, layout = {lit(params.folder)}, {lit(params.layout)}
            mode, undated = {lit(params.mode)}, {lit(params.undated)}
            plan = []
            for folder, dirs, names in os.walk(root):
                for name in sorted(names):
                    if not name.lower().endswith((".jpg", ".jpeg")):
                        continue
                    path = os.path.join(folder, name)
                    with Image.open(path) as image:
                        exif = image.getexif()
                        raw = exif.get_ifd(0x8769).get(36867) or exif.get(306)
                    if raw:
                        year, month = raw[:4], raw[5:7]
                        sub = {{"year/month": f"{{year}}/{{month}}", "year-month": f"{{year}}-{{month}}",
                               "year": year}}[layout]
                    elif undated:
                        sub = undated
                    else:
                        continue
                    plan.append((path, os.path.join(root, sub, name)))
            for path, target in plan:
                os.makedirs(os.path.dirname(target), exist_ok=True)
                (shutil.move if mode == "move" else shutil.copy2)(path, target)
                print(mode, path, "->", target)
        """
        return solution(
            shell_step(f"find {lit(params.folder)} -type f | sort", f"First I list what is in {params.folder}/.",
                       "List the photos"),
            script_step(script, "I read each photo's EXIF date taken with Pillow (the names' dates are when a photo "
                        "was received) and file it by that date.", "Sort by date taken"),
            shell_step(f"find {lit(params.folder)} -type f | sort", "Then I check where everything went.",
                       "Check the folders"))
