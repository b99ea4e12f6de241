"""Weekly timesheets (PDF: the employee's name after 'Employee:' and a table of days with start
and finish times and a break in minutes) worked out into a payroll csv: each employee's hours
for the week, the overtime past a weekly limit, or the days longer than a daily limit; as the
files are listed or the most first (ties A-Z by name); a total row when asked. Hours come from
the printed times themselves (finish minus start minus the break; leave days count nothing);
what is worked out from the instruction."""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.pdf_invoices import table_verdict
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import PdfView, TableView

Measure = Literal["hours", "overtime", "long_days"]
_TIME = re.compile(r"^(\d{1,2}):(\d{2})$")
_NAME = re.compile(r"Employee\s*:\s*(.+)")


class TimesheetsTabulated(CheckOptions):
    file: OutputPath = Field(description="The csv: employee,<measure> then a row per timesheet.")
    first_file: InputPath = Field(description="The timesheets, in the order the task lists them.")
    second_file: InputPath
    third_file: InputPath
    fourth_file: InputPath | None = None
    measure: Measure = Field(description="hours: hours worked in the week; overtime: hours past `limit` (0 when "
                             "under); long_days: the days with more than `limit` hours worked.")
    limit: float | None = Field(default=None, description="The weekly (overtime) or daily (long_days) limit in hours.")
    most_first: bool = Field(default=False, description="Largest value first, ties A-Z by name; else as listed.")
    total_row: bool = Field(default=False, description="A last row 'Total' with the column's sum.")
    tolerance: float = Field(default=0.005, ge=0)


def _minutes(text: Any) -> int | None:
    found = _TIME.match(str(text).strip())
    return int(found.group(1)) * 60 + int(found.group(2)) if found else None


def day_minutes(state: FinalState, path: str) -> tuple[str, list[int]]:
    """The employee's name and the minutes worked on each day the timesheet lists (leave: 0)."""
    name = _NAME.search("\n".join(input_view(state, path, PdfView).pages))
    tables = input_view(state, path, TableView).tables
    if name is None or not tables:
        raise CheckError(f"{path} prints no 'Employee:' name or no table of days")
    header = [fold(str(h)).casefold() for h in tables[0].rows[0]]
    try:
        start, finish, pause = header.index("start"), header.index("finish"), header.index("break (min)")
    except ValueError as exc:
        raise CheckError(f"{path}'s table lacks Start, Finish or Break (min): {tables[0].rows[0]}") from exc
    days = []
    for row in (r for t in tables for r in t.rows[1:] if [fold(str(h)).casefold() for h in t.rows[0]] == header):
        begin, end = _minutes(row[start]), _minutes(row[finish])
        days.append(0 if begin is None or end is None else end - begin - int(float(str(row[pause]).strip() or 0)))
    return fold(name.group(1)), days


def expected_rows(state: FinalState, opts: TimesheetsTabulated) -> list[list[Any]]:
    rows: list[list[Any]] = []
    for path in (p for p in (opts.first_file, opts.second_file, opts.third_file, opts.fourth_file) if p):
        name, days = day_minutes(state, path)
        if opts.measure != "hours" and opts.limit is None:
            raise CheckError(f"measure {opts.measure!r} needs a limit")
        limit = round((opts.limit or 0) * 60)
        value: float = {"hours": lambda: round(sum(days) / 60, 2),
                        "overtime": lambda: round(max(0, sum(days) - limit) / 60, 2),
                        "long_days": lambda: sum(1 for d in days if d > limit)}[opts.measure]()
        rows.append([name, value])
    if opts.most_first:
        rows.sort(key=lambda r: (-r[1], r[0].casefold()))
    if opts.total_row:
        rows.append(["Total", round(sum(r[1] for r in rows), 2)])
    return rows


@register_check("pdf.timesheets_tabulated", TimesheetsTabulated, view="table")
def timesheets_tabulated(state: FinalState, opts: TimesheetsTabulated) -> Verdict:
    """The csv's header is employee and the measure's name, then one row per timesheet with the
    employee's name and the value worked out from the printed times (hours as decimal numbers),
    in the order asked, and the total row when asked; nothing else."""
    want = [["employee", opts.measure], *expected_rows(state, opts)]
    return table_verdict(want, output_view(state, opts.file, TableView).get().rows, opts.file, opts.tolerance)
