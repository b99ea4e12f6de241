"""A sheet check about notes (comments) a reviewer attaches to cells: exactly the cells of one
column that meet a stated rule carry the stated note, and no other cell carries one (notes left
from an earlier review, when the task asks to clear them, are gone). Which cells meet the rule is
worked out from the input; the data must stay as the task gave it.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from pydantic import Field

from forge.checks._compare import show
from forge.checks._sheet import data_sheet
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.table_layout import SheetSetup
from forge.checks.table_rules import expected_matches
from forge.views import column_letter

NoteRule = Literal["greater_than", "less_than", "equal_text", "duplicates", "blank", "before"]


class CellsNoted(SheetSetup):
    column: str = Field(description="The column whose cells the rule tests and the notes go on.")
    rule: NoteRule = Field(description="Which cells get the note: greater or less than a threshold, equal to a "
                                       "text, a value repeated in the column, an empty cell, or a date before "
                                       "a day (given YYYY-MM-DD).")
    values: list[float | str] = Field(default_factory=list, description="The rule's threshold or text.")
    note: str = Field(min_length=1, description="The note's text, as the task states it.")


def _said(text: str) -> str:
    """A note's text as compared: outer spaces dropped, inner runs of space one, case folded."""
    return " ".join(text.split()).casefold()


def matching(values: list[Any], rule: str, args: list[Any]) -> list[bool]:
    """Which cells of the column the rule picks; `blank`: the empty ones."""
    if rule == "blank":
        return [v is None for v in values]
    if rule == "before":
        day = dt.date.fromisoformat(str(args[0]))
        return [isinstance(v, dt.date) and (v.date() if isinstance(v, dt.datetime) else v) < day for v in values]
    return expected_matches(values, rule, args)


def notes_on(ws: Any) -> dict[tuple[int, int], str]:
    """(row, column) -> note text of every cell of the sheet that carries a note (1-based)."""
    return {(cell.row, cell.column): str(cell.comment.text or "")
            for row in ws.iter_rows() for cell in row if cell.comment is not None}


@register_check("table.cells_noted", CellsNoted, view="table")
def cells_noted(state: FinalState, opts: CellsNoted) -> Verdict:
    """Every data cell of the column that meets the rule (worked out from the input) carries a note
    reading the stated text (compared ignoring case and extra spaces); no other cell of the sheet
    carries a note; the data is unchanged."""
    original, ws, why = data_sheet(state, opts)
    if why:
        return Verdict.of(False, why)
    c = original.need_col(opts.column, opts.input_file)
    hits = matching([row[c] for row in original.body], opts.rule, list(opts.values))
    wanted = {(r, c + 1) for r, hit in enumerate(hits, start=2) if hit}
    found = notes_on(ws)
    letter = column_letter(c + 1)
    for r, col in sorted(wanted):
        value = original.rows[r - 1][c]
        if (r, col) not in found:
            return Verdict.of(False, f"{letter}{r} ({opts.column} {show(value)}) meets the rule but has no note; "
                                     f"it needs the note {opts.note!r}")
        if _said(found[r, col]) != _said(opts.note):
            return Verdict.of(False, f"the note on {letter}{r} reads {found[r, col]!r}, expected {opts.note!r}")
    extra = sorted(set(found) - wanted)
    if extra:
        r, col = extra[0]
        return Verdict.of(False, f"{column_letter(col)}{r} carries the note {found[r, col]!r}, but only the "
                                 f"{opts.column} cells meeting the rule may have notes ({len(extra)} other note(s))")
    return Verdict.of(True, f"{len(wanted)} {opts.column} cell(s) carry the note, no other cell has one")
