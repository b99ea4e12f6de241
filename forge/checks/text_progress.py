"""Checks over a progress report of a markdown plan's checklists (`- [x]` done, `- [ ]` open) per
section, as a project lead sends before a status meeting: `Section: done/total` or `Section: N%`
(rounded half up to a whole percent), for every section with items, only the unfinished ones, or
every one then a Total row.

Sections are the level-2 headings; items are list lines starting `- [ ]` or `- [x]` (or `*`,
`X`) outside code fences. Rows compare in document order, names ignoring case and outer spaces.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks._line_entries import named_rows_diff
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TextView

Form = Literal["fraction", "percent"]
Which = Literal["all", "unfinished", "total"]
_ITEM = re.compile(r"^\s*[-*+]\s+\[([ xX])\]\s+\S")
_ROW = re.compile(r"^\s*(.+?)\s*:\s*(\d+\s*/\s*\d+|\d+\s*%)\s*$")


def progress(view: TextView) -> list[tuple[str, int, int]]:
    """(section, done, total) per level-2 section that has checklist items, in document order."""
    heads = {h.line: h for h in view.headings if h.level == 2}
    rows: list[list] = []
    fenced = False
    for number, line in enumerate(view.lines, start=1):
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        elif number in heads:
            rows.append([heads[number].text.strip(), 0, 0])
        elif rows and not fenced and (item := _ITEM.match(line)):
            rows[-1][1] += item.group(1) != " "
            rows[-1][2] += 1
    return [(name, done, total) for name, done, total in rows if total]


def shown(done: int, total: int, form: Form) -> str:
    """`done/total`, or the share as a whole percent rounded half up."""
    return f"{done}/{total}" if form == "fraction" else f"{(200 * done + total) // (2 * total)}%"


class ChecklistProgress(CheckOptions):
    file: OutputPath
    input_file: InputPath
    form: Form = Field(description="fraction: `done/total`; percent: the done share as a whole percent, half up.")
    which: Which = Field(description="all sections with items; unfinished: those with an open item; total: all, "
                         "then a Total row over every item.")


@register_check("text.checklist_progress", ChecklistProgress, view="text")
def checklist_progress(state: FinalState, opts: ChecklistProgress) -> Verdict:
    """One `Section: progress` line per section asked, in document order, each with its ticked and
    total items in the form asked (then a Total row if asked), and nothing else."""
    rows = progress(input_view(state, opts.input_file, TextView))
    if opts.which == "unfinished":
        rows = [r for r in rows if r[1] < r[2]]
    if opts.which == "total":
        rows = [*rows, ("Total", sum(r[1] for r in rows), sum(r[2] for r in rows))]
    if not rows:
        raise CheckError(f"{opts.input_file} has no checklist to report; not for this check")
    want = [(name, shown(done, total, opts.form)) for name, done, total in rows]
    got = []
    for line in (x for x in output_view(state, opts.file, TextView).lines if x.strip()):
        match = _ROW.match(line)
        if match is None:
            return Verdict.of(False, f"{opts.file}: line {line[:60]!r} is not 'Section: progress'")
        got.append((match.group(1), re.sub(r"\s+", "", match.group(2))))
    problem = named_rows_diff(want, got, opts.file)
    if problem:
        return Verdict.of(False, problem)
    return Verdict.of(True, f"{len(want)} progress rows as expected")
