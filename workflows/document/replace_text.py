"""Rename a team throughout a document (body, tables, header, footer) and save a revised copy."""

from __future__ import annotations

from forge.models import ReferenceSolution
from forge.models.gui_plan import GuiPlan, KeyStep, TypeStep, WaitSettledStep, WaitWindowStep
from preparers._corpora import corpus
from preparers.document import make_document, write_docx
from workflows._gui import office_plan
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow


class Params(Prepared):
    input: str
    output: str
    old: str
    new: str


@register_workflow
class ReplaceText(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.replace_text", apps=["document"], params=Params,
        phrasings=[
            'Our {{ old }} team is now called "{{ new }}". Update {{ input }} so that every "{{ old }}" reads '
            '"{{ new }}" (body text, tables, header and footer alike) and save the result as {{ output }}.',
            'Find and replace in {{ input }}: "{{ old }}" -> "{{ new }}", everywhere including the page header '
            "and footer. Don't touch anything else. Save as {{ output }}.",
            'Could you go through {{ input }} and change each mention of "{{ old }}" to "{{ new }}"? The '
            "formatting should stay the same. Please save the revised document as {{ output }}.",
        ],
        criteria=["No occurrence of the old name remains anywhere in the document.",
                  "Every place that had the old name now has the new one; all other text and styles are unchanged."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report or memo naming a team"),
               FileSlot(param="output", type="docx", description="The revised document")],
        checks=[CheckTemplate(func="document.text_replaced", bind={"old": "old", "new": "new"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        doc = make_document(ctx.rng, ctx.faker, kind=ctx.rng.choice(["report", "memo"]))
        text = " ".join([doc.header, doc.footer, *(r.text for p in doc.opening for r in p.runs)])
        old = next(d for d in corpus("business")["departments"] if d in text)
        params = Params(input=f"inputs/{doc.file_stem}.docx", output=f"outputs/{doc.file_stem}_revised.docx",
                        old=old, new=corpus("business")["renamed_departments"][old])
        return params.with_files(input=write_docx(doc))


    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import docx
            old, new = {lit(params.old)}, {lit(params.new)}
            document = docx.Document({lit(params.input)})

            def fix(paragraph):
                if old not in paragraph.text:
                    return
                target = paragraph.text.replace(old, new)
                for run in paragraph.runs:
                    run.text = run.text.replace(old, new)
                if paragraph.text != target:  # the name spans runs: the first run's format for the whole text
                    for run in paragraph.runs[1:]:
                        run.text = ""
                    paragraph.runs[0].text = target

            parts = [document] + [s.header for s in document.sections] + [s.footer for s in document.sections]
            for part in parts:
                for paragraph in part.paragraphs:
                    fix(paragraph)
                for table in part.tables:
                    for cell in {{c._tc: c for row in table.rows for c in row.cells}}.values():
                        for paragraph in cell.paragraphs:
                            fix(paragraph)
            document.save({lit(params.output)})
            print(sum(old in p.text for p in docx.Document({lit(params.output)}).paragraphs), "left")
        """
        terminal = solution(script_step(script, f"I'll replace {params.old!r} with {params.new!r} run by run in "
                                        "every paragraph, table cell, header and footer with python-docx, keeping "
                                        f"formatting, and save to {params.output}.",
                                        f"Replace {params.old} with {params.new} and save {params.output}"))
        return terminal.model_copy(update={"gui_plan": _gui_plan(params)})


def _gui_plan(params: Params) -> GuiPlan:
    """Writer's Find and Replace (match case, Replace All covers headers and footers too), then Save As."""
    return office_plan("writer", params.input, params.output, [
        KeyStep(keys=["ctrl", "h"], thought="Find and Replace does every occurrence at once, headers and footers "
                "included.", action="Open Edit > Find and Replace (Ctrl+H)"),
        WaitWindowStep(title="^Find and Replace$", timeout_s=30),
        WaitSettledStep(interval_s=0.3, timeout_s=10),
        TypeStep(text=params.old, thought="The Find field has the focus.", action=f"Type {params.old!r} to find"),
        KeyStep(keys=["alt", "t"], thought="Match case, so other words that merely contain it in lower case stay.",
                action="Tick Match case (Alt+T)"),
        KeyStep(keys=["alt", "p"], action="Go to the Replace field (Alt+P)"),
        TypeStep(text=params.new, action=f"Type the replacement {params.new!r}"),
        KeyStep(keys=["alt", "l"], action="Replace All (Alt+L)"),
        WaitSettledStep(interval_s=0.3, timeout_s=10),
        KeyStep(keys=["escape"], action="Close the Find and Replace dialog"),
        WaitSettledStep(interval_s=0.3, timeout_s=10),
    ], thought="The document is open in Writer.")
