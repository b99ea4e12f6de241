"""A month's bank statement (PDF, its transaction table over one or more pages) reconciled with
the company's ledger export (a table) on each transaction's reference: the bank lines the ledger
has not recorded (fees, interest, a direct debit), the ledger entries not yet on the statement
(payments not cleared), or the entries whose amounts differ; listed, or their total as one
number. Everything comes from the statement's printed table and the ledger; what is looked for
and how it is reported from the instruction."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any, Literal

from pydantic import Field

from forge.checks._compare import is_number
from forge.checks.document import fold
from forge.checks.pdf_invoices import table_verdict
from forge.checks.pdf_table_export import printed_rows
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TableView, TextView

Find = Literal["unrecorded", "uncleared", "mismatched"]
HEADERS: dict[str, list[str]] = {"unrecorded": ["date", "description", "reference", "amount"],
                                 "uncleared": ["date", "payee", "reference", "amount"],
                                 "mismatched": ["reference", "ledger_amount", "statement_amount"]}
_TOTAL = re.compile(r"-?\d{1,3}(?:,?\d{3})*\.\d\d")


class StatementReconciled(CheckOptions):
    file: OutputPath = Field(description="A csv with the header HEADERS[find] (list), or a text file holding one "
                             "amount (total).")
    statement_file: InputPath = Field(description="The bank statement: a table Date, Description, Reference, "
                                      "Amount (money out negative), Balance.")
    ledger_file: InputPath = Field(description="The ledger export: a table date, payee, reference, amount.")
    find: Find = Field(description="unrecorded: statement lines whose reference the ledger lacks (statement order); "
                       "uncleared: ledger entries whose reference the statement lacks (ledger order); mismatched: "
                       "references on both with different amounts (ledger order).")
    report: Literal["list", "total"] = Field(description="list: a csv row per item; total: their amounts summed "
                                             "(mismatched: statement minus ledger), two decimals.")
    tolerance: float = Field(default=0.005, ge=0)


def _rows(rows: list[list[Any]], header: list[str], columns: list[str], where: str) -> list[dict[str, Any]]:
    names = [fold(str(h)).casefold() for h in header]
    if missing := [c for c in columns if c.casefold() not in names]:
        raise CheckError(f"{where} has no column {missing[0]!r}; its header: {header}")
    return [{c: r[names.index(c.casefold())] for c in columns} for r in rows if is_number(r[names.index("amount")])]


def _date(value: Any) -> Any:
    if isinstance(value, dt.date):
        return value
    try:
        return dt.date.fromisoformat(str(value).strip())
    except ValueError:
        return value


def findings(state: FinalState, opts: StatementReconciled) -> tuple[list[list[Any]], float]:
    """The rows the list must hold (header aside) and their total."""
    header, rows = printed_rows(state, opts.statement_file)
    bank = _rows(rows, header, ["Date", "Description", "Reference", "Amount"], opts.statement_file)
    ledger_table = input_view(state, opts.ledger_file, TableView).get().rows
    books = _rows(ledger_table[1:], [str(h) for h in ledger_table[0]], ["date", "payee", "reference", "amount"],
                  opts.ledger_file)
    on_bank = {fold(str(b["Reference"])).casefold(): b for b in bank}
    in_books = {fold(str(e["reference"])).casefold(): e for e in books}
    if opts.find == "unrecorded":
        picked = [b for b in bank if fold(str(b["Reference"])).casefold() not in in_books]
        return ([[_date(b["Date"]), fold(str(b["Description"])), fold(str(b["Reference"])), b["Amount"]]
                 for b in picked], sum(b["Amount"] for b in picked))
    if opts.find == "uncleared":
        picked = [e for e in books if fold(str(e["reference"])).casefold() not in on_bank]
        return ([[_date(e["date"]), e["payee"], e["reference"], e["amount"]] for e in picked],
                sum(e["amount"] for e in picked))
    pairs = [(e, on_bank[k]) for e in books if (k := fold(str(e["reference"])).casefold()) in on_bank
             and round(e["amount"] * 100) != round(on_bank[k]["Amount"] * 100)]
    return ([[e["reference"], e["amount"], b["Amount"]] for e, b in pairs],
            sum(b["Amount"] - e["amount"] for e, b in pairs))


@register_check("pdf.statement_reconciled", StatementReconciled, view="table")
def statement_reconciled(state: FinalState, opts: StatementReconciled) -> Verdict:
    """A list: the csv header for what is looked for, then one row per item matched on its
    reference (dates as YYYY-MM-DD, amounts as plain numbers, money out negative), in statement or
    ledger order; nothing else. A total: the file holds that one amount, to the cent."""
    rows, total = findings(state, opts)
    if opts.report == "list":
        return table_verdict([HEADERS[opts.find], *rows], output_view(state, opts.file, TableView).get().rows,
                             opts.file, opts.tolerance)
    text = output_view(state, opts.file, TextView).text.strip()
    if not _TOTAL.fullmatch(text):
        return Verdict.of(False, f"{opts.file} holds {text[:40]!r}, expected one amount with two decimals: "
                          f"{total:.2f}")
    got = float(text.replace(",", ""))
    if abs(got - round(total, 2)) > opts.tolerance:
        return Verdict.of(False, f"{opts.file} gives {text}, expected {total:.2f}")
    return Verdict.of(True, f"the total {total:.2f} of {len(rows)} item(s)")
