"""Copy an invoice's line items out of the PDF into a csv for the books or a cost check: every
column or just description and amount, every line or only those of at least an amount, as
printed or largest first, and a total row when asked."""

from __future__ import annotations

from typing import Literal

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.pdf import make_pdf, write_pdf
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

_COLS = ("{% if columns %}only the Description and Amount columns{% else %}all four columns as printed "
         "(Description, Quantity, Unit Price, Amount){% endif %}")
_WHICH = "{% if min_amount %}only the lines whose amount is at least {{ min_amount }}{% else %}every line{% endif %}"
_ORDER = "{% if order == 'amount' %}largest amount first{% else %}in the order printed{% endif %}"
_TOTAL = "{% if total %} Finish with a row starting with Total that sums the amounts, other cells empty.{% endif %}"


class Options(SkillParams):
    narrow: bool | None = None
    threshold: bool | None = None
    order: Literal["printed", "amount"] | None = None
    total: bool | None = None


class Params(Prepared):
    input: str
    output: str
    columns: list[str]
    min_amount: int | None
    order: Literal["printed", "amount"]
    total: bool


@register_workflow
class InvoiceLines(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.invoice_lines", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Copy the line items of the invoice {{ input }} into the CSV file {{ output }}: a header row as printed, "
            "then " + _WHICH + ", with " + _COLS + ", " + _ORDER + ". Write numbers as plain numbers (no thousands "
            "separators)." + _TOTAL,
            "Can you get the line items off {{ input }} into {{ output }} so I can check the costs? I need " + _WHICH
            + ", " + _COLS + ", " + _ORDER + ", header row as on the invoice, numbers without separators." + _TOTAL,
            "{{ input }} line items -> {{ output }} (csv): " + _WHICH + ", " + _COLS + ", " + _ORDER
            + ", plain numbers." + _TOTAL,
        ],
        criteria=["The csv holds the invoice's line items asked for, with their printed values, numbers as numbers.",
                  "Only the columns asked, in the order asked, and the total row when asked; nothing else."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A supplier invoice"),
               FileSlot(param="output", type="csv", description="The invoice's line items")],
        checks=[CheckTemplate(func="pdf.invoice_lines", bind={"columns": "columns", "min_amount": "min_amount",
                                                              "order": "order", "total": "total"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        for _ in range(20):
            doc = make_pdf(ctx.rng, ctx.faker, kind="invoice")
            amounts = sorted(float(r[3].replace(",", "")) for r in doc.table.rows)
            if len(set(amounts)) == len(amounts):
                break
        else:
            raise WorkflowError("no invoice with distinct line amounts drawn")
        threshold = opts.threshold if opts.threshold is not None else ctx.rng.random() < 0.5
        cuts = [c for c in range(50, int(amounts[-1]), 50) if amounts[1] < c < amounts[-1] and c not in amounts]
        if threshold and not cuts:
            raise WorkflowError("no round threshold between the line amounts")
        narrow = opts.narrow if opts.narrow is not None else ctx.rng.random() < 0.5
        folder = ctx.rng.choice(["", "invoices/", "accounts/"])
        params = Params(input=f"{folder}{doc.file_stem}.pdf", output=f"{folder}{doc.file_stem}_lines.csv",
                        columns=["Description", "Amount"] if narrow else [],
                        min_amount=ctx.rng.choice(cuts) if threshold else None,
                        order=opts.order or ctx.rng.choice(["printed", "amount"]),
                        total=opts.total if opts.total is not None else ctx.rng.random() < 0.5)
        return params.with_files(input=write_pdf(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, re
            from pypdf import PdfReader
            text = "\\n".join(p.extract_text(extraction_mode="layout") for p in PdfReader({lit(params.input)}).pages)
            rows = [re.split(r"\\s{{2,}}", line.strip()) for line in text.splitlines()]
            rows = [r for r in rows if len(r) == 4]
            header, items = rows[0], rows[1:]
            num = lambda cell: float(cell.replace(",", ""))
            items = [[r[0], int(num(r[1])), num(r[2]), num(r[3])] for r in items]
            if {lit(params.min_amount)} is not None:
                items = [r for r in items if r[3] >= {lit(params.min_amount)}]
            if {lit(params.order)} == "amount":
                items.sort(key=lambda r: -r[3])
            keep = [header.index(c) for c in {lit(params.columns)}] or list(range(4))
            with open({lit(params.output)}, "w", newline="") as out:
                writer = csv.writer(out)
                writer.writerow([header[i] for i in keep])
                for r in items:
                    writer.writerow([f"{{r[i]:.2f}}" if isinstance(r[i], float) else r[i] for i in keep])
                if {lit(params.total)}:
                    writer.writerow(["Total"] + ["" for _ in keep[1:-1]] + [f"{{sum(r[3] for r in items):.2f}}"])
            print(open({lit(params.output)}).read())
        """
        return solution(script_step(script, f"I read {params.input}'s text in layout mode with pypdf, split the table "
                                    "lines at the column gaps, keep the lines and columns asked for and write them "
                                    "with the csv module.", f"Write {params.output}"))
