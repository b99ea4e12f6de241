"""Gather the photos a client picked from a shoot, named in the list they sent (names written their
way: with or without .JPG, any case, a typo or two): copied or moved into one folder, with each
pick's RAW file or not, and the names that match no photo written to a file or not."""

from __future__ import annotations

import random
from typing import Literal

from forge.checks.tree_picks import JPEG_EXTS, RAW_EXTS
from forge.models import ReferenceSolution
from preparers.files import _filler, jpeg
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Mode = Literal["move", "copy"]
CAMERAS = [("DSC_", ".NEF"), ("IMG_", ".CR2"), ("_DSC", ".ARW")]


class Options(SkillParams):
    mode: Mode | None = None
    with_raw: bool | None = None
    report_missing: bool | None = None


class Params(Prepared):
    folder: str
    listing: str
    target: str
    mode: Mode
    with_raw: bool
    missing: str | None
    raw_ext: str


def _shoot(rng: random.Random) -> tuple[dict[str, bytes], str, str]:
    """(the shoot's files on two cards, the client's list, the RAW extension): JPEG+RAW pairs, a few
    JPEGs alone, and a list of 4-7 picks written loosely, with 1-2 names that are not in the shoot."""
    prefix, raw = rng.choice(CAMERAS)
    numbers = sorted(rng.sample(range(1000, 9999), rng.randint(12, 20)))
    files: dict[str, bytes] = {}
    for n, number in enumerate(numbers):
        card = f"Card_{'AB'[n % 2]}/DCIM"
        files[f"{card}/{prefix}{number}.JPG"] = jpeg(rng, rng.randrange(1500, 6000))
        if rng.random() < 0.8:
            files[f"{card}/{prefix}{number}{raw}"] = _filler(rng, rng.randrange(6000, 12000), raw.lower())
    lines = []
    for number in rng.sample(numbers, rng.randint(4, 7)):
        lines.append(rng.choice([f"{prefix}{number}", f"{prefix}{number}.JPG", f"{prefix.lower()}{number}.jpg"]))
    for _ in range(rng.randint(1, 2)):  # a typo: a number the shoot does not have
        typo = rng.choice([n for n in range(numbers[0], numbers[-1]) if n not in numbers])
        lines.insert(rng.randrange(len(lines) + 1), f"{prefix}{typo}")
    return files, "\n".join(lines) + "\n", raw


@register_workflow
class CopyPicks(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.copy_picks", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "{{ folder }}/{{ listing }} lists the photos the client picked, one per line (written with or without the "
            ".JPG extension, in any case). {% if mode == 'move' %}Move{% else %}Copy{% endif %} each picked JPEG from "
            "wherever it is in {{ folder }}/ into {{ folder }}/{{ target }}/, under its file name{% if with_raw %}, "
            "together with its RAW file of the same name ({{ raw_ext }}){% else %}; the JPEGs only, not the RAW "
            "files{% endif %}.{% if missing %} Write the listed names that match no photo, as written in the list and "
            "in its order, one per line, to {{ folder }}/{{ missing }}.{% endif %} Everything else stays as it is.",
            "The client sent back their picks, they're in {{ listing }} in the {{ folder }} folder. Could you "
            "{% if mode == 'move' %}move{% else %}copy{% endif %} those photos into {{ target }} (inside {{ folder }}, "
            "no subfolders)? {% if with_raw %}Bring the {{ raw_ext }} raw file of each along too, the retoucher needs "
            "them.{% else %}Just the JPGs, they don't need the raws.{% endif %} They typed the names by hand, so "
            "ignore case and whether they wrote .jpg.{% if missing %} Some of the names might not exist; put those "
            "in {{ missing }} in {{ folder }} (one per line, as they wrote them, same order) so I can ask.{% endif %}",
            "{{ folder }}/: for each name in {{ listing }} (case-insensitive, extension optional): {% if mode == "
            "'move' %}mv{% else %}cp{% endif %} the JPEG{% if with_raw %} + same-name {{ raw_ext }}{% endif %} (found "
            "anywhere) -> {{ target }}/<file name>{% if missing %}; unmatched names -> {{ missing }} (list order)"
            "{% endif %}. Nothing else changes.",
        ],
        criteria=["Every picked JPEG (and its RAW file when asked) is in the target folder under its name; moved "
                  "ones are gone from the cards, copied ones stay.",
                  "Unmatched names are listed when asked; nothing else changes."],
        files=[FileSlot(param="folder", type="tree", role="in_place",
                        description="A photo shoot and a client's picks")],
        checks=[CheckTemplate(func="tree.picks_collected", bind={
            "listing": "listing", "target": "target", "mode": "mode", "with_raw": "with_raw", "missing": "missing"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        files, listing, raw = _shoot(rng)
        report = opts.report_missing if opts.report_missing is not None else rng.random() < 0.5
        params = Params(folder=rng.choice(["Shoot_wedding", "Shoot_portraits", "Client_shoot"]),
                        listing=rng.choice(["picks.txt", "client_selection.txt", "favourites.txt"]),
                        target=rng.choice(["Selects", "For_retouch", "Client_picks"]),
                        mode=opts.mode or rng.choice(["move", "copy"]),
                        with_raw=opts.with_raw if opts.with_raw is not None else rng.random() < 0.5,
                        missing=rng.choice(["not_found.txt", "missing_picks.txt"]) if report else None, raw_ext=raw)
        files[params.listing] = listing.encode()
        return params.with_files(folder=pack_tree(files))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os, shutil
            root, target = {lit(params.folder)}, {lit(params.target)}
            photo, raw = {lit(list(JPEG_EXTS))}, {lit(list(RAW_EXTS) if params.with_raw else [])}
            def stem(name):
                base, ext = os.path.splitext(name.strip())
                return (base if ext.lower() in photo + {lit(list(RAW_EXTS))} else name.strip()).lower()
            files = {{}}
            for folder, dirs, names in os.walk(root):
                for name in names:
                    if os.path.splitext(name)[1].lower() in photo + raw:
                        files.setdefault(stem(name), []).append(os.path.join(folder, name))
            wanted = [line.strip() for line in open(os.path.join(root, {lit(params.listing)})) if line.strip()]
            missing = []
            os.makedirs(os.path.join(root, target), exist_ok=True)
            for name in wanted:
                found = files.get(stem(name), [])
                if not any(os.path.splitext(p)[1].lower() in photo for p in found):
                    missing.append(name)
                    continue
                for path in found:
                    (shutil.move if {lit(params.mode)} == "move" else shutil.copy2)(path, os.path.join(root, target))
                    print({lit(params.mode)}, path)
            if {lit(params.missing)}:
                with open(os.path.join(root, {lit(params.missing)}), "w") as out:
                    out.write("".join(name + "\\n" for name in missing))
            print("not found:", missing)
        """
        return solution(
            shell_step(f"cat {params.folder}/{params.listing}; find {params.folder} -type f | sort | head -50",
                       "First I read the client's list and see how the shoot is laid out.", "Read the picks"),
            script_step(script, "I match each listed name to the photos by name, ignoring case and extension, and "
                        f"{params.mode} them into {params.target}/.", "Gather the picks"),
            shell_step(f"ls {params.folder}/{params.target}", "Then I check the picks folder.", "Check the picks"))
