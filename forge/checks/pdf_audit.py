"""Supplier invoices checked before they are paid: the line amounts (quantity times unit price),
the totals (net the sum of the lines, tax the printed rate of the net, total due net plus tax), or
both; the invoices that do not add up written down by number, or with the total due each should
show. Every figure comes from the invoice PDFs themselves (the printed table and the labelled
amounts); what is checked and how it is reported from the instruction."""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import Field

from forge.checks._compare import is_number
from forge.checks.document import fold
from forge.checks.pdf import amount
from forge.checks.pdf_invoices import invoice_fields
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import PdfView, TableView, TextView

Audit = Literal["lines", "totals", "both"]
_RATE = re.compile(r"Tax\s*\((\d+(?:\.\d+)?)\s*%\)", re.IGNORECASE)
_AMOUNT = re.compile(r"-?\d[\d,]*\.\d\d")


class InvoicesAudited(CheckOptions):
    file: OutputPath = Field(description="The text file, one line per invoice that does not add up.")
    first_file: InputPath = Field(description="The invoices, in the order the task lists them.")
    second_file: InputPath
    third_file: InputPath
    fourth_file: InputPath
    audit: Audit = Field(description="lines: each line's amount is its quantity times its unit price; totals: net is "
                         "the sum of the printed line amounts, tax the printed rate of net, total due net plus tax; "
                         "both: either kind of error.")
    report: Literal["numbers", "corrected"] = Field(description="numbers: the invoice number per line; corrected: "
                                                    "'number: total due' with the total the invoice should show, "
                                                    "worked out from quantities and unit prices.")


def _cents(value: float) -> int:
    return round(value * 100)


def audit_figures(lines: list[tuple[float, float, float]], net: float, tax: float, total: float,
                  pct: float) -> tuple[bool, bool, int]:
    """Whether the lines (quantity, unit price, amount) add up, whether the totals do, and the
    total due (in cents) worked out from quantities and unit prices."""
    printed = [_cents(a) for _, _, a in lines]
    made = [_cents(q * p) for q, p, _ in lines]
    net_c, tax_c, total_c = _cents(net), _cents(tax), _cents(total)
    totals_ok = net_c == sum(printed) and tax_c == round(net_c * pct / 100) and total_c == net_c + tax_c
    return printed == made, totals_ok, sum(made) + round(sum(made) * pct / 100)


def invoice_audit(state: FinalState, path: str) -> dict[str, Any]:
    """One invoice's number, whether its lines and its totals add up, and the total due it should show."""
    pages = input_view(state, path, PdfView).pages
    fields = invoice_fields(pages)
    rate = _RATE.search("\n".join(pages))
    tables = input_view(state, path, TableView).tables
    if not tables or None in (fields["invoice"], fields["net"], fields["tax"], fields["total"]) or rate is None:
        raise CheckError(f"{path} does not print an invoice's number, lines, net, tax (with its rate) and total")
    lines = [(r[1], r[2], r[3]) for r in tables[0].rows[1:] if len(r) >= 4 and all(is_number(v) for v in r[1:4])]
    lines_ok, totals_ok, should = audit_figures(lines, fields["net"], fields["tax"], fields["total"],
                                                float(rate.group(1)))
    return {"invoice": fields["invoice"], "lines_ok": lines_ok, "totals_ok": totals_ok, "should_total": should}


@register_check("pdf.invoices_audited", InvoicesAudited, view="pdf")
def invoices_audited(state: FinalState, opts: InvoicesAudited) -> Verdict:
    """One line per invoice whose figures do not add up under the check asked for, in the order
    the files are listed: its number, and with `corrected` the total due it should show (to the
    cent); nothing else."""
    audits = [invoice_audit(state, p) for p in (opts.first_file, opts.second_file, opts.third_file, opts.fourth_file)]
    wrong = [a for a in audits if (opts.audit in ("lines", "both") and not a["lines_ok"])
             or (opts.audit in ("totals", "both") and not a["totals_ok"])]
    lines = [fold(line) for line in output_view(state, opts.file, TextView).text.splitlines() if line.strip()]
    if len(lines) != len(wrong):
        return Verdict.of(False, f"{opts.file} has {len(lines)} lines, expected {len(wrong)}: "
                          + (", ".join(a["invoice"] for a in wrong) or "none"))
    for n, (line, a) in enumerate(zip(lines, wrong, strict=True), start=1):
        number, _, rest = line.partition(":")
        if number.strip().strip("-* ").casefold() != a["invoice"].casefold():
            return Verdict.of(False, f"line {n} of {opts.file} names {number.strip()!r}, expected {a['invoice']!r}")
        if opts.report == "corrected":
            got = [_cents(amount(x)) for x in _AMOUNT.findall(rest)]
            if got != [a["should_total"]]:
                return Verdict.of(False, f"line {n} of {opts.file} gives {rest.strip()!r} for {a['invoice']}, expected "
                                  f"{a['should_total'] / 100:.2f}")
    return Verdict.of(True, f"{len(wrong)} invoice(s) that do not add up, as listed")
