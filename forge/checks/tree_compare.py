"""Tree checks for a report comparing two folders (a laptop's copy and a stick's, before and after a
restore): the files only in one, only in the other, and (by content) those in both that differ,
with temporary files counted or ignored; as a text report in headed sections or a CSV of path and
status. The folders are only read; the expected report is worked out from the original archive.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Literal

from pydantic import Field

from forge.checks._compare import text
from forge.checks.source import output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import TreeReport
from forge.checks.tree_reports import files_unchanged
from forge.checks.tree_sync import is_temp
from forge.errors import CheckError
from forge.views import Entry, TableView, TextView


class FoldersCompared(TreeReport):
    left: str = Field(description="The first folder's path inside `folder`.")
    right: str = Field(description="The second folder's path inside `folder`.")
    format: Literal["sections", "csv"] = Field(
        description="sections: 'Only in <left>:', then 'Only in <right>:', then (by content) 'Different:', each "
                    "heading followed by its paths, sorted; csv: columns path,status, one row per path sorted by "
                    "path, status 'only in <left>', 'only in <right>' or 'different'.")
    by_content: bool = Field(default=True, description="Files in both whose contents differ are listed too.")
    skip_temp: bool = Field(default=False, description="Temporary and system files are left out on both sides.")


def _side(before: dict[str, Entry], prefix: str, skip_temp: bool) -> dict[str, Entry]:
    return {p[len(prefix) + 1:]: e for p, e in before.items() if p.startswith(prefix + "/")
            and not (skip_temp and is_temp(PurePosixPath(p).name))}


def comparison(before: dict[str, Entry], opts: FoldersCompared) -> list[tuple[str, list[str]]]:
    """(status, sorted paths) per group, in report order."""
    left, right = _side(before, opts.left, opts.skip_temp), _side(before, opts.right, opts.skip_temp)
    groups = [(f"only in {opts.left}", sorted(set(left) - set(right))),
              (f"only in {opts.right}", sorted(set(right) - set(left)))]
    if opts.by_content:
        groups.append(("different", sorted(p for p in set(left) & set(right) if left[p].sha256 != right[p].sha256)))
    return groups


def _sections(state: FinalState, opts: FoldersCompared, groups: list[tuple[str, list[str]]]) -> Verdict | None:
    expected = [line for status, paths in groups for line in [f"{status[0].upper()}{status[1:]}:", *paths]]
    got = [line.strip().removeprefix("./") for line in output_view(state, opts.file, TextView).lines if line.strip()]
    for n, (want, have) in enumerate(zip(expected, got, strict=False), start=1):
        if have != want:
            return Verdict.of(False, f"line {n} of {opts.file} (blank lines aside) is {have!r}, expected {want!r}")
    if len(got) != len(expected):
        where = f"{got[len(expected)]!r} is one too many" if len(got) > len(expected) else \
            f"{expected[len(got)]!r} is missing"
        return Verdict.of(False, f"{opts.file} has {len(got)} lines (blank lines aside), expected {len(expected)}: "
                          f"{where}")
    return None


def _csv(state: FinalState, opts: FoldersCompared, groups: list[tuple[str, list[str]]]) -> Verdict | None:
    table = output_view(state, opts.file, TableView).get()
    if [text(h).casefold() for h in table.header] != ["path", "status"]:
        return Verdict.of(False, f"{opts.file} has columns {table.header}, expected ['path', 'status']")
    expected = sorted((path, status) for status, paths in groups for path in paths)
    body = [(text(r[0]).removeprefix("./"), text(r[1]).casefold()) for r in table.body if any(v is not None for v in r)]
    for n, (want, have) in enumerate(zip(expected, body, strict=False), start=2):
        if have != (want[0], want[1].casefold()):
            return Verdict.of(False, f"row {n} of {opts.file} is {list(have)}, expected {list(want)}")
    if len(body) != len(expected):
        return Verdict.of(False, f"{opts.file} has {len(body)} rows, expected {len(expected)}")
    return None


@register_check("tree.folders_compared", FoldersCompared, source="tree", view="tree")
def folders_compared(state: FinalState, opts: FoldersCompared) -> Verdict:
    """The report lists exactly the files (paths inside their folder) only in the first folder, only
    in the second and, by content, in both but different, sorted by path, in the format asked (headed
    sections in that order, or a path,status CSV sorted by path); the folders are unchanged."""
    before, changed = files_unchanged(state, opts.folder)
    if changed:
        return Verdict.of(False, changed)
    groups = comparison(before, opts)
    if not any(paths for _, paths in groups):
        raise CheckError(f"{opts.left}/ and {opts.right}/ hold the same files: the task is empty")
    failure = (_sections if opts.format == "sections" else _csv)(state, opts, groups)
    return failure or Verdict.of(True, ", ".join(f"{len(p)} {s}" for s, p in groups))
