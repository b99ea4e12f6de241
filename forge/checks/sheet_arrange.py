"""A workbook check about its sheets rather than their cells: put in calendar or A-to-Z order, one
sheet moved to the front, empty sheets deleted, month sheets renamed to `YYYY-MM`, hidden sheets
shown again or helper sheets hidden. The sheets the output must have (names, order, visibility)
are worked out from the input's; every kept sheet must hold exactly what its source held.
"""

from __future__ import annotations

import calendar
from typing import Any, Literal

from pydantic import Field

from forge.checks._compare import header_diff, rows_diff
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TableView

Arrangement = Literal["chronological", "alphabetical", "first", "remove_empty", "rename_months", "unhide", "hide"]
MONTHS = {name.casefold(): n for n in range(1, 13)
          for name in (calendar.month_name[n], calendar.month_abbr[n])}


class SheetsArranged(CheckOptions):
    file: OutputPath
    input_file: InputPath
    arrangement: Arrangement = Field(description="chronological: month sheets in calendar order; alphabetical: A to "
                                     "Z (case ignored); first: `sheets[0]` moved to the front; remove_empty: sheets "
                                     "without a value deleted; rename_months: each month sheet renamed `year`-MM; "
                                     "unhide: every sheet shown; hide: the `sheets` hidden.")
    sheets: list[str] = Field(default_factory=list, description="The sheets the task names (first, hide).")
    year: int | None = Field(default=None, description="The year month sheets are renamed with (rename_months).")


def month_of(title: str) -> int:
    """1-12 for a sheet named by its month (`Mar`, `March`, `march 2024`); CheckError otherwise."""
    found = MONTHS.get(title.split()[0].casefold() if title.split() else "")
    if found is None:
        raise CheckError(f"sheet {title!r} is not named by a month")
    return found


def _planned(opts: SheetsArranged, titles: list[str], states: list[str], empty: set[str]) -> list[tuple[str, str, bool]]:
    """(output title, source title, hidden) of every sheet the output must have, in order."""
    hidden = [s != "visible" for s in states]
    if opts.arrangement in ("first", "hide"):
        unknown = [s for s in opts.sheets if s not in titles]
        if unknown or not opts.sheets:
            raise CheckError(f"the task names sheets {unknown or opts.sheets} that {opts.input_file} does not hold")
    same = [(t, t, h) for t, h in zip(titles, hidden, strict=True)]
    match opts.arrangement:
        case "chronological":
            return sorted(same, key=lambda s: month_of(s[0]))
        case "alphabetical":
            return sorted(same, key=lambda s: s[0].casefold())
        case "first":
            return sorted(same, key=lambda s: s[0] != opts.sheets[0])
        case "remove_empty":
            return [s for s in same if s[0] not in empty]
        case "rename_months":
            if opts.year is None:
                raise CheckError("renaming month sheets needs the year")
            return [(f"{opts.year}-{month_of(t):02d}", t, h) for t, _, h in same]
        case "unhide":
            return [(t, t, False) for t, _, _ in same]
        case _:
            return [(t, t, h or t in opts.sheets) for t, _, h in same]


@register_check("table.sheets_arranged", SheetsArranged, view="table")
def sheets_arranged(state: FinalState, opts: SheetsArranged) -> Verdict:
    """The output's sheets are the input's, arranged as asked (names and order exact, hidden or shown
    as asked, a hidden sheet staying hidden unless the task shows it), and each holds exactly what its
    source sheet held."""
    given = state.original_xlsx(opts.input_file)
    original = input_view(state, opts.input_file, TableView)
    empty = {t.name for t in original.tables if not t.rows}
    plan = _planned(opts, given.sheetnames, [ws.sheet_state for ws in given.worksheets], empty)
    wb = state.xlsx(opts.file)
    want = [title for title, _, _ in plan]
    if wb.sheetnames != want:
        return Verdict.of(False, f"{opts.file} has the sheets {wb.sheetnames}, expected {want}")
    output = output_view(state, opts.file, TableView)
    for (title, source, hidden), ws in zip(plan, wb.worksheets, strict=True):
        before, after = _table(original, source), _table(output, title)
        msg = header_diff(before, after, opts.file) or rows_diff(before.body, after.body, after, before.header, opts.file)
        if before.rows and msg:
            return Verdict.of(False, f"sheet {title!r} does not hold what {source!r} held: {msg}")
        if not before.rows and after.rows:
            return Verdict.of(False, f"sheet {title!r} was empty and now holds values")
        shown = ws.sheet_state == "visible"
        if shown == hidden:
            return Verdict.of(False, f"sheet {title!r} is {'shown' if shown else 'hidden'}; it must be "
                                     f"{'hidden' if hidden else 'visible'}")
    return Verdict.of(True, f"{len(plan)} sheets arranged ({opts.arrangement.replace('_', ' ')}): {want}")


def _table(view: TableView, name: str) -> Any:
    found = [t for t in view.tables if t.name == name]
    if not found:
        raise CheckError(f"{view.source} has no sheet {name!r}")
    return found[0]
