"""After culling a RAW+JPEG shoot on one side (rejects deleted among the JPEGs in a viewer, or
among the RAW files in a raw editor), remove the other side's files left without their partner:
deleted or moved aside keeping their subfolder; a flat card dump or a folder per shooting day;
names paired exactly, or whatever their case when the camera and the computer disagree on it."""

from __future__ import annotations

import random
from typing import Literal

from forge.checks.tree_picks import JPEG_EXTS, RAW_EXTS
from forge.models import ReferenceSolution
from preparers.files import _filler, jpeg
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.files.copy_picks import CAMERAS
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Kind = Literal["raw", "jpeg"]


class Options(SkillParams):
    orphans: Kind | None = None
    move_aside: bool | None = None
    by_day: bool | None = None
    mixed_case: bool | None = None


class Params(Prepared):
    folder: str
    orphans: Kind
    aside: str | None
    by_day: bool
    mixed_case: bool
    raw_ext: str


def shoot(rng: random.Random, prefix: str, raw: str, *, orphans: Kind, by_day: bool, mixed: bool) -> dict[str, bytes]:
    """A culled shoot: RAW+JPEG pairs, about a third of them missing the side that was culled, one or
    two frames shot as the other kind alone (they stay), the shoot's notes; with `mixed`, some RAW
    names in lower case (the first pair's always)."""
    folders = [f"2024-0{rng.randint(4, 9)}-{day:02d}" for day in sorted(rng.sample(range(1, 29), 2))] \
        if by_day else [""]
    files: dict[str, bytes] = {}
    numbers = sorted(rng.sample(range(1000, 9999), rng.randint(12, 20)))
    culled = set(rng.sample(numbers[1:], max(2, len(numbers) // 3)))
    alone = set(rng.sample(sorted(set(numbers[1:]) - culled), rng.randint(1, 2)))
    for n, number in enumerate(numbers):
        at = f"{folders[n * len(folders) // len(numbers)]}/".lstrip("/")
        stem = f"{prefix}{number}"
        lower = mixed and (n == 0 or rng.random() < 0.4)
        has_jpeg = not ((orphans == "raw" and number in culled) or (orphans == "jpeg" and number in alone))
        has_raw = not ((orphans == "jpeg" and number in culled) or (orphans == "raw" and number in alone))
        if has_jpeg:
            files[f"{at}{stem}.JPG"] = jpeg(rng, rng.randrange(1500, 5000))
        if has_raw:
            name = f"{stem}{raw}"
            files[at + (name.lower() if lower else name)] = _filler(rng, rng.randrange(6000, 12000), raw.lower())
    files[rng.choice(["notes.txt", "shot_list.txt"])] = b"Ceremony first, then portraits by the lake.\n"
    return files


@register_workflow
class CullPairs(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.cull_pairs", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "In {{ folder }}/ every photo was shot as a JPEG (.JPG) and a RAW file ({{ raw_ext }}) of the same name. "
            "I culled the shoot {% if orphans == 'raw' %}on the JPEGs, so some RAW files no longer have their JPEG"
            "{% else %}on the RAW files, so some JPEGs no longer have their RAW file{% endif %}. "
            "{% if aside %}Move those unpaired {% if orphans == 'raw' %}RAW files{% else %}JPEGs{% endif %} into "
            "{{ folder }}/{{ aside }}/, keeping the subfolder each was in{% else %}Delete those unpaired "
            "{% if orphans == 'raw' %}RAW files{% else %}JPEGs{% endif %}{% endif %}. A pair is two files with the "
            "same name in the same folder{% if by_day %} (each shooting day has its own folder){% endif %}"
            "{% if mixed_case %}; the case of the names may differ (IMG_0001.JPG and img_0001.cr2 are a pair)"
            "{% endif %}. Leave every other file as it is.",
            "I went through {{ folder }} and deleted the rejects{% if orphans == 'raw' %} in the photo viewer, so only "
            "the JPGs are gone and their {{ raw_ext }} raws are still lying around{% else %} in my raw editor, so "
            "only the {{ raw_ext }} files are gone and their JPGs are still there{% endif %}. Can you "
            "{% if aside %}move the leftovers into {{ aside }} inside {{ folder }} (same subfolders, so I can check "
            "them before I empty it){% else %}get rid of the leftovers for me{% endif %}? Only files whose partner "
            "with the same name in the same folder is gone{% if mixed_case %}, and don't go by upper/lower case, the "
            "card wrote some names in lower case{% endif %}.{% if by_day %} The shoot is in one folder per day."
            "{% endif %}",
            "{{ folder }}/: {% if orphans == 'raw' %}{{ raw_ext }} files with no .JPG{% else %}.JPG files with no "
            "{{ raw_ext }}{% endif %} of the same name in the same folder{% if mixed_case %} (names compared "
            "case-insensitively){% endif %} -> {% if aside %}mv to {{ aside }}/<same relative path>{% else %}rm"
            "{% endif %}; keep the pairs and everything else.",
        ],
        criteria=["Every file whose partner was culled is deleted or moved aside (keeping its subfolder) as asked.",
                  "Every pair and every other file stays where it was, unchanged."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A culled RAW+JPEG shoot")],
        checks=[CheckTemplate(func="tree.pairs_culled", bind={"orphans": "orphans", "aside": "aside",
                                                               "ignore_case": "mixed_case"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        prefix, raw = rng.choice(CAMERAS)
        move = opts.move_aside if opts.move_aside is not None else rng.random() < 0.5
        params = Params(folder=rng.choice(["Shoot_wedding", "Lake_portraits", "Shoot_2024"]),
                        orphans=opts.orphans or rng.choice(["raw", "jpeg"]),
                        aside=rng.choice(["_rejects", "to_delete", "Unpaired"]) if move else None,
                        by_day=opts.by_day if opts.by_day is not None else rng.random() < 0.5,
                        mixed_case=opts.mixed_case if opts.mixed_case is not None else rng.random() < 0.5,
                        raw_ext=raw)
        files = shoot(rng, prefix, raw, orphans=params.orphans, by_day=params.by_day, mixed=params.mixed_case)
        return params.with_files(folder=pack_tree(files))

    def reference(self, params: Params) -> ReferenceSolution:
        orphan_exts, partner_exts = (RAW_EXTS, JPEG_EXTS) if params.orphans == "raw" else (JPEG_EXTS, RAW_EXTS)
        script = f"""
            import os
            root, aside, fold = {lit(params.folder)}, {lit(params.aside)}, {params.mixed_case!r}
            def key(name):
                stem = os.path.splitext(name)[0]
                return stem.lower() if fold else stem
            for folder, dirs, names in os.walk(root):
                partners = {{key(n) for n in names if os.path.splitext(n)[1].lower() in {lit(partner_exts)}}}
                for name in sorted(names):
                    if os.path.splitext(name)[1].lower() in {lit(orphan_exts)} and key(name) not in partners:
                        path = os.path.join(folder, name)
                        if aside:
                            target = os.path.join(root, aside, os.path.relpath(path, root))
                            os.makedirs(os.path.dirname(target), exist_ok=True)
                            os.rename(path, target)
                        else:
                            os.remove(path)
                        print("unpaired:", path)
        """
        what = "move them aside" if params.aside else "delete them"
        return solution(
            shell_step(f"find {params.folder} -type f | sort", "First I look at how the shoot is laid out.",
                       "List the shoot"),
            script_step(script, f"In each folder I find the files whose partner of the same name is gone and {what}.",
                        "Remove the unpaired files"),
            shell_step(f"find {params.folder} -type f | sort", "Then I check what is left.", "Check the shoot"))
