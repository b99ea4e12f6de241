"""Report the duplicates in a folder tree before anyone deletes anything, as a duplicate finder shows
them: groups of files with identical content (copies saved twice, renamed or in another folder), or
files that share a name in different folders (which a flatten or a merge would clash on); every file
or only one kind; zero-byte files (failed downloads, placeholders) left out or counted; plain groups,
groups headed by their size, or a group,path,size CSV. Nothing is moved."""

from __future__ import annotations

import random
from pathlib import PurePosixPath
from typing import Literal

from faker import Faker

from forge.models import ReferenceSolution
from preparers.files import _filler, jpeg
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

By = Literal["content", "name"]
Format = Literal["groups", "sized", "csv"]
ROOTS = ["Old_laptop", "Family_photos", "Team_share", "Backup_drive", "Documents_sync", "Mum_s_PC"]
SUBFOLDERS = ["2022", "2023", "2024", "Imported", "Phone backup", "From Sam", "Scans", "Work", "Old stuff",
              "Desktop", "Downloads", "Holiday", "Taxes", "Shared with me"]
STEMS = {".jpg": ["IMG_{n}", "DSC_{n}", "PXL_{n}", "holiday_{n}", "birthday_{n}"],
         ".pdf": ["invoice_{n}", "statement_{n}", "ticket_{n}", "manual", "tax_return", "payslip_{n}"],
         ".docx": ["cv", "cover_letter", "minutes_{n}", "letter_{n}", "report_{n}"],
         ".xlsx": ["budget", "expenses_{n}", "timesheet_{n}", "inventory"],
         ".txt": ["notes", "todo", "readme", "passwords_hint", "log_{n}"]}
COPY_NAMES = ["{stem} (1){ext}", "Copy of {stem}{ext}", "{stem}_copy{ext}", "{stem} - Copy{ext}", "{stem}(2){ext}"]


class Options(SkillParams):
    by: By | None = None
    format: Format | None = None
    one_type: bool | None = None
    skip_empty: bool | None = None


class Params(Prepared):
    folder: str
    report: str
    by: By
    format: Format
    only: str | None
    skip_empty: bool


def _content(rng: random.Random, ext: str) -> bytes:
    return jpeg(rng, rng.randrange(1_500, 9_000)) if ext == ".jpg" else _filler(rng, rng.randrange(200, 7_000), ext)


def _name(rng: random.Random, ext: str) -> str:
    return rng.choice(STEMS[ext]).format(n=rng.randrange(10, 9999)) + ext


def make_folder(rng: random.Random, only: str) -> dict[str, bytes]:
    """Distinct files in subfolders, then copies of some (same name elsewhere, or renamed), files that
    only share a name, and zero-byte files: two of `only` (one named like a file elsewhere), two alike."""
    folders = rng.sample(SUBFOLDERS, rng.randint(3, 5))
    files: dict[str, bytes] = {}
    count = rng.randint(10, 15)
    while len(files) < count:
        ext = only if len(files) < 3 else rng.choice(sorted(STEMS))
        files.setdefault(f"{rng.choice(folders)}/{_name(rng, ext)}", _content(rng, ext))
    originals = sorted(files)
    picks = [p for p in originals if p.endswith(only)][:1] + rng.sample(originals, 3)
    for n, original in enumerate(dict.fromkeys(picks)):
        path = PurePosixPath(original)
        others = [f for f in folders if f != str(path.parent)]
        if n % 2 == 0:
            files[f"{rng.choice(others)}/{path.name}"] = files[original]
        else:
            files[f"{rng.choice(folders)}/{rng.choice(COPY_NAMES).format(stem=path.stem, ext=path.suffix)}"] = \
                files[original]
    clash = next(p for p in sorted(files, key=lambda _: rng.random()) if p.endswith(only))
    clash_path = PurePosixPath(clash)
    files[f"{rng.choice([f for f in folders if f != str(clash_path.parent)])}/{clash_path.name}"] = \
        _content(rng, only)
    empty_of = next(p for p in sorted(files, key=lambda _: rng.random()) if p.endswith(only))
    spare = [f for f in folders if f != str(PurePosixPath(empty_of).parent)]
    files.setdefault(f"{rng.choice(spare)}/{PurePosixPath(empty_of).name}", b"")
    files.setdefault(f"{rng.choice(folders)}/{_name(rng, only)}", b"")  # a download that failed
    blank = rng.choice(["notes.txt", "untitled.txt", "New Text Document.txt", "todo.txt"])
    for folder in rng.sample(folders, 2):
        files.setdefault(f"{folder}/{blank}", b"")
    return dict(sorted(files.items()))


@register_workflow
class DuplicateReport(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.duplicate_report", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "Find the {% if by == 'content' %}duplicate files (identical content, whatever their names){% else %}"
            "files that share a file name (exactly as written) with a file in another folder{% endif %} in "
            "{{ folder }}/ and its subfolders{% if only %}, looking only at {{ only }} files (any case){% endif %}"
            "{% if skip_empty %}, ignoring zero-byte files{% else %}; zero-byte files count like any other{% endif %}. "
            "Write them to {{ report }}: {% if format == 'csv' %}a CSV with columns group,path,size, one row per "
            "file, the groups numbered from 1{% else %}each group's files one per line{% if format == 'sized' %}, "
            "after a line '<size> bytes each:'{% endif %}, a blank line between groups{% endif %}. Paths inside "
            "{{ folder }}/, sorted within a group, groups in the order of their first path. Don't delete or move "
            "anything.",
            "Before I clean up {{ folder }} I'd like to see the {% if by == 'content' %}exact duplicates (same "
            "content, even where renamed){% else %}files with the same name in different folders{% endif %}"
            "{% if only %} among the {{ only }} files{% endif %}{% if skip_empty %}; leave out the empty (0 byte) "
            "files{% else %}, empty files included{% endif %}. Could you put them in {{ report }} "
            "{% if format == 'csv' %}as a CSV (group,path,size; group 1, 2, ...){% else %}as groups separated by "
            "a blank line, one path per line{% if format == 'sized' %}, each group under a '<size> bytes each:' "
            "line{% endif %}{% endif %}? Paths relative to the folder, sorted inside each group, groups ordered by "
            "their first path. Nothing should change in the folder.",
            "{{ folder }}/ (recursive{% if only %}, {{ only }} only{% endif %}{% if skip_empty %}, skip 0-byte files"
            "{% endif %}): groups of {% if by == 'content' %}identical files{% else %}same-named files{% endif %} "
            "-> {{ report }} ({% if format == 'csv' %}CSV group,path,size, groups numbered from 1{% else %}"
            "{% if format == 'sized' %}'<size> bytes each:' then {% endif %}one path a line, blank line between "
            "groups{% endif %}; relative paths sorted per group, groups by first path). Read-only.",
        ],
        criteria=["The report holds exactly the groups asked for, each sorted, in the order and format asked.",
                  "The folder is not changed."],
        files=[FileSlot(param="folder", type="tree", role="input", description="A folder tree with duplicates"),
               FileSlot(param="report", type="txt", types_by={"format": {"csv": "csv"}},
                        description="The duplicates report")],
        checks=[CheckTemplate(func="tree.duplicates_reported", paths={"file": "report"},
                              bind={"folder": "folder", "by": "by", "only": "only", "skip_empty": "skip_empty",
                                    "format": "format"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        by = opts.by or rng.choice(["content", "name"])
        fmt = opts.format or rng.choice(["groups", "csv"] + (["sized"] if by == "content" else []))
        one_type = opts.one_type if opts.one_type is not None else rng.random() < 0.5
        only = rng.choice(sorted(STEMS))
        report = rng.choice(["duplicates", "dupes", "duplicate_files", "same_names" if by == "name" else "copies"])
        params = Params(folder=rng.choice(ROOTS), report=f"{report}.{'csv' if fmt == 'csv' else 'txt'}", by=by,
                        format=fmt, only=only if one_type else None,
                        skip_empty=opts.skip_empty if opts.skip_empty is not None else rng.random() < 0.5)
        return params.with_files(folder=pack_tree(make_folder(rng, only)))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, hashlib, os
            root, only = {lit(params.folder)}, {params.only!r}
            groups = {{}}
            for d, _, names in os.walk(root):
                for n in names:
                    full = os.path.join(d, n)
                    size = os.path.getsize(full)
                    if (only and os.path.splitext(n)[1].lower() != only) or ({params.skip_empty!r} and size == 0):
                        continue
                    key = hashlib.sha256(open(full, "rb").read()).hexdigest() if {lit(params.by)} == "content" else n
                    groups.setdefault(key, []).append((os.path.relpath(full, root), size))
            found = sorted(sorted(g) for g in groups.values() if len(g) > 1)
            with open({lit(params.report)}, "w", newline="", encoding="utf-8") as out:
                if {lit(params.format)} == "csv":
                    rows = [(i, p, s) for i, g in enumerate(found, 1) for p, s in g]
                    csv.writer(out, lineterminator="\\n").writerows([("group", "path", "size")] + rows)
                else:
                    blocks = [([f"{{g[0][1]}} bytes each:"] if {lit(params.format)} == "sized" else [])
                              + [p for p, _ in g] for g in found]
                    out.write("\\n\\n".join("\\n".join(b) for b in blocks) + "\\n")
            print(len(found), "groups")
        """
        return solution(
            shell_step(f"find {lit(params.folder)} -type f -printf '%s %p\\n' | sort -k2 | head -80",
                       "First I look at what the folder holds and how big each file is.", "List the files"),
            script_step(script, f"I group the files {'by their SHA-256' if params.by == 'content' else 'by name'} "
                        "and write the groups of two or more.", "Write the report"),
            shell_step(f"cat {lit(params.report)}", "Then I read the report back.", "Check the report"))
