"""Merge two photo folders (a laptop's and a phone's, an old drive's and a new one's) into one:
identical copies kept once, a name both have with different pictures settled by a rule (the
second numbered, the first kept, or the larger file kept: the phone's are compressed copies),
the sources moved in (emptied) or copied (kept)."""

from __future__ import annotations

import datetime as dt
import random
from typing import Literal

from forge.checks.tree_merge import Clash
from forge.models import ReferenceSolution
from preparers.files import jpeg
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Mode = Literal["move", "copy"]
PAIRS = [("Laptop_photos", "Phone_photos"), ("Old_drive", "New_drive"), ("Camera_roll", "Photos_backup"),
         ("Pictures_2023", "Pictures_from_Anna")]
TARGETS = ["Photos", "All_photos", "Pictures_merged"]


class Options(SkillParams):
    clash: Clash | None = None
    mode: Mode | None = None


class Params(Prepared):
    folder: str
    first: str
    second: str
    sources: list[str]
    target: str
    clash: Clash
    mode: Mode


def _photos(rng: random.Random) -> tuple[dict[str, bytes], dict[str, bytes]]:
    """Two folders of camera photos by year: some only in one, some identical in both, and 2-4 names
    both have with different pictures (sizes differ; the first clash is larger in the second
    folder, the next larger in the first)."""
    first: dict[str, bytes] = {}
    second: dict[str, bytes] = {}
    moments = {dt.datetime(rng.choice([2023, 2024]), 1, 1, 7) + dt.timedelta(
        days=rng.randrange(365), seconds=rng.randrange(50_000)) for _ in range(rng.randint(10, 16))}
    kinds = ["clash", "clash", "same", "first", "second"]
    clashes = 0
    for n, moment in enumerate(sorted(moments)):
        kind = kinds[n] if n < len(kinds) else rng.choice(["clash", "same", "first", "second", "first", "second"])
        path = f"{moment.year}/IMG_{moment:%Y%m%d_%H%M%S}.jpg"
        if kind == "clash" and clashes < 4:
            small, large = jpeg(rng, rng.randrange(1500, 4000)), jpeg(rng, rng.randrange(6000, 20000))
            first[path], second[path] = (small, large) if clashes % 2 == 0 else (large, small)
            clashes += 1
            continue
        data = jpeg(rng, rng.randrange(1500, 20000))
        if kind in ("same", "first", "clash"):
            first[path] = data
        if kind in ("same", "second"):
            second[path] = data
    return first, second


@register_workflow
class MergeFolders(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.merge_folders", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "Merge {{ folder }}/{{ first }}/ and {{ folder }}/{{ second }}/ into the new folder "
            "{{ folder }}/{{ target }}/, keeping each file's subfolder path. A file both have with the same content "
            "goes in once. Where both have a file of the same path but different content, {% if clash == 'number' %}"
            "keep both: {{ first }}'s under its name and {{ second }}'s with _2 before the extension (IMG_1.jpg, "
            "IMG_1_2.jpg){% elif clash == 'keep_first' %}keep {{ first }}'s and leave {{ second }}'s out{% else %}keep "
            "the larger file (in bytes) and leave the smaller out{% endif %}. {% if mode == 'move' %}Move the files, "
            "so that {{ first }}/ and {{ second }}/ end up with no files in them{% if clash != 'number' %} (the copies "
            "left out are deleted){% endif %}.{% else %}Copy the files; {{ first }}/ and {{ second }}/ stay as they "
            "are.{% endif %}",
            "I've got photos in two places in {{ folder }}: {{ first }} and {{ second }}, with a lot of overlap. Could "
            "you combine them into one {{ target }} folder (same year subfolders)? Duplicates only once, please. Some "
            "names are in both but aren't the same picture: {% if clash == 'number' %}keep both, adding _2 to the name "
            "of the one from {{ second }}{% elif clash == 'keep_first' %}the ones in {{ first }} are the right ones, "
            "so keep those{% else %}keep whichever file is bigger, the smaller ones are compressed copies{% endif %}. "
            "{% if mode == 'move' %}Move everything, I don't need the two old folders afterwards.{% else %}Copy, "
            "don't move: leave the two folders as they are for now.{% endif %}",
            "{{ folder }}/: merge {{ first }}/ + {{ second }}/ -> {{ target }}/ ({% if mode == 'move' %}mv{% else %}cp"
            "{% endif %}, keep rel paths, identical files once; same path, other content: {% if clash == 'number' %}"
            "{{ second }}'s as <stem>_2<ext>{% elif clash == 'keep_first' %}{{ first }}'s wins{% else %}larger file "
            "wins{% endif %}).",
        ],
        criteria=["The merged folder holds every picture of both once, under its path, with clashes settled by the "
                  "rule asked for.",
                  "The old folders are emptied (move) or unchanged (copy); nothing else changes."],
        files=[FileSlot(param="folder", type="tree", role="in_place",
                        description="A folder holding two overlapping photo folders")],
        checks=[CheckTemplate(func="tree.merged", bind={"sources": "sources", "target": "target", "clash": "clash",
                                                         "mode": "mode"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        first, second = rng.choice(PAIRS)
        params = Params(folder=rng.choice(["Home", "Pictures", "Media"]), first=first, second=second,
                        sources=[first, second], target=rng.choice(TARGETS),
                        clash=opts.clash or rng.choice(["number", "keep_first", "keep_larger"]),
                        mode=opts.mode or rng.choice(["move", "copy"]))
        ones, twos = _photos(rng)
        tree = {f"{first}/{p}": d for p, d in ones.items()} | {f"{second}/{p}": d for p, d in twos.items()}
        tree["notes.txt"] = f"Photos to sort: {first} and {second}.\n".encode()
        return params.with_files(folder=pack_tree(tree))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import filecmp, os, shutil
            root, clash, mode = {lit(params.folder)}, {lit(params.clash)}, {lit(params.mode)}
            dst = os.path.join(root, {lit(params.target)})
            for source in {lit(params.sources)}:
                src = os.path.join(root, source)
                for folder, dirs, names in sorted(os.walk(src)):
                    for name in sorted(names):
                        path = os.path.join(folder, name)
                        out = os.path.join(dst, os.path.relpath(path, src))
                        place = True
                        if os.path.exists(out):
                            if filecmp.cmp(path, out, shallow=False) or clash == "keep_first":
                                place = False
                            elif clash == "number":
                                stem, ext = os.path.splitext(out)
                                n = 2
                                while os.path.exists(f"{{stem}}_{{n}}{{ext}}"):
                                    n += 1
                                out = f"{{stem}}_{{n}}{{ext}}"
                            else:
                                place = os.path.getsize(path) > os.path.getsize(out)
                        os.makedirs(os.path.dirname(out), exist_ok=True)
                        if place:
                            (shutil.move if mode == "move" else shutil.copy2)(path, out)
                            print(mode, path, "->", out)
                        elif mode == "move":
                            os.remove(path)
        """
        return solution(
            shell_step(f"diff -rq {params.folder}/{params.first} {params.folder}/{params.second} || true",
                       "First I compare the two folders to see the overlap and the clashing names.",
                       "Compare the folders"),
            script_step(script, "I merge the first folder, then the second, settling each clash by the rule.",
                        "Merge the folders"),
            shell_step(f"find {params.folder}/{params.target} -type f | sort", "Then I check the merged folder.",
                       "Check the merged folder"))
