"""Make an expense claim (csv) from a business trip's till receipts (five PDFs, listed out of
order): a row per receipt with its date, merchant and amount in the order they were paid, or a
row per day with the day's sum; the amount paid, the amount before VAT or the VAT (a rail ticket
carries none); every receipt or only those not paid with the company card (already settled);
a receipt saved twice counted once; a total row when asked. Some day always holds two receipts
the claim keeps, the company card paid for at least one, and the receipt saved twice is one the
claim keeps, so every choice changes the answer."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from forge.checks.pdf_receipts import ClaimLayout, ReceiptAmount
from forge.models import ReferenceSolution
from workflows._prepared import PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._four import SLOTS as _FOUR, FourInputs
from workflows.pdf._monthly import slug
from workflows.pdf._receipts import CARDS, CITIES, Receipt, draw_receipt, receipt_pdf
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Scope = Literal["all", "personal"]
SLOTS = (*_FOUR, "fifth")
_FILES = "{{ first }}, {{ second }}, {{ third }}, {{ fourth }} and {{ fifth }}"
_AMOUNT = ("{% if amount == 'total' %}the amount paid (its Total){% elif amount == 'net' %}the amount before VAT "
           "(its Net){% else %}the VAT in it (its VAT line){% endif %}")
_SUMMED = ("{% if amount == 'total' %}the amounts paid (each receipt's Total){% elif amount == 'net' %}the amounts "
           "before VAT (each receipt's Net){% else %}the VAT on them (each receipt's VAT line){% endif %}")
_ROWS = ("{% if layout == 'receipts' %}the header date,merchant,{{ amount }} and a row per receipt - its date, the "
         "merchant as printed at the top and " + _AMOUNT + " - in the order I paid them (by date and time)"
         "{% else %}the header date,{{ amount }} and a row per day with the sum of that day's receipts - "
         + _SUMMED + " - oldest day first{% endif %}"
         "{% if total_row %}, then a last row Total with the sum of the amounts{% if layout == 'receipts' %} (its "
         "merchant cell empty){% endif %}{% endif %}")
_RULES = ("{% if card %} Leave out anything paid with the company card (the one ending in {{ card }}): those are "
          "settled already.{% endif %}{% if once %} I think I saved one receipt twice under another name (same shop, "
          "same receipt number): count each receipt only once.{% endif %} Dates as YYYY-MM-DD, amounts as plain "
          "numbers in pounds to the penny.")


class Options(SkillParams):
    amount: ReceiptAmount | None = None
    layout: ClaimLayout | None = None
    scope: Scope | None = None
    once: bool | None = None
    total_row: bool | None = None


class Params(FourInputs):
    fifth: str
    output: str
    amount: ReceiptAmount
    layout: ClaimLayout
    card: str | None
    once: bool
    total_row: bool


def _trip(ctx: WorkflowContext, company: str, personal: str, once: bool) -> list[Receipt]:
    """The trip's receipts (the one saved twice last), redrawn until the card, the day grouping
    and the repeat each change the claim."""
    city = ctx.rng.choice(sorted(CITIES))
    start = dt.date(2025, 1, 6) + dt.timedelta(days=ctx.rng.randrange(330))
    days = [start + dt.timedelta(days=k) for k in range(ctx.rng.choice([2, 3]))]
    while True:
        paid = [ctx.rng.choice([f"VISA ****{company}", f"{ctx.rng.choice(CARDS)} ****{personal}", "CASH"])
                for _ in range(4 if once else 5)]
        kinds = ctx.rng.sample(["cafe", "restaurant", "taxi", "rail", "hotel", "parking", "supplies"], k=len(paid))
        receipts = [draw_receipt(ctx, kind, ctx.rng.choice(days), p, city) for kind, p in zip(kinds, paid, strict=True)]
        kept = [r for r in receipts if company not in r.paid]
        kept_days = [r.when.date() for r in kept]
        if (len(kept) in range(2, len(receipts)) and len(set(kept_days)) < len(kept_days)
                and len({r.when for r in receipts}) == len(receipts)):
            return [*receipts, kept[0]] if once else receipts


@register_workflow
class ExpenseReceipts(PreparedWorkflow[Params]):
    states_values = ("card",)  # the company card's last four digits, as the request names them
    spec = WorkflowSpec(
        name="pdf.expense_receipts", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Make my expense claim for the trip from the receipts " + _FILES + ": write the CSV file {{ output }} "
            "with " + _ROWS + "." + _RULES,
            "Finance won't pay me back until they have the receipts from my trip as a CSV. Could you go through "
            + _FILES + " and write {{ output }} with " + _ROWS + "?" + _RULES,
            "Receipts " + _FILES + " -> {{ output }}: " + _ROWS + "." + _RULES,
        ],
        criteria=["Every figure is the one the receipt prints; dates and the order come from each receipt's date "
                  "and time.",
                  "Only the receipts asked for, each once when asked, the total row only when asked; nothing else."],
        files=[*(FileSlot(param=s, type="pdf", role="input", description="A till receipt") for s in SLOTS),
               FileSlot(param="output", type="csv", description="The expense claim")],
        checks=[CheckTemplate(func="pdf.receipts_claimed", paths={f"{s}_file": s for s in SLOTS},
                              bind={"amount": "amount", "layout": "layout", "company_card": "card", "once": "once",
                                    "total_row": "total_row"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        amount: ReceiptAmount = opts.amount or ctx.rng.choice(["total", "net", "vat"])
        layout: ClaimLayout = opts.layout or ctx.rng.choice(["receipts", "days"])
        scope: Scope = opts.scope or ctx.rng.choice(["all", "personal"])
        once = opts.once if opts.once is not None else ctx.rng.random() < 0.5
        total_row = opts.total_row if opts.total_row is not None else ctx.rng.random() < 0.5
        company, personal = (f"{n:04d}" for n in ctx.rng.sample(range(1000, 10000), 2))
        receipts = _trip(ctx, company, personal, once)
        ctx.rng.shuffle(receipts)
        folder = ctx.rng.choice(["", "receipts/", "expenses/", "Scans/receipts/"])
        names = [f"{folder}{ctx.rng.choice(['receipt', 'scan', 'IMG'])}_{n}.pdf"
                 for n in ctx.rng.sample(range(100, 10000), len(SLOTS))]
        params = Params(**dict(zip(SLOTS, names, strict=True)),
                        output=ctx.rng.choice(["expense_claim.csv", "expenses.csv", "trip_expenses.csv",
                                               f"claim_{slug(receipts[0].address[-1].split()[0])}.csv"]),
                        amount=amount, layout=layout, card=company if scope == "personal" else None, once=once,
                        total_row=total_row)
        return params.with_files(**{s: receipt_pdf(r) for s, r in zip(SLOTS, receipts, strict=True)})

    def reference(self, params: Params) -> ReferenceSolution:
        files = [params.first, params.second, params.third, params.fourth, params.fifth]
        script = f"""
            import csv, datetime, re
            from pypdf import PdfReader
            receipts, seen = [], set()
            for path in {lit(files)}:
                text = "\\n".join(page.extract_text() for page in PdfReader(path).pages)
                merchant = text.strip().splitlines()[0].strip()
                when = datetime.datetime.strptime(" ".join(re.search(r"Date: (\\S+)\\s+Time: (\\S+)", text).groups()),
                                                  "%d/%m/%Y %H:%M")
                number = re.search(r"Receipt no: (\\S+)", text).group(1)
                paid = re.search(r"Paid: (.*)", text).group(1).strip()
                label = {{"total": r"Total \\(GBP\\)", "net": r"Net \\(GBP\\)", "vat": r"VAT \\(\\d+%\\)"}}[{lit(params.amount)}]
                value = float(re.search(label + r": ([\\d.]+)", text).group(1))
                print(path, merchant, when, number, paid, value)
                if {params.once} and (merchant, number) in seen:
                    continue
                seen.add((merchant, number))
                if {lit(params.card)} is None or not paid.endswith({lit(params.card)}):
                    receipts.append((when, merchant, value))
            receipts.sort()
            if {lit(params.layout)} == "receipts":
                header = ["date", "merchant", {lit(params.amount)}]
                rows = [[w.date().isoformat(), m, f"{{v:.2f}}"] for w, m, v in receipts]
            else:
                header, days = ["date", {lit(params.amount)}], {{}}
                for w, m, v in receipts:
                    days[w.date().isoformat()] = days.get(w.date().isoformat(), 0) + v
                rows = [[d, f"{{v:.2f}}"] for d, v in days.items()]
            if {params.total_row}:
                rows.append(["Total"] + [""] * (len(header) - 2) + [f"{{sum(r[2] for r in receipts):.2f}}"])
            with open({lit(params.output)}, "w", newline="") as fh:
                csv.writer(fh).writerows([header] + rows)
            print(open({lit(params.output)}).read())
        """
        return solution(script_step(script, "I read each receipt's merchant, date and time, number, card and the "
                                    "amount asked for with pypdf, keep the receipts the claim takes and write the "
                                    "rows.", f"Write {params.output}"))
