"""Invoices summed up in a table (csv): one row per invoice PDF with its number, its date (or
payment due date) and its amounts, in the order asked, only those due before a date when asked,
and a total row when asked. The expected rows come from the invoice PDFs themselves (the number,
dates and amounts each prints after its label); the options only from the instruction."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any, Literal

from pydantic import Field

from forge.checks._compare import is_number, same_value, show
from forge.checks.document import fold
from forge.checks.pdf import amount, labelled_amount
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import PdfView, TableView

InvoiceColumns = Literal["total", "breakdown", "due"]
InvoiceOrder = Literal["date", "total"]
HEADERS: dict[str, list[str]] = {"total": ["invoice", "date", "total"],
                                 "breakdown": ["invoice", "date", "net", "tax", "total"],
                                 "due": ["invoice", "due", "total"]}
AMOUNT_LABELS = {"net": "Net", "tax": "Tax", "total": "Total due"}
DATE_LABELS = {"date": "Invoice date", "due": "Payment due"}
_NUMBER = re.compile(r"\b[A-Z]{2,5}-\d[\w-]*")


def _date(pages: list[str], label: str) -> dt.date | None:
    found = re.search(rf"{re.escape(label)}\s*:\s*(\d{{4}}-\d{{2}}-\d{{2}})", "\n".join(pages), re.IGNORECASE)
    return dt.date.fromisoformat(found.group(1)) if found else None


def invoice_fields(pages: list[str]) -> dict[str, Any]:
    """What an invoice prints: its number, invoice and due dates, net, tax and total (None when
    it does not print one)."""
    number = _NUMBER.search("\n".join(pages))
    printed = {col: labelled_amount(pages, label) for col, label in AMOUNT_LABELS.items()}
    return {"invoice": number.group(0) if number else None,
            **{col: _date(pages, label) for col, label in DATE_LABELS.items()},
            **{col: amount(value) if value is not None else None for col, value in printed.items()}}


class InvoicesTabulated(CheckOptions):
    file: OutputPath = Field(description="The csv summary.")
    first_file: InputPath = Field(description="The invoice PDFs.")
    second_file: InputPath
    third_file: InputPath
    fourth_file: InputPath | None = None
    columns: InvoiceColumns = Field(description="total: invoice,date,total; breakdown: invoice,date,net,tax,total; "
                                    "due: invoice,due,total (the payment due date).")
    order: InvoiceOrder = Field(description="date: by invoice date, oldest first; total: largest total first.")
    due_before: dt.date | None = Field(default=None, description="Only the invoices whose payment is due before "
                                       "this day.")
    total: bool = Field(default=False, description="A last row 'Total' with each amount column's sum (other cells "
                        "empty).")
    tolerance: float = Field(default=0.005, ge=0)


def expected_rows(state: FinalState, opts: InvoicesTabulated) -> list[list[Any]] | str:
    """The rows the summary must hold, or why the invoices cannot give them."""
    header = HEADERS[opts.columns]
    invoices = []
    for path in (p for p in (opts.first_file, opts.second_file, opts.third_file, opts.fourth_file) if p):
        fields = invoice_fields(input_view(state, path, PdfView).pages)
        if missing := [c for c in {*header, "date", "due"} if fields[c] is None]:
            return f"{path} prints no {', '.join(sorted(missing))}"
        invoices.append(fields)
    if opts.due_before is not None:
        invoices = [i for i in invoices if i["due"] < opts.due_before]
    invoices.sort(key=lambda i: (i["date"], i["invoice"]) if opts.order == "date" else (-i["total"], i["invoice"]))
    rows: list[list[Any]] = [[i[c] for c in header] for i in invoices]
    if opts.total:
        rows.append(["Total", *(round(sum(i[c] for i in invoices), 2) if c in AMOUNT_LABELS else None
                                for c in header[1:])])
    return rows


def same_cell(have: Any, want: Any, tolerance: float) -> str | None:
    """Why the cell is not the expected one, or None."""
    if is_number(want):
        if not is_number(have):
            return f"is {show(have)}; expected the number {show(want)}"
        return None if same_value(have, want, tolerance) else f"is {show(have)}, expected {show(want)}"
    if isinstance(want, dt.date):
        return None if have == want or str(have).strip() == want.isoformat() else \
            f"is {show(have)}, expected {want.isoformat()}"
    have_text = fold(str(have)) if have is not None else ""
    same = have_text.casefold() == fold(str(want or "")).casefold()
    return None if same else f"is {show(have)}, expected {show(want)}"


@register_check("pdf.invoices_tabulated", InvoicesTabulated, view="table")
def invoices_tabulated(state: FinalState, opts: InvoicesTabulated) -> Verdict:
    """The csv has the header asked for, then one row per invoice (only those due before the day,
    when asked) with its number, date and amounts as the PDF prints them (amounts as numbers, to
    the cent; dates as YYYY-MM-DD), in the order asked, and a total row when asked; nothing else."""
    rows = expected_rows(state, opts)
    if isinstance(rows, str):
        return Verdict.of(False, rows)
    return table_verdict([HEADERS[opts.columns], *rows], output_view(state, opts.file, TableView).get().rows,
                         opts.file, opts.tolerance)


def table_verdict(want: list[list[Any]], got: list[list[Any]], file: str, tolerance: float) -> Verdict:
    """The output rows (header first) against the expected ones: row count, cells per row, then
    each cell (`same_cell`), pointing at the first difference by row, column and header."""
    if len(got) != len(want):
        return Verdict.of(False, f"{file} has {len(got) - 1} rows under its header, expected {len(want) - 1}")
    for r, (w_row, g_row) in enumerate(zip(want, got, strict=True), start=1):
        if len(g_row) != len(w_row):
            return Verdict.of(False, f"row {r} of {file} has {len(g_row)} cells, expected {len(w_row)}: "
                              f"{','.join(map(str, w_row))}")
        for c, (w, g) in enumerate(zip(w_row, g_row, strict=True), start=1):
            if why := same_cell(g, w, tolerance):
                return Verdict.of(False, f"row {r}, column {c} ({want[0][c - 1]}) of {file} {why}")
    return Verdict.of(True, f"{len(want) - 1} rows as asked")
