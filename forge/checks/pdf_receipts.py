"""A trip's receipts (PDF) made into an expense claim (csv): a row per receipt (date, merchant,
amount) in the order they were paid, or a row per day with the day's sum; the amount paid, the
amount before VAT or the VAT; every receipt or only those not paid with the company card (named
by its last four digits); a receipt saved twice counted once when asked; a total row when asked.
Every figure comes from the receipts themselves (the merchant on the first line, the date and
time, the amounts after their labels, the card on the Paid line); the options only from the
instruction."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any, Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.pdf import amount, labelled_amount
from forge.checks.pdf_invoices import table_verdict
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import PdfView, TableView

ReceiptAmount = Literal["total", "net", "vat"]
ClaimLayout = Literal["receipts", "days"]
LABELS: dict[str, str] = {"total": "Total", "net": "Net", "vat": "VAT"}
_WHEN = re.compile(r"Date\s*:\s*(\d{2})/(\d{2})/(\d{4})\s+Time\s*:\s*(\d{2}):(\d{2})", re.IGNORECASE)
_NUMBER = re.compile(r"Receipt\s+no\s*:\s*(\S+)", re.IGNORECASE)
_PAID = re.compile(r"Paid\s*:\s*(.*)", re.IGNORECASE)


class ReceiptsClaimed(CheckOptions):
    file: OutputPath = Field(description="The claim csv.")
    first_file: InputPath = Field(description="The receipt PDFs, as the task lists them.")
    second_file: InputPath
    third_file: InputPath
    fourth_file: InputPath | None = None
    fifth_file: InputPath | None = None
    amount: ReceiptAmount = Field(description="total: what was paid; net: before VAT; vat: the VAT in it.")
    layout: ClaimLayout = Field(description="receipts: date,merchant,<amount> per receipt, in the order paid; "
                                "days: date,<amount> per day (its receipts' sum), oldest first.")
    company_card: str | None = Field(default=None, pattern=r"^\d{4}$", description="Leave out the receipts paid "
                                     "with the card ending in these four digits.")
    once: bool = Field(default=False, description="A receipt saved twice (same merchant and receipt number) "
                       "counts once.")
    total_row: bool = Field(default=False, description="A last row 'Total' with the amounts' sum (other cells "
                            "empty).")
    tolerance: float = Field(default=0.005, ge=0)


def receipt_fields(path: str, pages: list[str]) -> dict[str, Any] | str:
    """What a receipt prints (merchant, when, number, card digits or None, amounts), or why not."""
    text = "\n".join(pages)
    lines = [fold(line) for line in text.splitlines() if line.strip()]
    when, number, paid = _WHEN.search(text), _NUMBER.search(text), _PAID.search(text)
    printed = {key: labelled_amount(pages, label) for key, label in LABELS.items()}
    if not lines or when is None or number is None or paid is None or None in printed.values():
        return f"{path} does not print a merchant, Date and Time, Receipt no, Paid line and Net, VAT and Total"
    day, month, year, hour, minute = (int(g) for g in when.groups())
    card = re.search(r"(\d{4})\s*$", paid.group(1).strip())
    return {"merchant": lines[0], "when": dt.datetime(year, month, day, hour, minute), "number": number.group(1),
            "card": card.group(1) if card else None,
            **{key: amount(value) for key, value in printed.items() if value is not None}}


def expected_rows(state: FinalState, opts: ReceiptsClaimed) -> list[list[Any]] | str:
    """The claim's rows under its header, or why the receipts cannot give them."""
    receipts: list[dict[str, Any]] = []
    seen: set[tuple[str, str]] = set()
    for path in (p for p in (opts.first_file, opts.second_file, opts.third_file, opts.fourth_file,
                             opts.fifth_file) if p):
        fields = receipt_fields(path, input_view(state, path, PdfView).pages)
        if isinstance(fields, str):
            return fields
        key = (fields["merchant"].casefold(), fields["number"])
        if opts.once and key in seen:
            continue
        seen.add(key)
        if opts.company_card is None or fields["card"] != opts.company_card:
            receipts.append(fields)
    receipts.sort(key=lambda r: (r["when"], r["merchant"].casefold()))
    rows: list[list[Any]]
    if opts.layout == "receipts":
        rows = [[r["when"].date(), r["merchant"], r[opts.amount]] for r in receipts]
    else:
        days: dict[dt.date, float] = {}
        for r in receipts:
            days[r["when"].date()] = days.get(r["when"].date(), 0.0) + r[opts.amount]
        rows = [[day, round(value, 2)] for day, value in days.items()]
    if opts.total_row:
        rows.append(["Total", *([""] if opts.layout == "receipts" else []),
                     round(sum(r[opts.amount] for r in receipts), 2)])
    return rows


def claim_header(opts: ReceiptsClaimed) -> list[str]:
    return ["date", *(["merchant"] if opts.layout == "receipts" else []), opts.amount]


@register_check("pdf.receipts_claimed", ReceiptsClaimed, view="table")
def receipts_claimed(state: FinalState, opts: ReceiptsClaimed) -> Verdict:
    """The csv's header is date (and merchant, per receipt) and the amount's name, then a row per
    receipt in the order paid or per day oldest first (dates as YYYY-MM-DD, amounts to the cent
    as the receipts print them), only the receipts asked for, each receipt once when asked, and
    the total row when asked; nothing else."""
    rows = expected_rows(state, opts)
    if isinstance(rows, str):
        return Verdict.of(False, rows)
    return table_verdict([claim_header(opts), *rows], output_view(state, opts.file, TableView).get().rows,
                         opts.file, opts.tolerance)
