"""Prune a folder of dated backups: keep the N newest, the latest of each month, or those since a
date (by the date in the folder names); delete the others or move them into a folder aside."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from forge.checks.tree_tidy import BackupsPruned, backup_dates, kept_backups
from forge.models import ReferenceSolution
from preparers.files import _filler
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

PROJECTS = ["Thesis", "Website", "Accounts", "Photos_db", "Novel", "Client_files"]
ASIDE = ["old_backups", "to_delete", "Archive"]
PARTS = ["chapters", "data", "notes", "drafts"]


class Options(SkillParams):
    keep: Literal["newest", "monthly", "since"] | None = None
    move_aside: bool | None = None


class Params(Prepared):
    folder: str
    keep: Literal["newest", "monthly", "since"]
    count: int | None
    since: str | None
    aside: str | None


@register_workflow
class PruneBackups(FolderWorkflow[Params]):
    states_values = ("count",)
    spec = WorkflowSpec(
        name="files.prune_backups", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "{{ folder }}/ holds one backup folder per date, named like Name_YYYY-MM-DD. Keep "
            "{% if keep == 'newest' %}only the {{ count }} most recent backups{% elif keep == 'monthly' %}only the "
            "latest backup of each calendar month{% else %}only the backups dated {{ since }} or later{% endif %} "
            "(by the date in the folder name) and {% if aside %}move every other backup folder, whole and under its "
            "own name, into {{ folder }}/{{ aside }}/{% else %}delete every other backup folder with its contents"
            "{% endif %}. Leave the kept backups and any other files exactly as they are.",
            "The backups in {{ folder }} are eating my disk. {% if keep == 'newest' %}I only need the last "
            "{{ count }} of them{% elif keep == 'monthly' %}One per month is enough: keep the most recent backup in "
            "each month{% else %}Anything from before {{ since }} can go; keep {{ since }} and after{% endif %} "
            "(the dates are in the folder names). {% if aside %}Don't delete the rest yet, just move those folders "
            "into a {{ aside }} folder in there{% else %}The rest you can delete{% endif %}.",
            "{{ folder }}/: keep {% if keep == 'newest' %}the {{ count }} newest{% elif keep == 'monthly' %}the "
            "latest per month{% else %}backups dated >= {{ since }}{% endif %} (date in dir name _YYYY-MM-DD); "
            "{% if aside %}mv the others into {{ aside }}/{% else %}rm -r the others{% endif %}.",
        ],
        criteria=["The backups the rule keeps are untouched; the others are gone (deleted or moved aside whole).",
                  "Nothing else is changed or added."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A folder of dated backups")],
        checks=[CheckTemplate(func="tree.backups_pruned", bind={
            "keep": "keep", "count": "count", "since": "since", "aside": "aside"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        project = rng.choice(PROJECTS)
        keep = opts.keep or rng.choice(["newest", "monthly", "since"])
        aside = opts.move_aside if opts.move_aside is not None else rng.random() < 0.5
        base = {f"{rng.choice(PARTS)}/{ctx.faker.word()}_{n}.txt": _filler(rng, rng.randrange(300, 6000), ".txt")
                for n in range(rng.randint(3, 6))}
        while True:
            start = dt.date(rng.choice([2024, 2025]), rng.randint(1, 8), 1)
            days = sorted({start + dt.timedelta(days=rng.randrange(120)) for _ in range(rng.randint(6, 10))})
            files: dict[str, bytes] = {"README.txt": f"Backups of {project}, one folder per date.\n".encode()}
            state = dict(base)
            for day in days:  # each backup: the project as it was that day
                path = rng.choice(sorted(state))
                state[path] = state[path] + f"edit {day:%Y-%m-%d}\n".encode()
                files |= {f"{project}_{day:%Y-%m-%d}/{p}": d for p, d in state.items()}
            pick = days[rng.randrange(2, len(days) - 1)]
            params = Params(folder=rng.choice(["Backups", "backup", f"{project}_backups"]), keep=keep,
                            count=rng.randint(2, max(2, len(days) - 3)) if keep == "newest" else None,
                            since=pick.isoformat() if keep == "since" else None,
                            aside=rng.choice(ASIDE) if aside else None)
            dates = backup_dates(sorted(files))
            kept = kept_backups(dates, BackupsPruned(folder=params.folder, keep=keep, count=params.count,
                                                     since=params.since, aside=params.aside))
            if kept and kept != set(dates):
                return params.with_files(folder=pack_tree(files))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os, re, shutil
            root, keep = {lit(params.folder)}, {lit(params.keep)}
            dated = {{}}
            for name in os.listdir(root):
                found = re.search(r"_(20\\d\\d-\\d\\d-\\d\\d)$", name)
                if found and os.path.isdir(os.path.join(root, name)):
                    dated[name] = found[1]
            newest_first = sorted(dated, key=lambda b: (dated[b], b), reverse=True)
            if keep == "newest":
                kept = set(newest_first[:{params.count!r}])
            elif keep == "since":
                kept = {{b for b in dated if dated[b] >= {lit(params.since)}}}
            else:
                months = {{}}
                for b in newest_first:
                    months.setdefault(dated[b][:7], b)
                kept = set(months.values())
            aside = {lit(params.aside)}
            for name in sorted(set(dated) - kept):
                if aside:
                    os.makedirs(os.path.join(root, aside), exist_ok=True)
                    shutil.move(os.path.join(root, name), os.path.join(root, aside, name))
                else:
                    shutil.rmtree(os.path.join(root, name))
                print("pruned", name)
            print("kept", sorted(kept))
        """
        return solution(
            shell_step(f"ls {params.folder}", f"First I list the backups in {params.folder}/ and their dates.",
                       "List the backups"),
            script_step(script, "I keep the backups the rule names and " + ("move the others aside."
                        if params.aside else "delete the others."), "Prune the backups"),
            shell_step(f"ls {params.folder}", "Then I check what is left.", "Check the folder"))
