"""Set a PDF's document properties (title, author) and save it under a new name."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.pdf import make_pdf, write_pdf
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow


class Params(Prepared):
    input: str
    output: str
    title: str
    author: str


@register_workflow
class SetMetadata(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.set_metadata", apps=["pdf"], params=Params,
        phrasings=[
            'Before we publish {{ input }}, set its document properties: title "{{ title }}" and author '
            '"{{ author }}". Keep the pages as they are and save the result as {{ output }}.',
            'The PDF {{ input }} shows the wrong title in viewers. Please give it the title "{{ title }}" and the '
            'author "{{ author }}", and save it as {{ output }}.',
            '{{ input }} -> {{ output }}: PDF metadata Title="{{ title }}", Author="{{ author }}"; pages unchanged.',
        ],
        criteria=["The saved PDF's title and author are exactly the requested ones.", "Its pages are unchanged."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A report to publish"),
               FileSlot(param="output", type="pdf", description="The PDF with its properties set")],
        checks=[CheckTemplate(func="pdf.metadata_equals", bind={"title": "title", "author": "author"}),
                CheckTemplate(func="pdf.pages_unchanged")],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        doc = make_pdf(ctx.rng, ctx.faker, kind="report")
        params = Params(input=f"drafts/{doc.file_stem}.pdf", output=f"publish/{doc.file_stem}.pdf",
                        title=f"{doc.subject} ({doc.date:%B %Y})", author=ctx.faker.name())
        return params.with_files(input=write_pdf(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            from pypdf import PdfReader, PdfWriter
            writer = PdfWriter(clone_from={lit(params.input)})
            writer.add_metadata({{"/Title": {lit(params.title)}, "/Author": {lit(params.author)}}})
            with open({lit(params.output)}, "wb") as out:
                writer.write(out)
            print(PdfReader({lit(params.output)}).metadata)
        """
        return solution(script_step(script, f"I copy {params.input} with pypdf, set /Title and /Author, and write "
                                    f"{params.output}.", "Set the PDF's title and author"))
