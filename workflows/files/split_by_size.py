"""Split a folder's files into numbered folders of at most a size each, for a mail server's limit per
message or an upload form's or a portal's limit per batch: in name order, a new folder whenever the
next file would not fit (so the order is kept), or largest first, each into the first folder with
room (as few folders as it gets); moved or copied; every file, or only the photos with the other
files left alone."""

from __future__ import annotations

import random
from typing import Literal

from faker import Faker

from forge.checks.tree_size_split import Packing, size_bins
from forge.models import ReferenceSolution
from preparers.files import _filler, jpeg
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

PURPOSES = [("Mail_", "e-mails (the mail server takes a limited total per message)", "To_mail"),
            ("Upload_", "uploads (the form takes a limited total per batch)", "Upload"),
            ("Part_", "the client portal (it refuses a batch over its limit)", "For_portal")]


class Options(SkillParams):
    packing: Packing | None = None
    mode: Literal["move", "copy"] | None = None
    photos_only: bool | None = None


class Params(Prepared):
    folder: str
    purpose: str
    limit_kb: int
    limit_bytes: int
    packing: Packing
    prefix: str
    mode: Literal["move", "copy"]
    only_ext: str | None


def _files(rng: random.Random, faker: Faker, photos_only: bool) -> dict[str, bytes]:
    """Photos and documents of a project, 20-90 KB each; with photos_only, a few other files too."""
    files = {f"IMG_{rng.randrange(1000, 9999)}.jpg": jpeg(rng, rng.randrange(20_000, 60_000))
             for _ in range(rng.randint(6, 9))}
    for stem in rng.sample(["report", "minutes", "plan", "invoice", "poster", "brochure", "handbook"], 4):
        ext = rng.choice([".pdf", ".docx"])
        files[f"{stem}_{faker.last_name().lower()}{ext}"] = _filler(rng, rng.randrange(20_000, 90_000), ext)
    if photos_only:
        files["readme.txt"] = b"Photos and documents for the archive.\n"
    return files


@register_workflow
class SplitBySize(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.split_by_size", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "Split {% if only_ext %}the {{ only_ext }} files{% else %}the files{% endif %} at the top of "
            "{{ folder }}/ into numbered folders inside it, named \"{{ prefix }}\" and a number from 1 ({{ prefix }}1, "
            "{{ prefix }}2, ...), for {{ purpose }}: "
            "no folder may hold more than {{ limit_kb }} KB in all (1 KB = 1000 bytes, so {{ limit_bytes }} "
            "bytes). {% if packing == 'in_order' %}Go through them in name order and start a new folder whenever "
            "the next file would not fit in the current one.{% else %}Take them largest first (same size: by name) "
            "and put each into the first folder that still has room, starting a new one only when none has."
            "{% endif %} {% if mode == 'move' %}Move the files.{% else %}Copy them; the originals stay where they "
            "are.{% endif %}{% if only_ext %} The other files stay where they are.{% endif %}",
            "I need {% if only_ext %}the {{ only_ext }} files{% else %}everything{% endif %} in {{ folder }} split "
            "up for {{ purpose }}, at most {{ limit_kb }} KB ({{ limit_bytes }} bytes) per folder. Could you "
            "{% if mode == 'move' %}move{% else %}copy{% endif %} them into folders called \"{{ prefix }}\" plus a "
            "number ({{ prefix }}1, {{ prefix }}2 and so on) inside {{ folder }}? {% if packing == 'in_order' %}Keep "
            "them in name order: fill a folder until the "
            "next file doesn't fit, then start the next one.{% else %}Use as few folders as you can: biggest "
            "files first (by name when two are the same size), each into the first folder with room.{% endif %}"
            "{% if only_ext %} Leave the other files alone.{% endif %}",
            "{{ folder }}/: bin-pack {% if only_ext %}top-level *{{ only_ext }}{% else %}all top-level files"
            "{% endif %} into folders \"{{ prefix }}\"N/ (N from 1), each <= {{ limit_bytes }} bytes total, "
            "{% if packing == 'in_order' %}next-fit in name order{% else %}first-fit decreasing by size (ties by "
            "name){% endif %}; {{ mode }} the files{% if only_ext %}; other files untouched{% endif %}.",
        ],
        criteria=["Each numbered folder holds at most the limit, filled by the stated rule.",
                  "Files are moved or copied as asked; the other files stay."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A folder of files to split")],
        checks=[CheckTemplate(func="tree.split_by_size", bind={
            "limit_bytes": "limit_bytes", "packing": "packing", "prefix": "prefix", "mode": "mode",
            "only_ext": "only_ext"})],
    )
    states_values = ("limit_kb", "limit_bytes")

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        photos_only = opts.photos_only if opts.photos_only is not None else rng.random() < 0.4
        prefix, purpose, folder = rng.choice(PURPOSES)
        while True:
            files = _files(rng, ctx.faker, photos_only)
            chosen = {n: len(d) for n, d in files.items() if not photos_only or n.endswith(".jpg")}
            low, high = max(chosen.values()) // 1000 + 2, sum(chosen.values()) // 3000
            if low >= high:
                continue
            limit = 1000 * rng.randrange(low, high)
            bins = {rule: size_bins(chosen, limit, rule) for rule in ("in_order", "largest_first")}
            totals = {sum(chosen[n] for n in b) for rule in bins.values() for b in rule}
            if bins["in_order"] != bins["largest_first"] and limit not in totals and len(bins["in_order"]) >= 3:
                break
        params = Params(folder=folder, purpose=purpose, limit_kb=limit // 1000, limit_bytes=limit,
                        packing=opts.packing or rng.choice(["in_order", "largest_first"]), prefix=prefix,
                        mode=opts.mode or rng.choice(["move", "copy"]), only_ext=".jpg" if photos_only else None)
        return params.with_files(folder=pack_tree(dict(sorted(files.items()))))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os, shutil
            root, limit, ext = {lit(params.folder)}, {params.limit_bytes}, {lit(params.only_ext)}
            sizes = {{n: os.path.getsize(os.path.join(root, n)) for n in os.listdir(root)
                     if os.path.isfile(os.path.join(root, n)) and (ext is None or n.lower().endswith(ext))}}
            in_order = {params.packing == "in_order"!r}
            order = sorted(sizes) if in_order else sorted(sizes, key=lambda n: (-sizes[n], n))
            room = []
            for name in order:
                spots = [len(room) - 1] if in_order and room else range(len(room))
                target = next((i for i in spots if room[i] >= sizes[name]), None)
                if target is None:
                    room.append(limit)
                    target = len(room) - 1
                room[target] -= sizes[name]
                folder = os.path.join(root, {lit(params.prefix)} + str(target + 1))
                os.makedirs(folder, exist_ok=True)
                {"shutil.move" if params.mode == "move" else "shutil.copy2"}(os.path.join(root, name),
                                                                            os.path.join(folder, name))
                print(name, sizes[name], "->", os.path.basename(folder))
        """
        return solution(
            shell_step(f"ls -l {params.folder}", "First I look at the files and their sizes.", "List the sizes"),
            script_step(script, f"I fill the numbered folders by the rule, none over {params.limit_bytes} bytes.",
                        "Split the files"),
            shell_step(f"du -b {params.folder}/{params.prefix}*", "Then I check each folder's total.",
                       "Check the totals"))
