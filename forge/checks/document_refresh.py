"""A report's table brought up to date from the latest CSV export: the table keeps its own columns
(in its own order, whatever order or extra columns the export has) and takes the export's rows,
new rows included, in the export's order. Every paragraph and every other table stays as it was.
"""

from __future__ import annotations

from pydantic import Field

from forge.checks._compare import same_value, show
from forge.checks.document import blocks, fold, paragraphs_diff
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import DocumentView, TableView


def _text(value: object) -> str:
    return fold(str(value if value is not None else ""))


class TableRefreshed(CheckOptions):
    file: OutputPath
    input_file: InputPath = Field(description="The report as it was.")
    data_file: InputPath = Field(description="The latest export (CSV), its header naming the table's columns.")
    tolerance: float = Field(default=0.005, ge=0)


@register_check("document.table_refreshed", TableRefreshed, view="document")
def table_refreshed(state: FinalState, opts: TableRefreshed) -> Verdict:
    """The report's table whose columns the export has now holds, under its own header row, one row
    per export row in the export's order, each cell the export's value for that column (numbers
    within `tolerance`, however printed); the paragraphs and the other tables are unchanged."""
    original = input_view(state, opts.input_file, DocumentView)
    export = input_view(state, opts.data_file, TableView).get()
    was, now = input_view(state, opts.input_file, TableView), output_view(state, opts.file, TableView)
    names = [_text(h).casefold() for h in export.rows[0]]
    at = next((n for n, t in enumerate(was.tables) if t.rows and all(_text(h).casefold() in names
                                                                        for h in t.rows[0])), None)
    if at is None:
        return Verdict.of(False, f"no table of {opts.input_file} has only columns that {opts.data_file} has")
    header = was.tables[at].rows[0]
    cols = [names.index(_text(h).casefold()) for h in header]
    want = [header, *([row[c] for c in cols] for row in export.rows[1:])]
    output = output_view(state, opts.file, DocumentView)
    if msg := paragraphs_diff(blocks(original), blocks(output), opts.file):
        return Verdict.of(False, msg)
    if len(now.tables) != len(was.tables):
        return Verdict.of(False, f"{opts.file} has {len(now.tables)} tables, expected {len(was.tables)}")
    for n, (old, new) in enumerate(zip(was.tables, now.tables, strict=True), start=1):
        if n - 1 != at and [[_text(c) for c in r] for r in old.rows] != [[_text(c) for c in r] for r in new.rows]:
            return Verdict.of(False, f"table {n} of {opts.file} changed; only table {at + 1} was to be updated")
    got = now.tables[at].rows
    for r, (w, h) in enumerate(zip(want, got, strict=False), start=1):
        if len(h) != len(w):
            return Verdict.of(False, f"row {r} of table {at + 1} has {len(h)} cells, expected {len(w)} "
                              f"({', '.join(_text(c) for c in header)})")
        for c, (a, b) in enumerate(zip(w, h, strict=True), start=1):
            if not same_value(b, a, opts.tolerance) and _text(a) != _text(b):
                return Verdict.of(False, f"table {at + 1}, row {r}, column {_text(header[c - 1])!r} is {show(b)}, "
                                  f"expected {show(a)}")
    if len(got) != len(want):
        return Verdict.of(False, f"table {at + 1} of {opts.file} has {len(got) - 1} data rows, expected "
                          f"{len(want) - 1} (one per row of {opts.data_file})")
    return Verdict.of(True, f"table {at + 1} holds the {len(want) - 1} rows of {opts.data_file}")
