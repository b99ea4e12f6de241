"""Summarise four supplier invoices (PDF) in a csv for the books: one row per invoice with its
number, its invoice or payment due date, and its total (or net, tax and total); oldest first or
largest first; only those due before a day when someone is chasing payments; a total row when
asked. What an accounts clerk does at month end."""

from __future__ import annotations

import datetime as dt
from forge.checks.pdf_invoices import HEADERS, InvoiceColumns, InvoiceOrder, invoice_fields
from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.pdf import make_pdf, write_pdf
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

_COLS = ("the invoice number, {% if columns == 'due' %}the payment due date{% else %}the invoice date{% endif %}"
         "{% if columns == 'breakdown' %}, the net amount, the tax{% endif %} and the total due")
_ORDER = "{% if order == 'date' %}oldest invoice first{% else %}largest total first{% endif %}"
_DUE = "{% if due_before %} whose payment is due before {{ due_before }}{% endif %}"
_TOTAL = "{% if total %} End with a row starting with Total that sums each amount column, other cells empty.{% endif %}"
_FILES = "{{ first }}, {{ second }}, {{ third }} and {{ fourth }}"


class Options(SkillParams):
    columns: InvoiceColumns | None = None
    order: InvoiceOrder | None = None
    total: bool | None = None
    overdue: bool | None = None


class Params(Prepared):
    first: str
    second: str
    third: str
    fourth: str
    output: str
    columns: InvoiceColumns
    header: str
    order: InvoiceOrder
    total: bool
    due_before: str | None


def _cutoff(ctx: WorkflowContext, dues: list[dt.date]) -> str:
    """A day strictly between two due dates (never on one), leaving some invoices on each side."""
    ranked = sorted(dues)
    gaps = [k for k in range(1, len(ranked)) if (ranked[k] - ranked[k - 1]).days >= 2]
    if not gaps:
        raise WorkflowError("no two due dates two days apart to put the cut-off between")
    k = ctx.rng.choice(gaps)
    return (ranked[k - 1] + dt.timedelta(days=ctx.rng.randint(1, (ranked[k] - ranked[k - 1]).days - 1))).isoformat()


@register_workflow
class InvoiceSummary(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.invoice_summary", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Summarise the supplier invoices " + _FILES + " in the CSV file {{ output }}: the header line "
            "{{ header }}, then one row per invoice" + _DUE + " with " + _COLS + ", " + _ORDER + ". Write dates "
            "as YYYY-MM-DD and amounts as plain numbers (no thousands separators)." + _TOTAL,
            "Month end again. Could you go through the invoices we got (" + _FILES + ") and put them in "
            "{{ output }} for the books? Header {{ header }}, one line per invoice" + _DUE + " giving " + _COLS
            + ", " + _ORDER + ". Dates like 2024-03-31, amounts as bare numbers." + _TOTAL,
            _FILES + " -> {{ output }} (csv, header {{ header }}): one row per invoice" + _DUE + ", " + _ORDER
            + "; dates YYYY-MM-DD, amounts plain numbers." + _TOTAL,
        ],
        criteria=["One row per invoice asked for, with the number, date and amounts it prints.",
                  "The rows in the order asked, then the total row when asked; nothing else."],
        files=[*(FileSlot(param=p, type="pdf", role="input", description="A supplier invoice")
                 for p in ("first", "second", "third", "fourth")),
               FileSlot(param="output", type="csv", description="The invoice summary")],
        checks=[CheckTemplate(func="pdf.invoices_tabulated", paths={"first_file": "first", "second_file": "second",
                                                                    "third_file": "third", "fourth_file": "fourth"},
                              bind={"columns": "columns", "order": "order",
                                    "total": "total", "due_before": "due_before"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        columns: InvoiceColumns = opts.columns or ctx.rng.choice(list(HEADERS))
        overdue = opts.overdue if opts.overdue is not None else ctx.rng.random() < 0.4
        docs, seen = [], set()
        for _ in range(40):
            doc = make_pdf(ctx.rng, ctx.faker, kind="invoice")
            if doc.date not in seen and all(d.title != doc.title for d in docs):
                docs.append(doc)
                seen.add(doc.date)
            if len(docs) == 4:
                break
        else:
            raise WorkflowError("no four invoices with distinct dates drawn")
        fields = [invoice_fields([" ".join(doc.paragraphs + doc.footnotes)]) for doc in docs]
        if len({f["total"] for f in fields}) < 4:
            raise WorkflowError("two invoices share a total; the order would tie")
        folder = ctx.rng.choice(["invoices/", "accounts/incoming/", ""])
        paths = [f"{folder}{doc.file_stem}.pdf" for doc in docs]
        params = Params(first=paths[0], second=paths[1], third=paths[2], fourth=paths[3],
                        output=f"{folder}{ctx.rng.choice(['invoice_summary', 'month_end_invoices'])}.csv",
                        columns=columns, header=",".join(HEADERS[columns]),
                        order=opts.order or ctx.rng.choice(["date", "total"]),
                        total=opts.total if opts.total is not None else ctx.rng.random() < 0.5,
                        due_before=_cutoff(ctx, [f["due"] for f in fields]) if overdue else None)
        return params.with_files(**{slot: write_pdf(doc) for slot, doc in
                                    zip(("first", "second", "third", "fourth"), docs, strict=True)})

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, re
            from pypdf import PdfReader

            def field(text, label, pattern):
                return re.search(re.escape(label) + r"\\s*(?:\\([^)]*\\))?\\s*:\\s*(" + pattern + ")", text).group(1)

            rows = []
            for path in {lit([params.first, params.second, params.third, params.fourth])}:
                text = "\\n".join(page.extract_text() or "" for page in PdfReader(path).pages)
                money = lambda label: float(field(text, label, r"[\\d,]+\\.\\d+").replace(",", ""))
                invoice = {{"invoice": re.search(r"\\b[A-Z]{{2,5}}-\\d[\\w-]*", text).group(0),
                           "date": field(text, "Invoice date", r"\\d{{4}}-\\d{{2}}-\\d{{2}}"),
                           "due": field(text, "Payment due", r"\\d{{4}}-\\d{{2}}-\\d{{2}}"),
                           "net": money("Net"), "tax": money("Tax"), "total": money("Total due")}}
                print(path, invoice)
                rows.append(invoice)
            due_before = {lit(params.due_before)}
            if due_before:
                rows = [r for r in rows if r["due"] < due_before]
            rows.sort(key=lambda r: r["date"] if {lit(params.order)} == "date" else -r["total"])
            header = {lit(HEADERS[params.columns])}
            with open({lit(params.output)}, "w", newline="") as out:
                writer = csv.writer(out)
                writer.writerow(header)
                for r in rows:
                    writer.writerow([f"{{r[c]:.2f}}" if isinstance(r[c], float) else r[c] for c in header])
                if {lit(params.total)}:
                    writer.writerow(["Total"] + [f"{{sum(r[c] for r in rows):.2f}}" if c in ("net", "tax", "total")
                                                 else "" for c in header[1:]])
            print(open({lit(params.output)}).read())
        """
        return solution(script_step(script, "I read each invoice's text with pypdf, pick out its number, dates and "
                                    "amounts by their labels, then write the rows asked for with the csv module.",
                                    f"Write {params.output}"))

