"""Action items pulled out of meeting minutes into a table (a CSV for the tracker, or a table in a
Word document): one row per 'Action: <owner> to <task> by <date>.' paragraph - or only the named
person's - with the task as written, the owner and the due date as YYYY-MM-DD, in the minutes'
order or by due date. The expected rows come from the minutes' paragraphs; near misses (a
sentence that only mentions an action) give no row.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from pydantic import Field

from forge.checks.document import blocks, fold
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import DocumentView, TableView

ACTION = re.compile(r"^Action:\s*(?P<owner>.+?) to (?P<task>.+) by (?P<due>\d{1,2} [A-Z][a-z]+ \d{4})\.?$")
HEADER = ["Action", "Owner", "Due"]


class ActionsExtracted(CheckOptions):
    file: OutputPath
    input_file: InputPath = Field(description="The minutes.")
    owner: str | None = Field(default=None, description="Only this person's actions; None: everyone's.")
    by_due: bool = Field(default=False, description="Rows by due date, earliest first (ties in the minutes' "
                         "order); otherwise in the minutes' order.")


def actions(view: DocumentView) -> list[list[str]]:
    """[task, owner, ISO due date] of each action paragraph, in order."""
    found = []
    for p in blocks(view):
        m = ACTION.match(fold(p.text))
        if m:
            due = dt.datetime.strptime(m.group("due"), "%d %B %Y").date().isoformat()
            found.append([m.group("task"), m.group("owner"), due])
    return found


def _cell(value: Any) -> str:
    return value.isoformat() if isinstance(value, dt.date) else fold(str(value if value is not None else ""))


@register_check("document.actions_extracted", ActionsExtracted, view="table")
def actions_extracted(state: FinalState, opts: ActionsExtracted) -> Verdict:
    """The table's header is Action, Owner, Due; then one row per action of the minutes (only the
    named owner's, when one is named): the task as written, the owner, the due date as
    YYYY-MM-DD; in the minutes' order or by due date; no other rows."""
    want = actions(input_view(state, opts.input_file, DocumentView))
    if opts.owner is not None:
        want = [row for row in want if row[1].casefold() == fold(opts.owner).casefold()]
    if not want:
        return Verdict.of(False, f"{opts.input_file} has no action items{' for ' + opts.owner if opts.owner else ''}")
    if opts.by_due:
        want.sort(key=lambda row: row[2])
    table = output_view(state, opts.file, TableView).get()
    header = [_cell(h) for h in table.header]
    if header != HEADER:
        return Verdict.of(False, f"{opts.file}'s header is {header}, expected {HEADER}")
    got = [[_cell(c) for c in row] for row in table.body if any(c is not None for c in row)]
    for n, (w, g) in enumerate(zip(want, got, strict=False), start=2):
        w = [w[0].rstrip("."), w[1], w[2]]
        if [g[0].rstrip("."), *g[1:]] != w:
            return Verdict.of(False, f"row {n} of {opts.file} is {g}, expected {w}")
    if len(got) != len(want):
        extra = f"an extra row {got[len(want)]}" if len(got) > len(want) else f"no row for {want[len(got)]}"
        return Verdict.of(False, f"{opts.file} has {len(got)} action rows, expected {len(want)}: {extra}")
    return Verdict.of(True, f"{len(want)} action items{' by due date' if opts.by_due else ''}")
