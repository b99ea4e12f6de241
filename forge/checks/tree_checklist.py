"""Tree checks for a delivery folder checked against the checklist a client sent: the entries no file
answers (in the list's order, as written) and, when asked, the files no entry names (sorted by path);
entries as paths inside the folder, or as bare file names in any case found anywhere in it; reported
in headed sections or as an item,status CSV. The folder and the list are only read; the expected
report is worked out from the original archive and the list (read through the text view).
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Literal

from pydantic import Field

from forge.checks._compare import text
from forge.checks.source import input_view, output_view
from forge.checks.spec import InputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import TreeReport
from forge.checks.tree_reports import files_unchanged
from forge.errors import CheckError
from forge.views import TableView, TextView

MISSING, EXTRA = "Missing", "Not on the list"


class ChecklistReport(TreeReport):
    checklist: InputPath = Field(description="The checklist: one entry per line; blank lines and # lines skipped.")
    loose: bool = Field(default=False, description="Entries are bare file names in any case, found anywhere in "
                                                   "the folder; else paths inside the folder ('./' allowed).")
    extras: bool = Field(default=False, description="The files no entry names are reported too.")
    format: Literal["sections", "csv"] = Field(description=(
        "sections: 'Missing:' then the entries no file answers, in the list's order, (with extras) then 'Not on "
        "the list:' then those files' paths, sorted; csv: columns item,status, the missing entries (status "
        "'missing') then (with extras) the files (status 'not on the list'), in that order."))


def checklist_groups(state: FinalState, opts: ChecklistReport, paths: list[str]) -> list[tuple[str, list[str]]]:
    """(heading, items) in report order: the unanswered entries, then the unlisted files with extras."""
    def key(path: str) -> str:
        return PurePosixPath(path).name.casefold() if opts.loose else path

    entries = [line.strip() for line in input_view(state, opts.checklist, TextView).lines]
    entries = [e for e in entries if e and not e.startswith("#")]
    wanted = {e.casefold() if opts.loose else e.removeprefix("./") for e in entries}
    found = {key(p) for p in paths}
    groups = [(MISSING, [e for e in entries if (e.casefold() if opts.loose else e.removeprefix("./")) not in found])]
    if opts.extras:
        groups.append((EXTRA, sorted(p for p in paths if key(p) not in wanted)))
    return groups


def _report_lines(state: FinalState, opts: ChecklistReport) -> list[list[str]]:
    if opts.format == "sections":
        return [[line.strip()] for line in output_view(state, opts.file, TextView).lines if line.strip()]
    table = output_view(state, opts.file, TableView).get()
    return [[text(h).casefold() for h in table.header],
            *[[text(r[0]), text(r[1]).casefold()] for r in table.body if any(v is not None for v in r)]]


@register_check("tree.checklist_report", ChecklistReport, source="tree", view="tree")
def checklist_report(state: FinalState, opts: ChecklistReport) -> Verdict:
    """The report gives exactly the checklist's entries that no file answers (in the list's order, as
    written) and, with extras, the files no entry names (sorted by path), in the format asked, down to
    the last line; the folder is unchanged."""
    before, changed = files_unchanged(state, opts.folder)
    if changed:
        return Verdict.of(False, changed)
    groups = checklist_groups(state, opts, sorted(before))
    if not any(items for _, items in groups):
        raise CheckError(f"every entry of {opts.checklist} has its file and nothing else is there: the task is empty")
    if opts.format == "sections":
        expected = [[line] for heading, items in groups for line in [f"{heading}:", *items]]
    else:
        expected = [["item", "status"], *[[item, heading.casefold()] for heading, items in groups for item in items]]
    got = _report_lines(state, opts)
    for n, (want, have) in enumerate(zip(expected, got, strict=False), start=1):
        if have != want:
            return Verdict.of(False, f"line {n} of {opts.file} (blank lines aside) is {have}, expected {want}")
    if len(got) != len(expected):
        return Verdict.of(False, f"{opts.file} has {len(got)} lines (blank lines aside), expected {len(expected)}")
    return Verdict.of(True, ", ".join(f"{len(items)} {heading.casefold()}" for heading, items in groups))
