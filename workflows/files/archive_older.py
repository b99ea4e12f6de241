"""Archive the files dated (by the year and month in their names) before a month: moved, or copied,
into one archive folder under their folder paths or by name alone; every file or one type."""

from __future__ import annotations

import calendar
from typing import Literal

from forge.checks.tree_rules import name_date
from forge.checks.tree_tidy import ArchivedBefore, archived_path
from forge.models import ReferenceSolution
from preparers.files import make_tree
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.files._clutter import nest, spread_years, without_copies
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

ARCHIVES = ["Archive", "Old_files", "Archived", "_old"]


class Options(SkillParams):
    flat: bool | None = None
    one_type: bool | None = None
    mode: Literal["move", "copy"] | None = None


class Params(Prepared):
    folder: str
    before: str
    before_text: str
    archive: str
    flat: bool
    only_ext: str | None
    mode: Literal["move", "copy"]


@register_workflow
class ArchiveOlder(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.archive_older", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "In {{ folder }}/, {% if mode == 'move' %}move{% else %}copy{% endif %} every {% if only_ext %}"
            "{{ only_ext }} {% endif %}file whose name carries a date (year and month) earlier than "
            "{{ before_text }} (before {{ before }}), at any depth, into the folder {{ folder }}/{{ archive }}/{% if flat %}, directly "
            "by file name (no subfolders){% else %}, keeping its folder path under it (a/b/x.pdf goes to "
            "{{ archive }}/a/b/x.pdf){% endif %}.{% if mode == 'copy' %} Leave the originals in place.{% endif %} "
            "Files dated {{ before_text }} or later, files with no date in their name{% if only_ext %} and files "
            "of other types{% endif %} stay where they are; keep names and contents.",
            "{{ folder }} is getting crowded with old stuff. Anything {% if only_ext %}{{ only_ext }} {% endif %}"
            "dated before {{ before_text }}, so {{ before }} (the date's in the file names, like 2023-05 or 20230514) should "
            "{% if mode == 'move' %}go into{% else %}also be copied into{% endif %} an {{ archive }} folder inside "
            "it{% if flat %}, all in one level, just the file names{% else %}, with the same subfolders as where "
            "it came from{% endif %}.{% if mode == 'copy' %} Don't move anything, I want the originals kept.{% endif %}"
            " Leave undated and newer files alone.",
            "{{ folder }}/: {{ mode }} {% if only_ext %}*{{ only_ext }} {% endif %}files dated < {{ before }} "
            "(date in name) -> {{ archive }}/{% if flat %} (flat){% else %} (keep paths){% endif %}; rest untouched.",
        ],
        criteria=["Every file dated before the month is in the archive folder, laid out as asked, unchanged.",
                  "Moved or copied as asked; every other file stays; nothing else is added."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A home folder of dated files")],
        checks=[CheckTemplate(func="tree.archived_before", bind={
            "before": "before", "archive": "archive", "flat": "flat", "only_ext": "only_ext", "mode": "mode"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        one_type = opts.one_type if opts.one_type is not None else ctx.rng.random() < 0.4
        while True:
            files = nest(ctx.rng, spread_years(ctx.rng, without_copies(make_tree(ctx.rng, ctx.faker))))
            only_ext = ".jpg" if one_type else None
            months = sorted({f"{d[0]}-{d[1]:02d}" for p in files if (d := name_date(p.rsplit("/", 1)[-1]))
                             and (not only_ext or p.endswith(only_ext))})
            if len(months) < 4:
                continue
            before = ctx.rng.choice(months[1:-1])
            year, month = before.split("-")
            params = Params(folder=ctx.rng.choice(["Home", "Shared", "Desktop", "Work"]), before=before,
                            before_text=f"{calendar.month_name[int(month)]} {year}",
                            archive=ctx.rng.choice(ARCHIVES),
                            flat=opts.flat if opts.flat is not None else ctx.rng.random() < 0.5,
                            only_ext=only_ext, mode=opts.mode or ctx.rng.choice(["move", "copy"]))
            rule = ArchivedBefore(folder=params.folder, **params.model_dump(
                include={"before", "archive", "flat", "only_ext", "mode"}))
            targets = [t for p in files if (t := archived_path(p, rule))]
            if len(targets) == len(set(targets)) and not set(targets) & set(files):
                return params.with_files(folder=pack_tree(files))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os, re, shutil
            root, archive, before = {lit(params.folder)}, {lit(params.archive)}, {lit(params.before)}
            only = {lit(params.only_ext)}
            date = re.compile(r"(?<!\\d)(20\\d\\d)[-_]?(0[1-9]|1[0-2])(?:[-_]?(0[1-9]|[12]\\d|3[01]))?(?!\\d)")
            chosen = []
            for folder, dirs, names in os.walk(root):
                for name in names:
                    found = date.search(name)
                    if found and f"{{found[1]}}-{{found[2]}}" < before and (not only or name.lower().endswith(only)):
                        chosen.append(os.path.relpath(os.path.join(folder, name), root))
            for rel in sorted(chosen):
                dst = os.path.join(root, archive, os.path.basename(rel) if {params.flat!r} else rel)
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                (shutil.copy2 if {lit(params.mode)} == "copy" else shutil.move)(os.path.join(root, rel), dst)
                print(rel, "->", os.path.relpath(dst, root))
        """
        return solution(
            shell_step(f"find {params.folder} -type f | sort", f"First I look at the dates in the names under "
                       f"{params.folder}/.", "List the tree"),
            script_step(script, f"I {params.mode} every file dated before {params.before_text} into "
                        f"{params.archive}/.", "Archive the old files"),
            shell_step(f"find {params.folder} -type f | sort", "Then I check the result.", "Check the tree"))
