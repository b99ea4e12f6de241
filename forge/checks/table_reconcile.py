"""Checks over a report of the differences between two snapshots of the same list (last month's and
this month's price list, the HR system's and payroll's staff list), matched by a key column.

The expected report is worked out from the two original inputs; the options carry only what the
instruction names (the key, the report's form, the columns to ignore, whether case and spacing
count as a change).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from forge.checks._compare import header_diff, rows_diff, same_value, sort_key
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TableView
from forge.views.table import Table

Report = Literal["status", "changes", "full"]
# The report's columns after the key, per form; the instruction names them.
COLUMNS: dict[str, list[str]] = {"status": ["Status"], "changes": ["Field", "Old Value", "New Value"],
                                 "full": ["Status", "Field", "Old Value", "New Value"]}


class DifferencesReported(CheckOptions):
    file: OutputPath
    input_file: InputPath = Field(description="The old snapshot.")
    other_file: InputPath = Field(description="The new snapshot.")
    key: str = Field(description="The column both snapshots identify a record by.")
    report: Report = Field(description="status: a row per differing key (added, removed, changed); changes: a row "
                           "per changed value of a key in both (field, old, new); full: both in one table.")
    ignore: list[str] = Field(default_factory=list, description="Columns whose differences do not count.")
    loose_text: bool = Field(default=False, description="Text differing only in case or spacing is no change.")


def _records(state: FinalState, path: str, key: str) -> tuple[list[str], dict[str, dict[str, Any]]]:
    table = input_view(state, path, TableView).get()
    table.need_col(key, path)
    header = [str(h) for h in table.header]
    return header, {str(row[header.index(key)]): dict(zip(header, row, strict=True)) for row in table.body}


def _same(a: Any, b: Any, loose: bool) -> bool:
    if loose and isinstance(a, str) and isinstance(b, str):
        return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()
    return same_value(a, b)


def expected_rows(state: FinalState, opts: DifferencesReported) -> list[list[Any]]:
    """The report's data rows, ordered by key (then by the old file's column order)."""
    header, old = _records(state, opts.input_file, opts.key)
    _, new = _records(state, opts.other_file, opts.key)
    for column in opts.ignore:
        if column not in header:
            raise CheckError(f"{opts.input_file} has no column {column!r} to ignore; its header row is {header}")
    fields = [h for h in header if h != opts.key and h not in opts.ignore]
    rows: list[list[Any]] = []
    for k in sorted(old.keys() | new.keys(), key=sort_key):
        a, b = old.get(k), new.get(k)
        if a is None or b is None:
            if opts.report != "changes":
                rows.append([k, "added" if a is None else "removed", *[None] * (len(COLUMNS[opts.report]) - 1)])
            continue
        changed = [f for f in fields if not _same(a[f], b.get(f), opts.loose_text)]
        if opts.report == "status":
            rows += [[k, "changed"]] if changed else []
        else:
            status = ["changed"] if opts.report == "full" else []
            rows += [[k, *status, f, a[f], b.get(f)] for f in changed]
    return rows


@register_check("table.differences_reported", DifferencesReported, view="table")
def differences_reported(state: FinalState, opts: DifferencesReported) -> Verdict:
    """The report lists every difference between the two snapshots by key, ordered by key: a key only
    in the new file is added, one only in the old removed, one whose values differ changed (each
    changed field on its own row, in column order, with the old and new value, where the form asks);
    nothing else. The header is the key, then the form's columns."""
    rows = expected_rows(state, opts)
    out = output_view(state, opts.file, TableView).get()
    header = [opts.key, *COLUMNS[opts.report]]
    if msg := header_diff(Table.of("report", [header]), out, opts.file):
        return Verdict.of(False, msg)
    got = [[str(r[0]) if r[0] is not None else None, *r[1:]] for r in out.body]
    got = [[_status(v) if i == 1 and opts.report != "changes" else v for i, v in enumerate(r)] for r in got]
    if msg := rows_diff(rows, got, out, header, opts.file, what="report row"):
        return Verdict.of(False, f"{msg} (rows ordered by {opts.key})")
    counts = {s: sum(1 for r in rows if r[1] == s) for s in ("added", "removed", "changed")}
    return Verdict.of(True, f"{len(rows)} report rows on {opts.key!r}" + (
        "" if opts.report == "changes" else f" ({', '.join(f'{n} {s}' for s, n in counts.items())})"))


def _status(value: Any) -> Any:
    """A status word as typed: 'Added' and 'added' are one status."""
    return value.casefold() if isinstance(value, str) else value
