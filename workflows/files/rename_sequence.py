"""Rename a shoot's photos from two cameras into one numbered sequence (Patel_wedding_001.jpg, ...)
in the order they were taken (EXIF date taken: the cameras' own numbers interleave) or by file
name; in place or as renamed copies in a new folder; with a CSV manifest of old and new names or
not."""

from __future__ import annotations

import datetime as dt
import random
from typing import Literal

from faker import Faker

from forge.models import ReferenceSolution
from preparers.files import _filler
from preparers.filetypes.image import photo_jpeg
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Order = Literal["taken", "name"]
EVENTS = ["wedding", "portraits", "birthday", "product_shoot", "graduation"]


class Options(SkillParams):
    order: Order | None = None
    copy_to: bool | None = None
    manifest: bool | None = None


class Params(Prepared):
    folder: str
    prefix: str
    order: Order
    target: str | None
    manifest: str | None


def _import(rng: random.Random, faker: Faker) -> dict[str, bytes]:
    """Two cameras' photos in one import folder, taken interleaved over a day (each camera numbers
    its own), a clip and a note that are not photos."""
    start = dt.datetime(rng.choice([2023, 2024]), rng.randint(4, 9), rng.randint(1, 28), 13)
    seconds = sorted(rng.sample(range(0, 6 * 3600), rng.randint(8, 13)))
    counters = {"DSC_": rng.randint(1000, 8000), "IMG_": rng.randint(100, 900)}
    files: dict[str, bytes] = {}
    for second in seconds:
        camera = rng.choice(sorted(counters))
        counters[camera] += rng.randint(1, 3)
        files[f"{camera}{counters[camera]:04d}.JPG"] = photo_jpeg(rng, (32, 24), start + dt.timedelta(seconds=second))
    files[f"MVI_{counters['IMG_'] + 1:04d}.MOV"] = _filler(rng, rng.randrange(4000, 9000), ".mov")
    files["shot_list.txt"] = "\n".join(faker.sentence() for _ in range(3)).encode() + b"\n"
    return files


@register_workflow
class RenameSequence(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.rename_sequence", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "The JPEG photos at the top of {{ folder }}/ come from two cameras. {% if target %}Copy them into "
            "{{ folder }}/{{ target }}/ named{% else %}Rename them in place to{% endif %} the prefix {{ prefix }} "
            "followed by _NNN.jpg, NNN being the photo's place in the sequence as three digits counting from one "
            "(lower-case .jpg), in {% if order == 'taken' %}the order they "
            "were taken, by the date taken in their EXIF data (not by their file names){% else %}the order of their "
            "file names, ignoring case{% endif %}.{% if target %} Keep the originals as they are.{% endif %}"
            "{% if manifest %} Also write {{ folder }}/{{ manifest }}: a CSV with the columns old_name and new_name, "
            "one row per photo in the new order.{% endif %} Leave the other files alone.",
            "I shot the {{ prefix }} job on two bodies and dumped everything into {{ folder }}. Could you "
            "{% if target %}make a numbered set in {{ target }} (inside {{ folder }}) with copies{% else %}number the "
            "photos themselves{% endif %}, named {{ prefix }} plus _NNN.jpg with a three-digit running number "
            "starting from one? {% if order == 'taken' %}They need to be in the order I took them, so go by the "
            "EXIF capture time; the two cameras' numbers are all mixed up.{% else %}Just go by the current file "
            "names (alphabetical, case doesn't matter).{% endif %}"
            "{% if manifest %} And put a {{ manifest }} in there with old_name,new_name for every photo, in the new "
            "order, so I can find the originals.{% endif %} Only the JPGs; don't touch the video or the notes.",
            "{{ folder }}/*.JPG -> {% if target %}cp to {{ target }}/{% else %}mv to {% endif %}<prefix>_NNN.jpg, "
            "prefix = {{ prefix }} (NNN = three-digit position from one, {% if order == 'taken' %}sorted by EXIF "
            "DateTimeOriginal{% else %}sorted by name, case-insensitive{% endif %}){% if manifest %}; write "
            "{{ manifest }} (csv old_name,new_name, in sequence "
            "order){% endif %}; other files untouched.",
        ],
        criteria=["Every photo has its number in the order asked, under the new name pattern (in place or as copies "
                  "in the new folder).", "The manifest, when asked, maps old to new names; other files unchanged."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A shoot's import folder")],
        checks=[CheckTemplate(func="tree.renamed_in_sequence", bind={
            "prefix": "prefix", "order": "order", "target": "target", "manifest": "manifest"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        copy_to = opts.copy_to if opts.copy_to is not None else rng.random() < 0.5
        manifest = opts.manifest if opts.manifest is not None else rng.random() < 0.5
        params = Params(folder=rng.choice(["Import", "Card_dump", "Shoot_raw"]),
                        prefix=f"{ctx.faker.last_name()}_{rng.choice(EVENTS)}", order=opts.order or rng.choice(
                            ["taken", "name"]), target=rng.choice(["Numbered", "Delivery"]) if copy_to else None,
                        manifest=rng.choice(["rename_log.csv", "manifest.csv"]) if manifest else None)
        return params.with_files(folder=pack_tree(_import(rng, ctx.faker)))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, os, shutil
            from PIL import Image
            root, prefix, order = {lit(params.folder)}, {lit(params.prefix)}, {lit(params.order)}
            target, manifest = {lit(params.target)}, {lit(params.manifest)}
            def taken(name):
                with Image.open(os.path.join(root, name)) as image:
                    exif = image.getexif()
                    return exif.get_ifd(0x8769).get(36867) or exif.get(306)
            photos = [n for n in os.listdir(root) if os.path.isfile(os.path.join(root, n))
                      and n.lower().endswith((".jpg", ".jpeg"))]
            photos.sort(key=(lambda n: (taken(n), n)) if order == "taken" else (lambda n: (n.lower(), n)))
            plan = [(name, f"{{prefix}}_{{i:03d}}.jpg") for i, name in enumerate(photos, start=1)]
            if target:
                os.makedirs(os.path.join(root, target), exist_ok=True)
            for old, new in plan:
                if target:
                    shutil.copy2(os.path.join(root, old), os.path.join(root, target, new))
                else:
                    os.rename(os.path.join(root, old), os.path.join(root, new))
                print(old, "->", new)
            if manifest:
                with open(os.path.join(root, manifest), "w", newline="") as out:
                    csv.writer(out).writerows([["old_name", "new_name"], *plan])
        """
        return solution(
            shell_step(f"ls {params.folder}", f"First I look at what is in {params.folder}/.", "List the photos"),
            script_step(script, "I sort the photos " + ("by their EXIF capture time" if params.order == "taken"
                        else "by name") + " and number them in that order.", "Number the photos"),
            shell_step(f"ls {params.folder}" + (f" {params.folder}/{params.target}" if params.target else ""),
                       "Then I check the new names.", "Check the names"))
