"""Back a folder up into a dated folder beside the earlier backups: a full copy, or only the files
new or changed since the last backup; temporary and system files copied too or left out."""

from __future__ import annotations

import datetime as dt
import random

from forge.checks.tree_rules import TEMP_PATTERNS
from forge.models import ReferenceSolution
from preparers.files import _filler
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.files._clutter import JUNK
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

PROJECTS = ["Thesis", "Novel", "Website", "Accounts_2024", "Grant_application"]
PARTS = ["chapters", "figures", "data", "drafts", "notes"]
EXTS = [".docx", ".txt", ".csv", ".pdf", ".md", ".xlsx"]


class Options(SkillParams):
    skip_temp: bool | None = None
    changed_only: bool | None = None


class Params(Prepared):
    folder: str
    source: str
    backup: str
    date_text: str
    skip_temp: bool
    changed_since: str | None


def _project(rng: random.Random, faker) -> dict[str, bytes]:  # type: ignore[no-untyped-def]
    files: dict[str, bytes] = {}
    for part in rng.sample(PARTS, rng.randint(2, 4)):
        for _ in range(rng.randint(2, 5)):
            ext = rng.choice(EXTS)
            files[f"{part}/{faker.word()}_{rng.randint(1, 30)}{ext}"] = _filler(rng, rng.randrange(500, 20_000), ext)
    for name in ["README.md", "todo.txt"][: rng.randint(1, 2)]:
        files[name] = faker.paragraph(nb_sentences=4).encode()
    return files


@register_workflow
class DatedBackup(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.dated_backup", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "Make today's ({{ date_text }}) backup of {{ folder }}/{{ source }}/: copy {% if changed_since %}the "
            "files that are new or changed since the last backup, {{ folder }}/{{ changed_since }}/ (compare by "
            "content at the same path),{% else %}all of its files{% endif %} into the new folder "
            "{{ folder }}/{{ backup }}/, keeping their paths inside {{ source }}/.{% if skip_temp %} Leave out "
            "temporary and system files (*.tmp, *~, ~$*, .DS_Store, Thumbs.db, *.part, *.crdownload).{% else %} "
            "Copy every file as it is, temporary ones included.{% endif %} Do not change {{ source }}/ or the "
            "earlier backups.",
            "Could you back up my {{ source }} folder? The backups live in {{ folder }}, one "
            "folder per date; today's should be {{ backup }}. {% if changed_since %}"
            "To save space only copy what's new or different compared with the most recent one "
            "({{ changed_since }}), same subfolders.{% else %}A full copy, same subfolders."
            "{% endif %}{% if skip_temp %} No need for the junk (.tmp files, ~ backups, ~$ lock files, .DS_Store, "
            "Thumbs.db, partial downloads).{% endif %} Please don't touch the originals or the old backups.",
            "{{ folder }}/: backup {{ source }}/ -> {{ backup }}/ ({% if changed_since %}only files new/changed vs "
            "{{ changed_since }}/{% else %}full copy{% endif %}{% if skip_temp %}, excluding temp/system files"
            "{% endif %}); keep relative paths; originals and old backups untouched.",
        ],
        criteria=["The backup folder holds the files asked for under their paths, unchanged.",
                  "The source and the earlier backups are untouched; nothing else is added."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A home folder with a project "
                                                                                  "and its earlier backups")],
        checks=[CheckTemplate(func="tree.backed_up", bind={
            "source": "source", "backup": "backup", "skip_temp": "skip_temp", "changed_since": "changed_since"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        source = rng.choice(PROJECTS)
        files = _project(rng, ctx.faker)
        for name in rng.sample(JUNK, rng.randint(2, 4)):
            files[f"{rng.choice(['', *sorted({p.split('/')[0] for p in files if '/' in p})])}/{name}".lstrip("/")] = \
                rng.randbytes(rng.randint(20, 600))
        today = dt.date(rng.choice([2024, 2025]), rng.randint(1, 12), rng.randint(1, 28))
        dates = sorted({today - dt.timedelta(days=rng.randint(3, 60)) for _ in range(rng.randint(1, 3))})
        backups = rng.choice(["Backups", "backup", "Backups/" + source])
        name = lambda d: f"{backups}/{source}_{d:%Y-%m-%d}"  # noqa: E731
        tree = {f"{source}/{p}": d for p, d in files.items()}
        last = dict(files)
        for n, day in enumerate(dates):  # earlier backups: the project as it was, then edited since
            old = {p: d for p, d in files.items() if rng.random() < 0.85}
            for p in rng.sample(sorted(old), max(2, len(old) // 3)):
                old[p] = old[p][: len(old[p]) // 2] + b"(older version)\n"
            tree |= {f"{name(day)}/{p}": d for p, d in old.items()}
            last = old
        skip_temp = opts.skip_temp if opts.skip_temp is not None else rng.random() < 0.5
        changed = opts.changed_only if opts.changed_only is not None else rng.random() < 0.5
        if changed and all(last.get(p) == d for p, d in files.items()):
            files[f"notes/added_{today:%m%d}.txt"] = b"new notes\n"
            tree[f"{source}/notes/added_{today:%m%d}.txt"] = b"new notes\n"
        params = Params(folder=rng.choice(["Home", "Work", "Documents"]), source=source, backup=name(today),
                        date_text=today.isoformat(), skip_temp=skip_temp,
                        changed_since=name(dates[-1]) if changed else None)
        return params.with_files(folder=pack_tree(tree))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import filecmp, fnmatch, os, shutil
            root = {lit(params.folder)}
            src, dst = os.path.join(root, {lit(params.source)}), os.path.join(root, {lit(params.backup)})
            last = os.path.join(root, {lit(params.changed_since)}) if {lit(params.changed_since)} else None
            temp = {lit(list(TEMP_PATTERNS))}
            for folder, dirs, names in os.walk(src):
                for name in sorted(names):
                    rel = os.path.relpath(os.path.join(folder, name), src)
                    if {params.skip_temp!r} and any(fnmatch.fnmatchcase(name, t) for t in temp):
                        continue
                    if last and os.path.isfile(os.path.join(last, rel)) and filecmp.cmp(
                            os.path.join(src, rel), os.path.join(last, rel), shallow=False):
                        continue
                    os.makedirs(os.path.dirname(os.path.join(dst, rel)), exist_ok=True)
                    shutil.copy2(os.path.join(src, rel), os.path.join(dst, rel))
                    print("copied", rel)
        """
        return solution(
            shell_step(f"ls -la {params.folder} && find {params.folder}/{params.source} -type f | sort",
                       f"First I look at {params.source}/ and the backups so far.", "List the folders"),
            script_step(script, f"I copy the files into {params.backup}/.", "Make the backup"),
            shell_step(f"find {params.folder}/{params.backup} -type f | sort", "Then I check the backup.",
                       "Check the backup"))
