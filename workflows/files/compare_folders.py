"""Compare a folder with its copy on a stick or a drive and report what differs: the files only in
one or only in the other and (by content) those in both that differ, temporary files counted or
ignored; as a text report in headed sections or as a path,status CSV. Nothing is changed."""

from __future__ import annotations

from typing import Literal

from forge.checks.tree_rules import TEMP_PATTERNS
from forge.models import ReferenceSolution
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.files._sync import PROJECTS, project, stale_copy, with_junk
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Format = Literal["sections", "csv"]
DRIVES = ["USB_stick", "Backup_drive", "Old_laptop"]


class Options(SkillParams):
    format: Format | None = None
    by_content: bool | None = None
    skip_temp: bool | None = None


class Params(Prepared):
    folder: str
    left: str
    right: str
    report: str
    format: Format
    by_content: bool
    skip_temp: bool


@register_workflow
class CompareFolders(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.compare_folders", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "Compare {{ folder }}/{{ left }}/ with {{ folder }}/{{ right }}/ (subfolders included) and write "
            "{{ report }}: {% if format == 'sections' %}a line 'Only in {{ left }}:' followed by the files only the "
            "first has, then a line 'Only in {{ right }}:' followed by the files only the second has{% if by_content "
            "%}, then a line 'Different:' followed by the files both have with different contents{% endif %}; each "
            "list sorted, a heading kept even when its list is empty{% else %}a CSV with the columns path and status, "
            "one row per file only in {{ left }} (status 'only in {{ left }}'), only in {{ right }} (status 'only in "
            "{{ right }}'){% if by_content %} or in both with different contents (status 'different'){% endif %}, "
            "sorted by path{% endif %}. Give each file's path inside its folder (e.g. notes/a.txt).{% if not "
            "by_content %} Compare by name only; files in both count as the same.{% endif %}{% if skip_temp %} Ignore "
            "temporary and system files (*.tmp, *~, ~$*, .DS_Store, Thumbs.db, *.part, *.crdownload) on both sides."
            "{% endif %} Don't change either folder.",
            "Before I wipe my {{ right }} copy I want to know how it differs from {{ folder }}/{{ left }}. Could you "
            "write me {{ report }}? {% if format == 'sections' %}{% if by_content %}Three{% else %}Two{% endif %} "
            "plain lists, please: under a heading 'Only in "
            "{{ left }}:' what's missing from the copy, under 'Only in {{ right }}:' what only the copy has"
            "{% if by_content %}, and under 'Different:' the files whose contents don't match{% endif %} (sorted, "
            "paths inside the folder){% else %}A CSV with columns path and status: status 'only in {{ left }}', "
            "'only in {{ right }}'{% if by_content %} or 'different' (same path, other contents){% endif %}, sorted by "
            "path, paths inside the folder{% endif %}.{% if not by_content %} I only care which files exist where, "
            "not whether they match.{% endif %}{% if skip_temp %} Skip the junk (temp files, ~ backups, ~$ lock files, "
            ".DS_Store, Thumbs.db, partial downloads).{% endif %} The copy is at {{ folder }}/{{ right }}.",
            "{{ folder }}/: diff -rq {{ left }}/ {{ right }}/ -> {{ report }} ({% if format == 'sections' %}sections "
            "'Only in {{ left }}:', 'Only in {{ right }}:'{% if by_content %}, 'Different:'{% endif %}, sorted paths"
            "{% else %}csv path,status in {'only in {{ left }}', 'only in {{ right }}'{% if by_content %}, 'different'"
            "{% endif %}}, sorted by path{% endif %}; relative paths{% if not by_content %}; names only{% endif %}"
            "{% if skip_temp %}; exclude *.tmp *~ ~$* .DS_Store Thumbs.db *.part *.crdownload{% endif %}).",
        ],
        criteria=["The report lists exactly the files only in each folder (and, by content, those that differ), "
                  "sorted, in the format asked.", "Neither folder is changed."],
        files=[FileSlot(param="folder", type="tree", role="input",
                        description="A folder and an out-of-date copy of it"),
               FileSlot(param="report", type="txt", types_by={"format": {"csv": "csv"}},
                        description="The comparison report")],
        checks=[CheckTemplate(func="tree.folders_compared", bind={
            "folder": "folder", "left": "left", "right": "right", "format": "format", "by_content": "by_content",
            "skip_temp": "skip_temp"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        left = rng.choice(PROJECTS)
        right = f"{rng.choice(DRIVES)}/{left}"
        fmt: Format = opts.format or rng.choice(["sections", "csv"])
        params = Params(folder=rng.choice(["Home", "Work", "Documents"]), left=left, right=right,
                        report=rng.choice(["folder_diff", "differences", "compare_report"])
                        + (".csv" if fmt == "csv" else ".txt"), format=fmt,
                        by_content=opts.by_content if opts.by_content is not None else rng.random() < 0.5,
                        skip_temp=opts.skip_temp if opts.skip_temp is not None else rng.random() < 0.5)
        files = project(rng, ctx.faker)
        tree = {f"{left}/{p}": d for p, d in with_junk(rng, files).items()}
        tree |= {f"{right}/{p}": d for p, d in stale_copy(rng, files, ctx.faker).items()}
        return params.with_files(folder=pack_tree(tree))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, filecmp, fnmatch, os
            root, left, right = {lit(params.folder)}, {lit(params.left)}, {lit(params.right)}
            temp, skip_temp = {lit(list(TEMP_PATTERNS))}, {params.skip_temp!r}
            def files(top):
                found = set()
                for folder, dirs, names in os.walk(os.path.join(root, top)):
                    for name in names:
                        if not (skip_temp and any(fnmatch.fnmatchcase(name, t) for t in temp)):
                            found.add(os.path.relpath(os.path.join(folder, name), os.path.join(root, top)))
                return found
            a, b = files(left), files(right)
            groups = [("only in " + left, sorted(a - b)), ("only in " + right, sorted(b - a))]
            if {params.by_content!r}:
                groups.append(("different", sorted(p for p in a & b if not filecmp.cmp(
                    os.path.join(root, left, p), os.path.join(root, right, p), shallow=False))))
            with open({lit(params.report)}, "w", newline="") as out:
                if {lit(params.format)} == "csv":
                    rows = sorted((p, status) for status, paths in groups for p in paths)
                    csv.writer(out).writerows([["path", "status"], *rows])
                else:
                    for status, paths in groups:
                        out.write(status[0].upper() + status[1:] + ":\\n" + "".join(p + "\\n" for p in paths))
            print({{status: len(paths) for status, paths in groups}})
        """
        return solution(
            shell_step(f"diff -rq {params.folder}/{params.left} {params.folder}/{params.right} || true",
                       "First I let diff show me roughly how the two folders differ.", "Compare the folders"),
            script_step(script, f"I list both sides, group the paths and write {params.report}.", "Write the report"),
            shell_step(f"cat {params.report}", "Then I read the report back.", "Check the report"))
