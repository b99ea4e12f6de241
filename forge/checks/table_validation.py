"""Checks of a CSV validated against stated rules: the report of what breaks them (one line per
problem, one per bad record, or a count per column and rule), and the records that pass or fail
kept apart.

The rules are the instruction's (required fields, numbers in a range, whole numbers, email and
ISO-date formats, allowed values); what breaks them is worked out from the original input. An
empty cell breaks only the required rule, as the instructions say.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from typing import Any, Literal

from pydantic import Field

from forge.checks._compare import is_number, rows_diff, show_row, text
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import Table, TableView

EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s.]+$")  # one @, no spaces, a dot in the part after it
ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")  # a date written YYYY-MM-DD


class Rules(CheckOptions):
    file: OutputPath
    input_file: InputPath
    required: list[str] = Field(default_factory=list, description="Columns that must not be empty.")
    ranges: dict[str, list[float]] = Field(default_factory=dict, description="Column -> [lowest, highest] allowed.")
    whole: list[str] = Field(default_factory=list, description="Range columns whose numbers must be whole.")
    emails: list[str] = Field(default_factory=list, description="Columns holding an email address.")
    dates: list[str] = Field(default_factory=list, description="Columns holding a real date written YYYY-MM-DD.")
    allowed: dict[str, list[str]] = Field(default_factory=dict, description="Column -> the values allowed, as written.")


def _real_date(value: Any) -> bool:
    """A date value, or a real date printed as YYYY-MM-DD text (a Word table's cells are text)."""
    if isinstance(value, dt.date):
        return not isinstance(value, dt.datetime)
    if isinstance(value, str) and ISO_DAY.fullmatch(value.strip()):
        try:
            return dt.date.fromisoformat(value.strip()) is not None
        except ValueError:
            return False
    return False


def broken(value: Any, column: str, rules: Rules) -> str | None:
    """The rule (required, range, format, allowed) `value` of `column` breaks, or None."""
    if text(value) == "":
        return "required" if column in rules.required else None
    if column in rules.ranges:
        low, high = rules.ranges[column]
        if not is_number(value) or not low <= value <= high:
            return "range"
        if column in rules.whole and not float(value).is_integer():
            return "range"
    if column in rules.emails and not (isinstance(value, str) and EMAIL.match(value)):
        return "format"
    if column in rules.dates and not _real_date(value):
        return "format"
    if column in rules.allowed and text(value) not in rules.allowed[column]:
        return "allowed"
    return None


def problems(table: Table, rules: Rules, path: str) -> list[tuple[int, int, str]]:
    """(line number in the file, column index, rule) of every problem, by line then column."""
    ruled = {*rules.required, *rules.ranges, *rules.emails, *rules.dates, *rules.allowed}
    cols = {table.need_col(name, path): name for name in ruled}
    return [(n, c, rule) for n, row in enumerate(table.body, start=2) for c in sorted(cols)
            if (rule := broken(row[c], cols[c], rules)) is not None]


RULE_ORDER = ("required", "range", "format", "allowed")


class ValidationReport(Rules):
    report: Literal["lines", "records", "counts"] = Field(description="One line per problem (Line, Column, Rule); "
                                                          "one per bad record (its ID, then Problems: the columns it "
                                                          "breaks joined by '; '); or a count per column and rule.")
    record_id: str | None = Field(default=None, description="The ID column a `records` report names records by.")


def _expected(table: Table, opts: ValidationReport) -> tuple[list[str], list[list[Any]]]:
    found = problems(table, opts, opts.input_file)
    names = [text(h) for h in table.header]
    if opts.report == "lines":
        return ["Line", "Column", "Rule"], [[n, names[c], rule] for n, c, rule in found]
    if opts.report == "counts":
        counts = Counter((c, RULE_ORDER.index(rule)) for _, c, rule in found)
        return ["Column", "Rule", "Problems"], [[names[c], RULE_ORDER[r], counts[c, r]] for c, r in sorted(counts)]
    if opts.record_id is None:
        raise CheckError("a records report needs record_id")
    ident = table.need_col(opts.record_id, opts.input_file)
    by_line: dict[int, list[str]] = {}
    for n, c, _ in found:
        by_line.setdefault(n, []).append(names[c])
    return [opts.record_id, "Problems"], [[table.rows[n - 1][ident], "; ".join(cols)] for n, cols in by_line.items()]


def _fold(row: list[Any]) -> list[Any]:
    return [re.sub(r"\s*;\s*", "; ", text(v)).casefold() if isinstance(v, str) else v for v in row]


@register_check("table.validation_report", ValidationReport, view="table")
def validation_report(state: FinalState, opts: ValidationReport) -> Verdict:
    """The report lists exactly the problems of the input under the stated rules (text compared
    ignoring case): one row per problem in file order (Line: the line number with the header as line 1,
    Column, Rule: required, range, format or allowed); one per bad record in file order (its ID,
    Problems: the columns broken, in header order, joined by '; '); or one per column and rule broken
    (Column, Rule, Problems: how many), by column position then rule in that order."""
    table = input_view(state, opts.input_file, TableView).get()
    header, expected = _expected(table, opts)
    report = output_view(state, opts.file, TableView).get()
    got_header = [text(h) for h in report.header]
    if [h.casefold() for h in got_header] != [h.casefold() for h in header]:
        return Verdict.of(False, f"{opts.file} has the columns {got_header}, expected {header}")
    got = [_fold(row) for row in report.body if any(text(v) for v in row)]
    if msg := rows_diff([_fold(row) for row in expected], got, report, header, opts.file, what="report line"):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{len(expected)} report lines ({opts.report}) in {opts.file}")


@register_check("table.rows_passing", Rules, view="table")
def rows_passing(state: FinalState, opts: Rules) -> Verdict:
    """The output holds the input's header and exactly the records that break no rule, whole and in
    their original order."""
    table = input_view(state, opts.input_file, TableView).get()
    bad = {n for n, _, _ in problems(table, opts, opts.input_file)}
    expected = [row for n, row in enumerate(table.body, start=2) if n not in bad]
    out = output_view(state, opts.file, TableView).get()
    if [text(h) for h in out.header] != [text(h) for h in table.header]:
        return Verdict.of(False, f"{opts.file} has the header {show_row(out.header)}, expected {show_row(table.header)}")
    if msg := rows_diff(expected, out.body, out, table.header, opts.file, what="passing record"):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{len(expected)} of {len(table.body)} records pass every rule")


class RowsFailing(Rules):
    with_problems: bool = Field(default=False, description="A last column, Problems, names the columns each record "
                                "breaks, in header order, joined by '; '.")


@register_check("table.rows_failing", RowsFailing, view="table")
def rows_failing(state: FinalState, opts: RowsFailing) -> Verdict:
    """The output holds the input's header (and, `with_problems`, a last column Problems) and exactly
    the records that break a rule, whole and in their original order, each with the columns it
    breaks (header order, joined by '; ', compared ignoring case)."""
    table = input_view(state, opts.input_file, TableView).get()
    names = [text(h) for h in table.header]
    bad: dict[int, list[str]] = {}
    for n, c, _ in problems(table, opts, opts.input_file):
        bad.setdefault(n, []).append(names[c])
    expected = [[*table.rows[n - 1], *(["; ".join(cols)] if opts.with_problems else [])] for n, cols in bad.items()]
    header = [*names, *(["Problems"] if opts.with_problems else [])]
    out = output_view(state, opts.file, TableView).get()
    if [text(h).casefold() for h in out.header] != [h.casefold() for h in header]:
        return Verdict.of(False, f"{opts.file} has the header {show_row(out.header)}, expected {header}")
    if opts.with_problems:
        expected = [[*row[:-1], _fold([row[-1]])[0]] for row in expected]
    got = [[*row[:-1], _fold([row[-1]])[0]] if opts.with_problems else row for row in out.body]
    if msg := rows_diff(expected, got, out, header, opts.file, what="rejected record"):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{len(expected)} of {len(table.body)} records rejected")
