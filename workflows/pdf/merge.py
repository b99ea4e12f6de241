"""Combine two PDFs into one, first file's pages then the second's."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.pdf import make_pdf, write_pdf
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow


class Params(Prepared):
    first: str
    second: str
    output: str


@register_workflow
class Merge(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.merge", apps=["pdf"], params=Params,
        phrasings=[
            "Combine {{ first }} and {{ second }} into a single PDF, {{ output }}, with all pages of {{ first }} "
            "first and then those of {{ second }}.",
            "Please merge {{ first }} and {{ second }}, in that order, into one PDF and save it as {{ output }}.",
            "PDF merge: {{ first }} + {{ second }} (in that order) -> {{ output }}.",
        ],
        criteria=["The merged PDF has every page of both files, the first file's pages first, none repeated."],
        files=[FileSlot(param="first", type="pdf", role="input", description="The first PDF"),
               FileSlot(param="second", type="pdf", role="input", description="The second PDF"),
               FileSlot(param="output", type="pdf", description="The merged PDF")],
        checks=[CheckTemplate(func="pdf.pages_combined", paths={"first_file": "first", "second_file": "second"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        first, second = make_pdf(ctx.rng, ctx.faker, kind="report"), make_pdf(ctx.rng, ctx.faker, kind="invoice")
        if ctx.rng.random() < 0.5:
            first, second = second, first
        params = Params(first=f"{first.file_stem}.pdf", second=f"{second.file_stem}.pdf",
                        output=f"combined_{first.date:%Y_%m}.pdf")
        return params.with_files(first=write_pdf(first), second=write_pdf(second))


    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            from pypdf import PdfReader, PdfWriter
            writer = PdfWriter()
            for path in ({lit(params.first)}, {lit(params.second)}):
                for page in PdfReader(path).pages:
                    writer.add_page(page)
            with open({lit(params.output)}, "wb") as out:
                writer.write(out)
            print(len(PdfReader({lit(params.output)}).pages), "pages")
        """
        return solution(script_step(script, f"I'll append the pages of {params.first} and then {params.second} to a "
                                    f"pypdf writer and save {params.output}.", f"Merge the PDFs into {params.output}"))
