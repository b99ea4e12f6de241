"""Supplier invoices (PDF) matched against the purchase-order list (a table) before the payment
run: an invoice's order is the listed PO number it prints; it does not match when it quotes no
listed PO, when the order's supplier is not the one on the invoice, or when its total due is off
the order's approved amount (by more than an allowed difference, when one is given). The
invoices that do not match are written down by number, or with the first reason that applies.
Everything comes from the invoices' text and the list; what is compared from the instruction."""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import Field

from forge.checks._compare import is_number
from forge.checks.document import fold
from forge.checks.pdf_invoices import invoice_fields
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import PdfView, TableView, TextView

MatchOn = Literal["po", "supplier", "amount", "all"]
REASONS = ("no PO", "supplier", "amount")  # the order they are tried in: the first that applies is the reason
_COMPARED = {"po": {"no PO"}, "supplier": {"no PO", "supplier"}, "amount": {"no PO", "amount"}, "all": set(REASONS)}


class InvoicesMatched(CheckOptions):
    file: OutputPath = Field(description="The invoices that do not match: a text file of numbers, or a csv "
                             "'invoice,reason'.")
    orders_file: InputPath = Field(description="The purchase-order list, a table with a header row.")
    first_file: InputPath = Field(description="The invoices, in the order the task lists them.")
    second_file: InputPath
    third_file: InputPath
    fourth_file: InputPath | None = None
    fifth_file: InputPath | None = None
    po_column: str = Field(description="The list's column of PO numbers.")
    supplier_column: str = Field(description="The list's column of supplier names.")
    amount_column: str = Field(description="The list's column of approved amounts (the total due expected).")
    match: MatchOn = Field(description="po: only whether the invoice quotes a listed PO; supplier or amount: that, "
                           "and the order's supplier or amount; all: every one of them.")
    allowed_difference: float | None = Field(default=None, ge=0, description="The most the total due may differ "
                                             "from the approved amount, either way (None: to the cent).")
    report: Literal["numbers", "reasons"] = Field(description="numbers: one invoice number per line; reasons: a csv "
                                                  "'invoice,reason', the reason 'no PO', 'supplier' or 'amount', the "
                                                  "first that applies in that order.")


def _orders(state: FinalState, opts: InvoicesMatched) -> dict[str, dict[str, Any]]:
    rows = input_view(state, opts.orders_file, TableView).get().rows
    header = [fold(str(h)).casefold() for h in rows[0]]
    try:
        at = [header.index(fold(c).casefold()) for c in (opts.po_column, opts.supplier_column, opts.amount_column)]
    except ValueError as exc:
        raise CheckError(f"{opts.orders_file} lacks a column the task names ({exc})") from exc
    return {str(r[at[0]]).strip(): {"supplier": fold(str(r[at[1]])), "amount": r[at[2]]} for r in rows[1:]
            if str(r[at[0]]).strip()}


def invoice_issues(pages: list[str], orders: dict[str, dict[str, Any]], allowed: float) -> tuple[str, list[str]]:
    """The invoice's number and every reason it does not match its order, in REASONS order."""
    fields = invoice_fields(pages)
    if fields["invoice"] is None or fields["total"] is None:
        raise CheckError("an invoice prints no invoice number or total due")
    text = fold("\n".join(pages)).casefold()
    quoted = [po for po in orders if re.search(rf"(?<![\w-]){re.escape(po.casefold())}(?![\w-])", text)]
    if not quoted:
        return fields["invoice"], ["no PO"]
    order = orders[quoted[0]]
    issues = [] if order["supplier"].casefold() in text else ["supplier"]
    if not is_number(order["amount"]) or round(abs(fields["total"] - float(order["amount"])) * 100) > \
            round(allowed * 100):
        issues.append("amount")
    return fields["invoice"], issues


def unmatched(state: FinalState, opts: InvoicesMatched) -> list[tuple[str, str]]:
    """(invoice number, reason) per invoice that does not match under the comparison asked, as listed."""
    orders = _orders(state, opts)
    found = []
    for path in (p for p in (opts.first_file, opts.second_file, opts.third_file, opts.fourth_file,
                             opts.fifth_file) if p):
        number, issues = invoice_issues(input_view(state, path, PdfView).pages, orders, opts.allowed_difference or 0.0)
        if kept := [i for i in issues if i in _COMPARED[opts.match]]:
            found.append((number, kept[0]))
    return found


@register_check("pdf.invoices_matched", InvoicesMatched, view="pdf")
def invoices_matched(state: FinalState, opts: InvoicesMatched) -> Verdict:
    """Exactly the invoices that do not match their purchase order under the comparison asked, in
    the order listed: their numbers one per line, or csv rows 'invoice,reason' under that header
    with the first reason that applies; nothing else."""
    want = unmatched(state, opts)
    if opts.report == "numbers":
        got = [[line.strip().strip("-* ")] for line in output_view(state, opts.file, TextView).text.splitlines()
               if line.strip()]
        want_rows = [[n] for n, _ in want]
    else:
        rows = output_view(state, opts.file, TableView).get().rows
        if [fold(str(h)).casefold() for h in rows[0]] != ["invoice", "reason"]:
            return Verdict.of(False, f"{opts.file}'s header is {rows[0]}, expected invoice,reason")
        got, want_rows = [[fold(str(c)) for c in r] for r in rows[1:]], [list(w) for w in want]
    if len(got) != len(want_rows):
        return Verdict.of(False, f"{opts.file} lists {len(got)} invoices, expected {len(want_rows)}: "
                          + (", ".join(n for n, _ in want) or "none"))
    for k, (have, need) in enumerate(zip(got, want_rows, strict=True), start=1):
        if [c.casefold() for c in have] != [c.casefold() for c in need]:
            return Verdict.of(False, f"entry {k} of {opts.file} is {','.join(have)!r}, expected {','.join(need)!r}")
    return Verdict.of(True, f"{len(want)} invoice(s) that do not match, as listed")
