"""An invoice's line items copied out of the PDF into a csv: the printed table's rows (all, or
only those whose amount reaches a threshold), all columns or description and amount only, in
printed order or largest amount first, and a total row when asked. The rows come from the
invoice's printed table (the PDF read as a table view); the options only from the instruction."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.pdf_invoices import table_verdict
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import TableView


class InvoiceLines(CheckOptions):
    file: OutputPath = Field(description="The csv of line items.")
    input_file: InputPath = Field(description="The invoice PDF; its first printed table is the line items.")
    amount_column: str = Field(default="Amount", description="The column the threshold, order and total use.")
    columns: list[str] = Field(default_factory=list, description="The columns kept, in this order; none: all.")
    min_amount: float | None = Field(default=None, description="Only lines whose amount is at least this.")
    order: Literal["printed", "amount"] = Field(default="printed", description="printed: as on the invoice; "
                                                "amount: largest amount first.")
    total: bool = Field(default=False, description="A last row 'Total' with the amounts' sum, other cells empty.")
    tolerance: float = Field(default=0.005, ge=0)


@register_check("pdf.invoice_lines", InvoiceLines, view="table")
def invoice_lines(state: FinalState, opts: InvoiceLines) -> Verdict:
    """The csv's header is the printed table's (or the columns asked), then the line items asked
    for with their printed values (numbers as numbers), in the order asked, and a total row when
    asked; nothing else."""
    tables = input_view(state, opts.input_file, TableView).tables
    if not tables:
        return Verdict.of(False, f"{opts.input_file} prints no table")
    header, *rows = tables[0].rows
    names = [fold(str(h)).casefold() for h in header]
    wanted = [fold(c).casefold() for c in opts.columns] or names
    missing = [c for c in [*wanted, fold(opts.amount_column).casefold()] if c not in names]
    if missing:
        return Verdict.of(False, f"{opts.input_file}'s table has no column {missing[0]!r}")
    at = names.index(fold(opts.amount_column).casefold())
    if opts.min_amount is not None:
        rows = [r for r in rows if r[at] >= opts.min_amount - 1e-9]
    if opts.order == "amount":
        rows = sorted(rows, key=lambda r: -r[at])
    keep = [names.index(c) for c in wanted]
    want: list[list[Any]] = [[header[i] for i in keep], *([r[i] for i in keep] for r in rows)]
    if opts.total:
        want.append(["Total", *(round(sum(r[at] for r in rows), 2) if i == at else None for i in keep[1:])])
    return table_verdict(want, output_view(state, opts.file, TableView).get().rows, opts.file, opts.tolerance)
