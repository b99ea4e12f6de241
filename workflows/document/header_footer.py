"""Set a document's page header and footer text, editing the file in place."""

from __future__ import annotations

from forge.models import ReferenceSolution
from forge.models.gui_plan import GuiPlan, KeyStep, TypeStep, WaitSettledStep
from preparers.document import make_document, write_docx
from workflows._gui import office_plan
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
        terminal = solution(script_step(script, "I'll set every section's header and footer text with python-docx "
                                        f"and save {params.document} in place.", "Set the header and footer"))
        return terminal.model_copy(update={"gui_plan": _gui_plan(params)})


def _gui_plan(params: Params) -> GuiPlan:
    """Writer: Ctrl+Page Up puts the cursor in the header, Ctrl+Page Down in the footer; Ctrl+A there
    selects only that area's text, which the new text replaces. Then Save in place."""
    return office_plan("writer", params.document, params.document, [
        KeyStep(keys=["ctrl", "Prior"], thought="Ctrl+Page Up moves the cursor into the page header.",
                action="Move into the header (Ctrl+Page Up)"),
        WaitSettledStep(interval_s=0.3, timeout_s=10),
        KeyStep(keys=["ctrl", "a"], action="Select the header's text"),
        TypeStep(text=params.header, action=f"Type the header {params.header!r}"),
        KeyStep(keys=["ctrl", "Next"], thought="Ctrl+Page Down moves the cursor into the footer.",
                action="Move into the footer (Ctrl+Page Down)"),
        WaitSettledStep(interval_s=0.3, timeout_s=10),
        KeyStep(keys=["ctrl", "a"], action="Select the footer's text"),
        TypeStep(text=params.footer, action=f"Type the footer {params.footer!r}"),
    ], thought="The document is open in Writer.")
