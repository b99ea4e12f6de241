"""Boundary cases of `forge.checks.document_actions` on real minutes: the action items as a CSV or
a Word table, everyone's or one person's, in the minutes' order or by due date; and each way it
goes wrong: the LAST item lost, the near miss taken for an item, another person's item kept, the
minutes' order where the due date was asked, the date left as the minutes write it, another
header, minutes with no action items. A task keeping its final full stop still matches."""

from __future__ import annotations

import csv
import datetime as dt
import io
from typing import Any

import docx

from forge.checks.document_actions import ACTION
from preparers.document import make_document, write_docx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _saved, _seeded
from workflows.document.action_items import NEAR_MISS, minutes

_DOC, _ITEMS = minutes(*_seeded(31))
MINUTES = write_docx(_DOC)
LINES = [p.text for p in docx.Document(io.BytesIO(MINUTES)).paragraphs if ACTION.match(p.text)]
OWNER = next(o for o, _ in _ITEMS if sum(o == p for p, _ in _ITEMS) > 1)


def rows(*, owner: str | None = None, by_due: bool = False, skip_last: bool = False, near_miss: bool = False,
         long_dates: bool = False, stop: bool = False) -> list[list[str]]:
    """The header and the item rows as asked, one fault switched on where asked."""
    out = []
    for line in LINES:
        m = ACTION.match(line)
        assert m is not None
        due = m.group("due")
        if not long_dates:
            due = dt.datetime.strptime(due, "%d %B %Y").date().isoformat()
        out.append([m.group("task") + ("." if stop else ""), m.group("owner"), due])
    out = [r for r in out if owner is None or r[1] == owner]
    if by_due:
        out.sort(key=lambda r: r[2])
    if near_miss:
        out.append([NEAR_MISS.split(";")[0], "Everyone", out[-1][2]])
    return [["Action", "Owner", "Due"], *(out[:-1] if skip_last else out)]


def as_csv(table: list[list[str]]) -> bytes:
    buffer = io.StringIO()
    csv.writer(buffer).writerows(table)
    return buffer.getvalue().encode()


def as_docx(table: list[list[str]]) -> bytes:
    document = docx.Document()
    grid = document.add_table(rows=0, cols=3)
    for row in table:
        for cell, value in zip(grid.add_row().cells, row, strict=True):
            cell.text = value
    return _saved(document)


def case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "", name: str = "out.csv",
         given: bytes = MINUTES) -> Case:
    opts = {"file": name, "input_file": "minutes.docx", **options}
    return Case(label, None, opts, passes, says, files={name: output}, originals={"minutes.docx": given})


MINE, DUE = {"owner": OWNER}, {"by_due": True}
FIRST_OTHER = next(n for n, (a, b) in enumerate(zip(rows(), rows(owner=OWNER), strict=False), start=1) if a != b)
EXTRACTED = [
    case("every item, in the minutes' order", as_csv(rows()), {}, True),
    case("every item, as a Word table", as_docx(rows()), {}, True, name="out.docx"),
    case("tasks keeping their final full stop", as_csv(rows(stop=True)), {}, True),
    case("the last item lost", as_csv(rows(skip_last=True)), {}, False, "no row for"),
    case("the near miss taken for an item", as_csv(rows(near_miss=True)), {}, False, "an extra row"),
    case("one person's items", as_csv(rows(owner=OWNER)), MINE, True),
    case("everyone's items where one person's were asked", as_csv(rows()), MINE, False,
         f"row {FIRST_OTHER} of out.csv"),
    case("by due date", as_csv(rows(by_due=True)), DUE, True),
    case("the minutes' order where the due date was asked", as_csv(rows()), DUE, False, "expected"),
    case("one person's, by due date, as a Word table", as_docx(rows(owner=OWNER, by_due=True)), {**MINE, **DUE},
         True, name="out.docx"),
    case("the dates left as the minutes write them", as_csv(rows(long_dates=True)), {}, False, "row 2 of out.csv"),
    case("another header", as_csv([["Task", "Owner", "Due"], *rows()[1:]]), {}, False, "header is"),
    case("minutes with no action items", as_csv(rows()), {}, False, "has no action items",
         given=write_docx(make_document(*_seeded(4), kind="memo"))),
]

CASES = {"document.actions_extracted": EXTRACTED}
