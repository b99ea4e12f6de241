"""Tree checks for numbered series with gaps (a scanner that skipped pages, exports deleted along
the way): `scan_001.pdf` ... each series being the files at the top of the folder with the same
text before their number and the same extension, numbered from 1. The missing names listed, or the
series renumbered 1..N in order with the same zero padding, in place or as copies in a folder. The
folder is in place: the check works out the whole folder from the original archive and accounts for
every file (`tree_rules.compare_trees`).
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import tree_view
from forge.checks.tree_reports import folder_contents
from forge.checks.tree_rules import compare_trees, place_entry
from forge.errors import CheckError
from forge.views import Entry

_NUMBERED = re.compile(r"^(?P<prefix>[^/]*?)(?P<num>\d+)(?P<ext>\.[A-Za-z0-9]+)$")


class SequenceGaps(CheckOptions):
    folder: OutputPath = Field(description="The folder of numbered files (in place).")
    action: Literal["report", "renumber"] = Field(description="report: the missing names listed; renumber: each "
                                                              "series renamed 1..N in order, same padding.")
    report: str | None = Field(default=None, description="report: the file in `folder` listing the missing names, "
                                                         "one per line, by series then number.")
    target: str | None = Field(default=None, description="renumber: copies go into this folder; None: in place.")


def series(paths: list[str]) -> dict[tuple[str, str], dict[int, str]]:
    """(prefix, extension) -> number -> path, for the top-level numbered files."""
    found: dict[tuple[str, str], dict[int, str]] = {}
    for path in paths:
        if (m := _NUMBERED.match(path)) is not None:
            found.setdefault((m["prefix"], m["ext"]), {})[int(m["num"])] = path
    return found


def _width(files: dict[int, str], prefix: str) -> int:
    return len(files[min(files)]) - len(prefix) - len(files[min(files)].rsplit(".", 1)[1]) - 1


@register_check("tree.sequence_gaps", SequenceGaps, source="tree", view="tree")
def sequence_gaps(state: FinalState, opts: SequenceGaps) -> Verdict:
    """With report, the report lists exactly the missing names of every series (numbers from 1 up to
    its highest, written with the series' padding), by series then number, and nothing else changes;
    with renumber, each series' files in number order are named 1..N with the same padding, in place
    or as copies in `target`; everything else stays as it was."""
    before = tree_view(state, opts.folder, original=True).files()
    found = series(sorted(before))
    missing = [f"{prefix}{n:0{_width(files, prefix)}d}{ext}" for (prefix, ext), files in sorted(found.items())
               for n in range(1, max(files) + 1) if n not in files]
    if not missing:
        raise CheckError(f"no numbered series in {opts.folder}/ has a gap: the task is empty")
    after = tree_view(state, opts.folder).files()
    if opts.action == "report":
        if not opts.report or opts.report not in after:
            return Verdict.of(False, f"{opts.folder}/{opts.report} does not exist")
        text = folder_contents(state, opts.folder)[opts.report].decode("utf-8", "replace")
        got = [line.strip() for line in text.splitlines() if line.strip()]
        if got != missing:
            return Verdict.of(False, f"{opts.folder}/{opts.report} lists {got[:8]}, expected the missing names "
                              f"{missing[:8]} ({len(missing)}, by series then number)")
        return compare_trees({p: e for p, e in after.items() if p != opts.report}, before, opts.folder,
                             f"{len(missing)} gaps listed")
    expected: dict[str, Entry] = {p: e for p, e in before.items()
                                  if opts.target or not any(p in files.values() for files in found.values())}
    for (prefix, ext), files in sorted(found.items()):
        width = _width(files, prefix)
        for n, number in enumerate(sorted(files), start=1):
            name = f"{prefix}{n:0{width}d}{ext}"
            place_entry(expected, f"{opts.target}/{name}" if opts.target else name, before[files[number]],
                        opts.folder)
    return compare_trees(after, expected, opts.folder, f"{len(found)} series renumbered")
