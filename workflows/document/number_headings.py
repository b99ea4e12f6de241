"""Number a report's section headings ('1. Scope' or 'Section 1: Scope') in document order, the
way a reviewer asks for before comments refer to sections by number."""

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

Form = Literal["dot", "section"]
SHAPE = {"dot": '"1. ", "2. ", ... before each heading\'s text', "section": '"Section 1: ", "Section 2: ", ... before each heading\'s text'}
PREFIX = {"dot": 'f"{n}. "', "section": 'f"Section {n}: "'}


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    form: Form
    shape: str


class Options(SkillParams):
    form: Form | None = None
    in_place: bool | None = None


@register_workflow
class NumberHeadings(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.number_headings", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            "Number the level-1 section headings of {{ input }} in order: put {{ shape }}, keeping the heading "
            "style. Change nothing else. " + SAVE["formal"],
            "The reviewers want to refer to sections by number. Could you number the main headings in {{ input }} "
            "({{ shape }})? Leave the text and the rest of the formatting alone. " + SAVE["chatty"],
            "{{ input }}: number the Heading 1 paragraphs ({{ shape }}). " + SAVE["terse"],
        ],
        criteria=["Each main heading carries its number in the form asked for, at the same level.",
                  "No other paragraph or table changed."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with headed sections"),
               FileSlot(param="output", type="docx", description="The report with numbered headings")],
        checks=[CheckTemplate(func="document.headings_numbered", bind={"form": "form"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        form = getattr(ctx.options, "form", None) or ctx.rng.choice(["dot", "section"])
        doc = make_document(ctx.rng, ctx.faker, kind="report")
        params = Params(**doc_paths(ctx, doc.file_stem, "numbered"), form=form, shape=SHAPE[form])
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import docx
            document = docx.Document({lit(params.input)})
            n = 0
            for p in document.paragraphs:
                if p.style.name == "Heading 1" and p.text.strip():
                    n += 1
                    runs = p.runs
                    runs[0].text = {PREFIX[params.form]} + runs[0].text
                    print(p.text)
            {save_code(params.output)}
        """
        return solution(outline_step(params.input, f"I list the paragraphs of {params.input} with their styles to "
                                     "find the level-1 headings."),
                        script_step(script, "I prefix each Heading 1 with its number in its first run, so the "
                                    "heading keeps its style.", "Number the headings"),
                        outline_step(params.output, "I list the paragraphs again to confirm."))
