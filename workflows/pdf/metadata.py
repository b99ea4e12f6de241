"""Report a PDF's document properties (title, author, subject) as `Field: value` lines."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.pdf import make_pdf, write_pdf
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow

Field_ = Literal["Title", "Author", "Subject"]


class Params(Prepared):
    document: str
    output: str
    fields: list[Field_]


@register_workflow
class Metadata(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.metadata", apps=["pdf"], params=Params,
        phrasings=[
            "Look up the document properties of {{ document }} and write them to {{ output }}, one per line as "
            '"Name: value", in this order: {{ fields | join(", ") }}. Nothing else in the file.',
            "For our archive index I need the {{ fields | join(' and ') }} stored in the properties of "
            '{{ document }}. Write them into {{ output }} as lines like "Title: ...", one per line, in the order I listed them.',
            '{{ document }} metadata -> {{ output }}; lines "Field: value" for {{ fields | join(", ") }}.',
        ],
        criteria=["One line per requested property, in the requested order, with the PDF's exact value."],
        files=[FileSlot(param="document", type="pdf", role="input", description="A PDF with document properties"),
               FileSlot(param="output", type="txt", description="The properties, one per line")],
        checks=[CheckTemplate(func="pdf.metadata_reported", bind={"fields": "fields"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        doc = make_pdf(ctx.rng, ctx.faker)
        fields = ctx.rng.sample(["Title", "Author", "Subject"], ctx.rng.randint(2, 3))
        params = Params(document=f"{doc.file_stem}.pdf", output=f"{doc.file_stem}_properties.txt", fields=fields)
        return params.with_files(document=write_pdf(doc))


    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            from pypdf import PdfReader
            info = PdfReader({lit(params.document)}).metadata
            lines = [f"{{name}}: {{info['/' + name]}}" for name in {lit(list(params.fields))}]
            with open({lit(params.output)}, "w") as out:
                out.write("\\n".join(lines) + "\\n")
            print("\\n".join(lines))
        """
        return solution(script_step(script, f"I'll read the document information of {params.document} with pypdf "
                                    f"and write {', '.join(params.fields)} to {params.output}.",
                                    f"Write the PDF properties to {params.output}"))
