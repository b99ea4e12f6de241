"""Tree checks for a duplicates report written before anyone deletes anything (what fdupes or a
duplicate finder shows): the groups of files with identical content, or of files sharing a file name
in different folders; every file or only one kind; zero-byte files left out or counted. The groups
are worked out from the folder as the task gave it; the folder is only read.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import PurePosixPath
from typing import Literal

from pydantic import Field

from forge.checks._compare import text
from forge.checks.source import output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import TreeReport
from forge.checks.tree_reports import files_unchanged
from forge.errors import CheckError
from forge.views import Entry, TableView, TextView

CSV_HEADER = ["group", "path", "size"]


class DuplicatesReported(TreeReport):
    by: Literal["content", "name"] = Field(description="content: identical bytes; name: the same file name "
                                                       "(exactly as written) in different folders.")
    only: str | None = Field(default=None, description="Only files with this extension (any case), e.g. '.jpg'.")
    skip_empty: bool = Field(default=False, description="Zero-byte files are left out altogether.")
    format: Literal["groups", "sized", "csv"] = Field(description=(
        "groups: each group's paths one per line, a blank line between groups; sized: the same, each group "
        "headed by '<bytes> bytes each:'; csv: columns group,path,size, groups numbered from 1. Paths inside "
        "the folder, sorted within a group, groups ordered by their first path."))


def duplicate_groups(files: dict[str, Entry], opts: DuplicatesReported) -> list[list[Entry]]:
    """The groups of two or more files, each sorted by path, ordered by their first path."""
    groups: dict[str, list[Entry]] = defaultdict(list)
    for path, entry in files.items():
        if opts.only and PurePosixPath(path).suffix.lower() != opts.only.lower():
            continue
        if opts.skip_empty and entry.size == 0:
            continue
        groups[(entry.sha256 or "") if opts.by == "content" else PurePosixPath(path).name].append(entry)
    found = [sorted(group, key=lambda e: e.path) for group in groups.values() if len(group) > 1]
    return sorted(found, key=lambda group: group[0].path)


def _expected_lines(groups: list[list[Entry]], opts: DuplicatesReported) -> list[list[str]]:
    if opts.format == "csv":
        return [CSV_HEADER, *[[str(n), e.path, str(e.size)] for n, group in enumerate(groups, start=1)
                              for e in group]]
    lines: list[list[str]] = []
    for group in groups:
        lines += [[""]] if lines else []
        lines += [[f"{group[0].size} bytes each:"]] if opts.format == "sized" else []
        lines += [[e.path] for e in group]
    return lines


def _relative(path: str, folder: str) -> str:
    return path.removeprefix("./").removeprefix(f"{folder}/")


def _report_lines(state: FinalState, opts: DuplicatesReported) -> list[list[str]]:
    if opts.format == "csv":
        table = output_view(state, opts.file, TableView).get()
        rows = [r for r in table.body if any(v is not None and text(v) for v in r)]
        return [[text(h).casefold() for h in table.header],
                *[[text(r[0]), _relative(text(r[1]), opts.folder), *[text(v) for v in r[2:]]] for r in rows]]
    lines = [line.strip() for line in output_view(state, opts.file, TextView).lines]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    kept = [line for n, line in enumerate(lines) if line or (n and lines[n - 1])]  # runs of blanks as one
    return [[_relative(line, opts.folder) if line and not line.endswith(" each:") else line] for line in kept]


@register_check("tree.duplicates_reported", DuplicatesReported, source="tree", view="tree")
def duplicates_reported(state: FinalState, opts: DuplicatesReported) -> Verdict:
    """The report gives exactly the groups of duplicates asked for (by content or by name, of one kind
    or all, zero-byte files out or in), each group's paths sorted, groups by their first path, in the
    format asked, down to the last line; the folder is unchanged."""
    if opts.format == "sized" and opts.by == "name":
        raise CheckError("files sharing a name differ in size: a 'bytes each' report asks for content groups")
    before, changed = files_unchanged(state, opts.folder)
    if changed:
        return Verdict.of(False, changed)
    groups = duplicate_groups(before, opts)
    if not groups:
        raise CheckError(f"{opts.folder}/ holds no duplicates of the kind asked: the task is empty")
    expected, got = _expected_lines(groups, opts), _report_lines(state, opts)
    for n, (want, have) in enumerate(zip(expected, got, strict=False), start=1):
        if have != want:
            return Verdict.of(False, f"line {n} of {opts.file} is {have}, expected {want}")
    if len(got) != len(expected):
        return Verdict.of(False, f"{opts.file} has {len(got)} lines, expected {len(expected)} "
                          f"({len(groups)} groups)")
    return Verdict.of(True, f"{len(groups)} groups of duplicates ({sum(map(len, groups))} files) reported")
