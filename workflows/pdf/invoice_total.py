"""Read the amount due off a PDF invoice and write it into a text file."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.pdf import make_pdf, write_pdf
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow


class Params(Prepared):
    invoice: str
    output: str
    label: str


@register_workflow
class InvoiceTotal(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.invoice_total", apps=["pdf"], params=Params,
        phrasings=[
            'Open the invoice {{ invoice }} and find the amount printed as "{{ label }}". Write just that number '
            "(as printed, no currency sign) into a new text file {{ output }}.",
            "How much do we owe on {{ invoice }}? Put the {{ label }} figure from the invoice, and nothing else, "
            "in {{ output }}.",
            '{{ invoice }} -> {{ output }}: the "{{ label }}" amount only.',
        ],
        criteria=["The text file holds one number, the invoice's amount due, exactly as printed (to the cent)."],
        files=[FileSlot(param="invoice", type="pdf", role="input", description="A supplier invoice"),
               FileSlot(param="output", type="txt", description="The amount due")],
        checks=[CheckTemplate(func="pdf.value_reported", bind={"label": "label"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        invoice = make_pdf(ctx.rng, ctx.faker, kind="invoice")
        params = Params(invoice=f"invoices/{invoice.file_stem}.pdf", output="amount_due.txt", label="Total due")
        return params.with_files(invoice=write_pdf(invoice))


    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            from pypdf import PdfReader
            text = "\\n".join(page.extract_text() for page in PdfReader({lit(params.invoice)}).pages)
            amount = re.search({lit(params.label)} + r"\\s*:\\s*([\\d,]+\\.\\d+)", text).group(1)
            with open({lit(params.output)}, "w") as out:
                out.write(amount + "\\n")
            print(amount)
        """
        return solution(script_step(script, f"I'll extract the text of {params.invoice} with pypdf, take the "
                                    f"number after {params.label!r} and write it to {params.output}.",
                                    f"Write the {params.label} amount to {params.output}"))
