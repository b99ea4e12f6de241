"""Match five supplier invoices (PDF) against the purchase-order list (csv) before the payment
run, as accounts payable do: whether each quotes a PO on the list, whether the order's supplier
is the one invoicing, whether the total due is the approved amount (to the cent, or within an
allowed difference); the invoices that do not match written down by number, or in a csv with the
reason. One invoice matches; the others quote an unknown PO, come from another supplier, or are
a little or a lot off their order's amount, so what is compared decides the answer."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from forge.checks.pdf_po_match import MatchOn
from forge.models import ReferenceSolution
from preparers.pdf import PdfContent, make_pdf, write_pdf
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._csvfile import csv_bytes
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Report = Literal["numbers", "reasons"]
SLOTS = ("first", "second", "third", "fourth", "fifth")
ROLES = ("clean", "no_po", "supplier", "far", "near")  # what is wrong with each invoice drawn
COLUMNS = ["po_number", "supplier", "approved_amount", "raised_on", "requested_by"]
_FILES = "{{ first }}, {{ second }}, {{ third }}, {{ fourth }} and {{ fifth }}"
_LIST = "the purchase-order list {{ orders }} (columns po_number, supplier, approved_amount)"
_WHAT = ("{% if match == 'po' %}whether it quotes a PO number that is on the list{% else %}whether it quotes a PO "
         "number on the list{% if match in ('supplier', 'all') %}, whether that order's supplier is the company "
         "invoicing{% endif %}{% if match in ('amount', 'all') %}{% if match == 'all' %},{% endif %} and whether its "
         "total due is the order's approved_amount{% if allowed_difference %} give or take {{ allowed }} either way"
         "{% else %} to the cent{% endif %}{% endif %}{% endif %}")
_OUT = ("{% if report == 'numbers' %}the number of each invoice that does not match, one per line{% else %}a csv with "
        "the header invoice,reason and a row per invoice that does not match: its number and the reason - \"no PO\" "
        "when its PO is not on the list{% if match in ('supplier', 'all') %}, else \"supplier\"{% endif %}"
        "{% if match in ('amount', 'all') %}, else \"amount\"{% endif %}{% endif %}")


class Options(SkillParams):
    match: MatchOn | None = None
    within: bool | None = None
    report: Report | None = None


class Params(Prepared):
    first: str
    second: str
    third: str
    fourth: str
    fifth: str
    orders: str
    output: str
    match: MatchOn
    allowed_difference: float | None
    allowed: str
    report: Report


def _with_po(doc: PdfContent, po: str) -> PdfContent:
    """The invoice quoting its purchase order under the bill-to line."""
    return doc.model_copy(update={"paragraphs": [*doc.paragraphs[:2], f"Purchase order: {po}", *doc.paragraphs[2:]]})


def _total(doc: PdfContent) -> float:
    return float(doc.footnotes[2].split(": ")[1].replace(",", ""))


def _raised(ctx: WorkflowContext, before: dt.date) -> str:
    """The day an order was raised: some weeks before the invoice (seeded, not today's date)."""
    return (before - dt.timedelta(days=ctx.rng.randint(10, 60))).isoformat()


@register_workflow
class MatchInvoices(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.match_invoices", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Before the payment run, match the supplier invoices " + _FILES + " against " + _LIST + ": for each "
            "invoice check " + _WHAT + ". Write to {{ output }} " + _OUT + ", in the order the invoices are listed "
            "here.",
            "Accounts payable won't release anything that doesn't match its purchase order. Could you go through "
            + _FILES + " and check each against " + _LIST + " - " + _WHAT + "? Put " + _OUT + " in {{ output }}, "
            "following my order of the files.",
            _FILES + " vs {{ orders }} (po_number, supplier, approved_amount) -> {{ output }}: for each invoice, "
            + _WHAT
            + "; write " + _OUT + "; invoices in the order listed.",
        ],
        criteria=["Exactly the invoices that fail the comparison asked, in the order listed.",
                  "With reasons asked, each the first that applies: no PO, then supplier, then amount."],
        files=[*(FileSlot(param=s, type="pdf", role="input", description="A supplier invoice") for s in SLOTS),
               FileSlot(param="orders", type="csv", role="input", description="The purchase-order list"),
               FileSlot(param="output", type="txt", description="The invoices that do not match",
                        types_by={"report": {"numbers": "txt", "reasons": "csv"}})],
        checks=[CheckTemplate(func="pdf.invoices_matched",
                              paths={"orders_file": "orders", **{f"{s}_file": s for s in SLOTS}},
                              fixed={"po_column": "po_number", "supplier_column": "supplier",
                                     "amount_column": "approved_amount"},
                              bind={"match": "match", "allowed_difference": "allowed_difference", "report": "report"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        match: MatchOn = opts.match or ctx.rng.choice(["po", "supplier", "amount", "all"])
        within = match in ("amount", "all") and (opts.within if opts.within is not None else ctx.rng.random() < 0.5)
        report: Report = opts.report or ctx.rng.choice(["numbers", "reasons"])
        allowed = ctx.rng.choice([5, 10, 20, 50])
        docs: list[PdfContent] = []
        while len(docs) < len(SLOTS):
            doc = make_pdf(ctx.rng, ctx.faker, kind="invoice")
            if all(d.title != doc.title and d.author != doc.author for d in docs):
                docs.append(doc)
        pos = ctx.rng.sample(range(10000, 100000), len(SLOTS) + 4)
        roles = list(ROLES)
        ctx.rng.shuffle(roles)
        rows, invoices = [], []
        for doc, role, po in zip(docs, roles, pos, strict=False):
            supplier, amount = doc.author, _total(doc)
            if role == "supplier":
                printed = " ".join([*doc.paragraphs, *doc.footnotes]).casefold()
                while supplier.casefold() in printed:
                    supplier = ctx.faker.company()
            elif role in ("far", "near"):
                gap = allowed * ctx.rng.uniform(3, 12) if role == "far" else allowed * ctx.rng.uniform(0.2, 0.8)
                amount = round(amount + ctx.rng.choice([-1, 1]) * max(0.01, round(gap, 2)), 2)
            if role != "no_po":
                rows.append([f"PO-{po}", supplier, f"{amount:.2f}", _raised(ctx, doc.date), ctx.faker.name()])
            invoices.append(_with_po(doc, f"PO-{po if role != 'no_po' else pos[-1]}"))
        for po in pos[len(SLOTS):-1]:  # open orders not invoiced yet
            approved = ctx.rng.randrange(30000, 2000000) / 100
            rows.append([f"PO-{po}", ctx.faker.company(), f"{approved:.2f}",
                         _raised(ctx, max(d.date for d in docs)), ctx.faker.name()])
        ctx.rng.shuffle(rows)
        folder = ctx.rng.choice(["", "invoices/", "to_pay/"])
        params = Params(**{s: f"{folder}{d.file_stem}.pdf" for s, d in zip(SLOTS, invoices, strict=True)},
                        orders=ctx.rng.choice(["purchase_orders.csv", "open_pos.csv", "po_list.csv"]),
                        output="po_mismatches." + ("txt" if report == "numbers" else "csv"), match=match,
                        allowed_difference=float(allowed) if within else None,
                        allowed=f"{allowed:.2f}" if within else "", report=report)
        return params.with_files(**{s: write_pdf(d) for s, d in zip(SLOTS, invoices, strict=True)},
                                 orders=csv_bytes(COLUMNS, rows))

    def reference(self, params: Params) -> ReferenceSolution:
        files = [params.first, params.second, params.third, params.fourth, params.fifth]
        compared = {"po": ["no PO"], "supplier": ["no PO", "supplier"], "amount": ["no PO", "amount"],
                    "all": ["no PO", "supplier", "amount"]}[params.match]
        script = f"""
            import csv, re
            from pypdf import PdfReader
            with open({lit(params.orders)}, newline="") as fh:
                orders = {{r["po_number"]: r for r in csv.DictReader(fh)}}
            out = []
            for path in {lit(files)}:
                text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(path).pages)
                number = re.search(r"\\bINV-[\\w-]+", text).group(0)
                total = float(re.search(r"Total due\\s*:\\s*([\\d,]+\\.\\d\\d)", text).group(1).replace(",", ""))
                quoted = [po for po in orders if re.search(r"(?<![\\w-])" + re.escape(po) + r"(?![\\w-])", text)]
                issues = []
                if not quoted:
                    issues.append("no PO")
                else:
                    order = orders[quoted[0]]
                    if order["supplier"].lower() not in text.lower():
                        issues.append("supplier")
                    off = round(abs(total - float(order["approved_amount"])) * 100)
                    if off > round({params.allowed_difference or 0} * 100):
                        issues.append("amount")
                kept = [i for i in issues if i in {lit(compared)}]
                print(path, number, quoted, total, issues)
                if kept:
                    out.append((number, kept[0]))
            with open({lit(params.output)}, "w", newline="") as fh:
                if {lit(params.report)} == "numbers":
                    fh.write("".join(n + "\\n" for n, _ in out))
                else:
                    writer = csv.writer(fh)
                    writer.writerow(["invoice", "reason"])
                    writer.writerows(out)
            print(open({lit(params.output)}).read())
        """
        return solution(script_step(script, f"I read {params.orders} and each invoice's number, PO and total due "
                                    "with pypdf, compare them as asked and write down the invoices that do not "
                                    "match.", f"Write {params.output}"))
