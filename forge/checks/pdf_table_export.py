"""A table printed over several pages of a PDF (a price list, its header repeated on each page)
copied into a csv: every row or those of one category or with some in stock, every column or
those named, as printed or sorted by a column. The rows come from the input PDF's printed table
(`TableView`, one table per page, joined where the header repeats); the selection from the
instruction."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from forge.checks._compare import is_number
from forge.checks.document import fold
from forge.checks.pdf_invoices import table_verdict
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TableView


class TableExported(CheckOptions):
    file: OutputPath = Field(description="The csv, the header then the rows.")
    input_file: InputPath = Field(description="The PDF printing the table over its pages.")
    columns: list[str] = Field(default_factory=list, description="The columns kept, in this order, by their "
                               "printed header; none: every column as printed.")
    where_column: str | None = Field(default=None, description="The column the rows are picked by.")
    equals: str | None = Field(default=None, description="Only rows whose `where_column` reads this (case ignored).")
    above: float | None = Field(default=None, description="Only rows whose `where_column` is a number above this.")
    sort_by: str | None = Field(default=None, description="The rows by this column; None: as printed.")
    descending: bool = Field(default=False, description="Largest first (sort_by).")
    tolerance: float = Field(default=0.005, ge=0)


def _key(text: Any) -> str:
    return fold(str(text)).casefold()


def printed_rows(state: FinalState, path: str) -> tuple[list[str], list[list[Any]]]:
    """The table's header and every row over all pages: the first table, then each later table
    under the same header (the header repeated at the top of each page) without its header."""
    tables = input_view(state, path, TableView).tables
    if not tables:
        raise CheckError(f"{path} prints no table")
    header = [str(h) for h in tables[0].rows[0]]
    rows = [r for t in tables if [_key(h) for h in t.rows[0]] == [_key(h) for h in header] for r in t.rows[1:]]
    return header, rows


@register_check("pdf.table_exported", TableExported, view="table")
def table_exported(state: FinalState, opts: TableExported) -> Verdict:
    """The csv's header is the printed one (or the columns asked), then the rows asked for with
    their printed values (numbers as numbers), in the printed order or sorted as asked (ties as
    printed); the repeated headers of later pages are not rows; nothing else."""
    header, rows = printed_rows(state, opts.input_file)
    index = {_key(h): k for k, h in enumerate(header)}
    wanted = [c for c in [*opts.columns, opts.where_column, opts.sort_by] if c]
    if missing := [c for c in wanted if _key(c) not in index]:
        raise CheckError(f"{opts.input_file}'s table has no column {missing[0]!r}; its header: {', '.join(header)}")
    if opts.where_column and opts.equals is not None:
        rows = [r for r in rows if _key(r[index[_key(opts.where_column)]]) == _key(opts.equals)]
    if opts.where_column and opts.above is not None:
        rows = [r for r in rows if is_number(v := r[index[_key(opts.where_column)]]) and v > opts.above]
    if opts.sort_by:
        k = index[_key(opts.sort_by)]
        rows = sorted(rows, key=lambda r: (r[k] if is_number(r[k]) else float("-inf")), reverse=opts.descending)
    picks = [index[_key(c)] for c in opts.columns] if opts.columns else list(range(len(header)))
    want = [[header[k] for k in picks], *([r[k] for k in picks] for r in rows)]
    return table_verdict(want, output_view(state, opts.file, TableView).get().rows, opts.file, opts.tolerance)
