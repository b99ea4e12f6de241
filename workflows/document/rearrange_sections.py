"""Reorganise a report by whole sections, as the navigator's outline does: delete a section,
move it before another or to the end, or demote it to a subsection of the one above."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.document import make_document, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)

Op = Literal["remove", "move_before", "move_to_end", "demote"]
ASK = ('{% if op == "remove" %}delete the "{{ heading }}" section - its heading and all of its text'
       '{% elif op == "move_before" %}move the whole "{{ heading }}" section (heading and text) so it comes right '
       'before the "{{ before_heading }}" section'
       '{% elif op == "move_to_end" %}move the whole "{{ heading }}" section (heading and text) to the end of the '
       'document{% else %}make "{{ heading }}" a subsection of the section above it: its heading becomes a Heading 2'
       "{% endif %}")
EDIT = {  # over `block`, the section's body elements (paragraphs and tables) from its heading on
    "remove": "for e in block:\n    body.remove(e)",
    "move_before": "for e in block:\n    target._element.addprevious(e)",
    "move_to_end": "for e in block:\n    body.append(e)",
    "demote": "paragraphs[start].style = document.styles['Heading 2']",
}


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    heading: str
    op: Op
    before_heading: str | None


class Options(SkillParams):
    op: Op | None = None
    in_place: bool | None = None


@register_workflow
class RearrangeSections(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.rearrange_sections", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            f"In {{{{ input }}}}, {ASK}. Every other paragraph stays as it is. " + SAVE["formal"],
            f"After the review we agreed to restructure {{{{ input }}}}: please {ASK}. Don't reword anything. "
            + SAVE["chatty"],
            f"{{{{ input }}}}: {ASK}. " + SAVE["terse"],
        ],
        criteria=["The section is removed, moved or demoted as asked, whole.", "No other paragraph changed."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with headed sections"),
               FileSlot(param="output", type="docx", description="The restructured report")],
        checks=[CheckTemplate(func="document.sections_rearranged", bind={"heading": "heading", "op": "op",
                                                                          "before_heading": "before_heading"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        op = getattr(ctx.options, "op", None) or ctx.rng.choice(list(EDIT))
        doc = make_document(ctx.rng, ctx.faker, kind="report")
        headings = doc.headings
        at = ctx.rng.randrange(1, len(headings) - 1)  # never the first (demote needs one above) nor the last
        before = ctx.rng.choice([h for i, h in enumerate(headings) if i not in (at, at + 1)]) if op == "move_before" else None
        params = Params(**doc_paths(ctx, doc.file_stem, "restructured"), heading=headings[at], op=op,
                        before_heading=before)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        edit = EDIT[params.op].replace("\n", "\n            ")
        script = f"""
            import docx
            document = docx.Document({lit(params.input)})
            body = document.element.body
            sectPr = body[-1] if body[-1].tag.endswith("sectPr") else None
            paragraphs = document.paragraphs
            level1 = [i for i, p in enumerate(paragraphs) if p.style.name == "Heading 1"]
            start = next(i for i in level1 if paragraphs[i].text.strip() == {lit(params.heading)})
            end = next((i for i in level1 if i > start), None)
            elements = list(body)
            first = elements.index(paragraphs[start]._element)
            last = elements.index(paragraphs[end]._element) if end is not None else len(elements) - (1 if sectPr is not None else 0)
            block = elements[first:last]
            target = next((p for p in paragraphs if p.style.name == "Heading 1" and p.text.strip() == {lit(params.before_heading)}), None)
            {edit}
            if sectPr is not None:
                body.append(sectPr)
            print([p.text for p in document.paragraphs if p.style.name.startswith("Heading")])
            {save_code(params.output)}
        """
        return solution(outline_step(params.input, f"I list the paragraphs to see where {params.heading!r} starts and "
                                     "ends (the next Heading 1)."),
                        script_step(script, f"I take the section's block (heading to the next Heading 1, table "
                                    f"included) and {params.op.replace('_', ' ')} it with python-docx's XML elements.",
                                    f"Restructure around {params.heading}"),
                        outline_step(params.output, "I list the paragraphs again to confirm the new structure."))
