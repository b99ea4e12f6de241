"""Reconcile a month's bank statement (PDF) with the ledger export (csv) before the month is
closed, matching each transaction on its reference: the bank lines nobody recorded (charges,
interest, a direct debit), the ledger payments not yet cleared, or the entries whose amounts
differ (a transposed figure, a fee taken off a receipt); listed in a csv, or their total as one
amount. Every statement holds all three kinds, so what is looked for decides the answer."""

from __future__ import annotations

import datetime as dt
import io
from typing import Literal

from pydantic import BaseModel

from forge.checks.pdf_reconcile import Find
from forge.models import ReferenceSolution
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._csvfile import csv_bytes
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Report = Literal["list", "total"]
BANKS = ["Northbridge Bank", "Harbour Savings Bank", "Union Commercial Bank", "Crown & Shire Bank"]
UTILITIES = ["CITY WATER", "GRIDLINE ENERGY", "FIBRENET BROADBAND", "OFFICE LEASE CO"]
_WHAT = ("{% if find == 'unrecorded' %}the statement lines whose Reference is not in the ledger (what the bank "
         "recorded and we did not){% elif find == 'uncleared' %}the ledger entries whose reference is not on the "
         "statement (not cleared by the bank yet){% else %}the transactions on both whose amounts differ{% endif %}")
_OUT = ("{% if report == 'total' %}their total as one plain number with two decimals (money out negative{% if find "
        "== 'mismatched' %}; each difference is the statement's amount minus the ledger's{% endif %}), nothing else"
        "{% elif find == 'mismatched' %}a csv with the header reference,ledger_amount,statement_amount, a row per "
        "transaction in ledger order{% else %}a csv with the header {% if find == 'unrecorded' %}date,description,"
        "reference,amount, a row per line in statement order{% else %}date,payee,reference,amount, a row per entry in "
        "ledger order{% endif %}, dates as YYYY-MM-DD and amounts as plain numbers (money out negative){% endif %}")


class Options(SkillParams):
    find: Find | None = None
    report: Report | None = None


class Params(Prepared):
    statement: str
    ledger: str
    output: str
    month: str
    find: Find
    report: Report


class Entry(BaseModel):
    day: dt.date
    payee: str
    reference: str
    amount: float


def _money(value: float) -> str:
    return f"{value:,.2f}"


def draw_books(ctx: WorkflowContext, month: dt.date) -> tuple[list[Entry], list[Entry]]:
    """(ledger, statement lines): the month's payments and receipts; two or three not cleared (late
    in the month), one or two cleared for another amount, and bank-only lines the books lack."""
    last = (month.replace(day=28) + dt.timedelta(days=4)).replace(day=1) - dt.timedelta(days=1)
    refs = iter(ctx.rng.sample(range(1000, 9999), 45))
    ledger = []
    for k in range(ctx.rng.randint(28, 38)):
        receipt = k >= 5 and ctx.rng.random() < 0.5  # five payments at least
        payee = next(n for n in iter(ctx.faker.company, None) if len(n) <= 24)
        amount = ctx.rng.randint(20000, 1500000) / 100 if receipt else -ctx.rng.randint(5000, 900000) / 100
        ledger.append(Entry(day=month + dt.timedelta(days=ctx.rng.randrange(last.day)), payee=payee,
                            reference=f"{'INV' if receipt else 'PAY'}-{next(refs)}", amount=amount))
    ledger.sort(key=lambda e: e.day)
    late = [e for e in ledger if e.amount < 0 and e.day > last - dt.timedelta(days=8)]
    uncleared = set(id(e) for e in ctx.rng.sample(late, min(len(late), ctx.rng.randint(2, 3))))
    if len(uncleared) < 2:  # no late payments drawn: move two payments to the month's last days
        for e in ctx.rng.sample([e for e in ledger if e.amount < 0], 2):
            e.day = last - dt.timedelta(days=ctx.rng.randrange(3))
            uncleared.add(id(e))
        ledger.sort(key=lambda e: e.day)
    cleared = [e for e in ledger if id(e) not in uncleared]
    differs = set(id(e) for e in ctx.rng.sample(cleared, ctx.rng.randint(1, 2)))
    bank = []
    for e in cleared:
        amount = e.amount
        if id(e) in differs:
            amount = round(e.amount - 12.50, 2) if e.amount > 0 else round(e.amount - ctx.rng.choice([9, 90, 0.9]), 2)
        bank.append(Entry(day=min(last, e.day + dt.timedelta(days=ctx.rng.randint(0, 2))), payee=e.payee.upper(),
                          reference=e.reference, amount=amount))
    extras = [("BANK CHARGES", "FEE", -ctx.rng.randint(500, 4500) / 100),
              ("INTEREST PAID", "INT", ctx.rng.randint(50, 3000) / 100),
              (f"DIRECT DEBIT {ctx.rng.choice(UTILITIES)}", "DD", -ctx.rng.randint(2000, 40000) / 100)]
    for text, prefix, amount in ctx.rng.sample(extras, ctx.rng.randint(2, 3)):
        bank.append(Entry(day=month + dt.timedelta(days=ctx.rng.randrange(last.day)), payee=text,
                          reference=f"{prefix}-{next(refs)}", amount=amount))
    bank.sort(key=lambda e: e.day)
    return ledger, bank


def statement_pdf(bank_name: str, company: str, month: dt.date, opening: float, lines: list[Entry]) -> bytes:
    """The statement: account details, the opening balance, the transactions with a running
    balance (header repeated on each page), the closing balance."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    styles = getSampleStyleSheet()
    buf = io.BytesIO()
    template = SimpleDocTemplate(buf, pagesize=A4, title=f"{bank_name} statement {month:%B %Y}", invariant=True)
    balance, rows = opening, []
    for e in lines:
        balance = round(balance + e.amount, 2)
        rows.append([e.day.isoformat(), e.payee, e.reference, _money(e.amount), _money(balance)])
    table = Table([["Date", "Description", "Reference", "Amount", "Balance"], *rows], repeatRows=1,
                  colWidths=[70, 190, 70, 80, 80])
    table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, 0), "Helvetica-Bold"), ("ALIGN", (3, 0), (4, -1), "RIGHT")]))
    story = [Paragraph(f"{bank_name}: business current account statement", styles["Title"]),
             Paragraph(f"Account holder: {company}", styles["Normal"]),
             Paragraph(f"Statement period: {month:%d %B %Y} to the end of {month:%B %Y}", styles["Normal"]),
             Paragraph(f"Opening balance: {_money(opening)}", styles["Normal"]), Spacer(1, 10), table, Spacer(1, 10),
             Paragraph(f"Closing balance: {_money(balance)}", styles["Normal"])]
    template.build(story)
    return buf.getvalue()


def ledger_csv(entries: list[Entry]) -> bytes:
    return csv_bytes(["date", "payee", "reference", "amount"],
                     [[e.day.isoformat(), e.payee, e.reference, f"{e.amount:.2f}"] for e in entries])


@register_workflow
class ReconcileStatement(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.reconcile_statement", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Reconcile the bank statement {{ statement }} with our ledger export {{ ledger }} for {{ month }}, "
            "matching transactions on their reference (the statement's Reference column, the ledger's reference "
            "column). Write to {{ output }} " + _WHAT + ": " + _OUT + ".",
            "I'm closing {{ month }} and need the bank reconciled. Could you compare {{ statement }} against "
            "{{ ledger }} (match on the reference) and find " + _WHAT + "? In {{ output }} I'd like " + _OUT + ".",
            "{{ statement }} vs {{ ledger }}, matched on reference -> {{ output }}: " + _WHAT + "; " + _OUT + ".",
        ],
        criteria=["Exactly the transactions asked for, matched on their reference across every page of the statement.",
                  "Dates, references and amounts as the statement or ledger gives them, or their total to the cent."],
        files=[FileSlot(param="statement", type="pdf", role="input", description="A month's bank statement"),
               FileSlot(param="ledger", type="csv", role="input", description="The ledger's bank transactions"),
               FileSlot(param="output", type="csv", description="What the reconciliation found",
                        types_by={"report": {"list": "csv", "total": "txt"}})],
        checks=[CheckTemplate(func="pdf.statement_reconciled", paths={"statement_file": "statement",
                                                                       "ledger_file": "ledger"},
                              bind={"find": "find", "report": "report"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        month = dt.date(ctx.rng.choice([2024, 2025]), ctx.rng.randint(1, 12), 1)
        ledger, bank = draw_books(ctx, month)
        company, bank_name = ctx.faker.company(), ctx.rng.choice(BANKS)
        report: Report = opts.report or ctx.rng.choice(["list", "total"])
        find: Find = opts.find or ctx.rng.choice(["unrecorded", "uncleared", "mismatched"])
        folder = ctx.rng.choice(["", "finance/", "bank/"])
        params = Params(statement=f"{folder}statement_{month:%Y_%m}.pdf", ledger=f"{folder}ledger_{month:%Y_%m}.csv",
                        output=f"reconciliation_{find}.{'csv' if report == 'list' else 'txt'}",
                        month=f"{month:%B %Y}", find=find, report=report)
        opening = ctx.rng.randint(500000, 6000000) / 100
        return params.with_files(statement=statement_pdf(bank_name, company, month, opening, bank),
                                 ledger=ledger_csv(ledger))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, re
            from pypdf import PdfReader
            bank = []
            for page in PdfReader({lit(params.statement)}).pages:
                for line in page.extract_text(extraction_mode="layout").splitlines():
                    cells = [c for c in re.split(r"\\s{{2,}}", line.strip()) if c]
                    if len(cells) == 5 and re.fullmatch(r"\\d{{4}}-\\d\\d-\\d\\d", cells[0]):
                        bank.append((cells[0], cells[1], cells[2], round(float(cells[3].replace(",", "")) * 100)))
            with open({lit(params.ledger)}, newline="") as fh:
                books = [(r["date"], r["payee"], r["reference"], round(float(r["amount"]) * 100))
                         for r in csv.DictReader(fh)]
            on_bank, in_books = {{b[2]: b for b in bank}}, {{e[2]: e for e in books}}
            find = {lit(params.find)}
            if find == "unrecorded":
                header, rows = ["date", "description", "reference", "amount"], [b for b in bank if b[2] not in in_books]
                total = sum(r[3] for r in rows)
            elif find == "uncleared":
                header, rows = ["date", "payee", "reference", "amount"], [e for e in books if e[2] not in on_bank]
                total = sum(r[3] for r in rows)
            else:
                header = ["reference", "ledger_amount", "statement_amount"]
                rows = [(e[2], e[3], on_bank[e[2]][3]) for e in books if e[2] in on_bank and on_bank[e[2]][3] != e[3]]
                total = sum(r[2] - r[1] for r in rows)
            with open({lit(params.output)}, "w", newline="") as fh:
                if {lit(params.report)} == "total":
                    fh.write(f"{{total / 100:.2f}}\\n")
                else:
                    writer = csv.writer(fh)
                    writer.writerow(header)
                    writer.writerows([*r[:-2], *(f"{{v / 100:.2f}}" for v in r[-2:])] if find == "mismatched"
                                     else [*r[:-1], f"{{r[-1] / 100:.2f}}"] for r in rows)
            print(open({lit(params.output)}).read())
        """
        return solution(script_step(script, f"I read the statement's transaction table in layout mode with pypdf "
                                    f"(every page), match it with {params.ledger} on the reference and write what "
                                    "was asked.", f"Write {params.output}"))
