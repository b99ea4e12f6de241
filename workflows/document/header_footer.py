"""Set a document's page header and footer text, editing the file in place."""

from __future__ import annotations


from forge.models import ReferenceSolution
from preparers.document import make_document, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow

LABELS = ["Confidential", "Internal use only", "Draft for review", "Commercial in confidence"]


class Params(Prepared):
    document: str
    header: str
    footer: str


@register_workflow
class HeaderFooter(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.header_footer", apps=["document"], params=Params,
        phrasings=[
            'Set the page header of {{ document }} to "{{ header }}" and the footer to "{{ footer }}" (replacing '
            "whatever is there now), then save the document in place.",
            'Before this goes out, {{ document }} needs "{{ header }}" as its header and "{{ footer }}" as its '
            "footer on every page. Please change just those and save the file.",
            '{{ document }}: header text = "{{ header }}", footer text = "{{ footer }}". Body unchanged; save over it.',
        ],
        criteria=["Every page header reads exactly the requested text, and every footer too.",
                  "The body of the document is unchanged."],
        files=[FileSlot(param="document", type="docx", role="in_place", description="A document with a header")],
        checks=[CheckTemplate(func="document.header_footer", bind={"header": "header", "footer": "footer"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        doc = make_document(ctx.rng, ctx.faker)
        params = Params(document=f"{doc.file_stem}.docx",
                        header=f"{doc.organisation} - {ctx.rng.choice(LABELS)}",
                        footer=f"Prepared by {doc.author}")
        return params.with_files(document=write_docx(doc))


    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import docx
            document = docx.Document({lit(params.document)})
            for section in document.sections:
                for part, text in ((section.header, {lit(params.header)}), (section.footer, {lit(params.footer)})):
                    part.is_linked_to_previous = False
                    paragraphs = part.paragraphs
                    paragraphs[0].text = text
                    for extra in paragraphs[1:]:
                        extra._element.getparent().remove(extra._element)
            document.save({lit(params.document)})
            print(document.sections[0].header.paragraphs[0].text, "|", document.sections[0].footer.paragraphs[0].text)
        """
        return solution(script_step(script, "I'll set every section's header and footer text with python-docx "
                                    f"and save {params.document} in place.", "Set the header and footer"))
