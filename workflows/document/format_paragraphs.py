"""Format a part of a document - its title, every heading, the body text or one section's body -
centred, right-aligned, justified, in a font size, a font, bold or italic: Writer's Format menu
applied to a selection, the rest left exactly as it was."""

from __future__ import annotations

from typing import Literal

from forge.errors import WorkflowError
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

Target = Literal["title", "headings", "body", "section"]
Change = Literal["center", "right", "justify", "size", "font", "bold", "italic"]
TARGET = ("{% if target == 'title' %}the document's title{% elif target == 'headings' %}every section heading"
          "{% elif target == 'body' %}all the body text (every paragraph that is not a heading or the title)"
          "{% else %}the paragraphs of the \"{{ heading }}\" section (not its heading){% endif %}")
CHANGE = ("{% if change == 'center' %}centred{% elif change == 'right' %}right-aligned{% elif change == 'justify' %}"
          "justified{% elif change == 'size' %}{{ size_pt }}-point{% elif change == 'font' %}in the font {{ font }}"
          "{% else %}{{ change }}{% endif %}")
SIZES = {"title": [24, 28, 32], "headings": [15, 16, 18], "body": [10, 11, 12], "section": [10, 12, 13]}
FONTS = ["Arial", "Georgia", "Verdana", "Times New Roman", "Liberation Sans", "Cambria"]
MOOT = {("headings", "bold"), ("title", "justify")}  # already so by the style, or meaningless on one line
SELECT = {"title": 'p.style.name == "Title"', "headings": 'p.style.name.startswith("Heading")',
          "body": 'p.text.strip() and not p.style.name.startswith(("Heading", "Title"))'}
APPLY = {"center": "p.alignment = WD_ALIGN_PARAGRAPH.CENTER", "right": "p.alignment = WD_ALIGN_PARAGRAPH.RIGHT",
         "justify": "p.alignment = WD_ALIGN_PARAGRAPH.JUSTIFY",
         "size": "for r in p.runs: r.font.size = Pt({size})", "font": "for r in p.runs: r.font.name = {font}",
         "bold": "for r in p.runs: r.font.bold = True", "italic": "for r in p.runs: r.font.italic = True"}


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    target: Target
    heading: str | None
    change: Change
    size_pt: int | None
    font: str | None


class Options(SkillParams):
    target: Target | None = None
    change: Change | None = None
    in_place: bool | None = None


@register_workflow
class FormatParagraphs(PreparedWorkflow[Params]):
    states_values = ("size_pt",)
    spec = WorkflowSpec(
        name="document.format_paragraphs", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            f"In {{{{ input }}}}, make {TARGET} {CHANGE}. Apply it as direct formatting to those paragraphs only: "
            "their text and paragraph styles stay, and every other paragraph keeps its formatting. " + SAVE["formal"],
            f"Small layout fix for {{{{ input }}}}: could you get {TARGET} {CHANGE}? Don't change the styles or "
            "anything else in the document. " + SAVE["chatty"],
            f"{{{{ input }}}}: {TARGET} -> {CHANGE} (direct formatting, nothing else). " + SAVE["terse"],
        ],
        criteria=["The named paragraphs carry the formatting asked for.", "No other paragraph's formatting or text changed."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report, memo or letter"),
               FileSlot(param="output", type="docx", description="The document with the formatting applied")],
        checks=[CheckTemplate(func="document.paragraphs_formatted",
                              bind={"target": "target", "heading": "heading", "change": "change",
                                    "size_pt": "size_pt", "font": "font"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        fixed = getattr(ctx.options, "change", None)
        target = getattr(ctx.options, "target", None) or ctx.rng.choice([t for t in SIZES if (t, fixed) not in MOOT])
        change = fixed or ctx.rng.choice([c for c in APPLY if (target, c) not in MOOT])
        if (target, change) in MOOT:
            raise WorkflowError(f"{target} paragraphs are already {change} by their style; nothing to ask")
        doc = make_document(ctx.rng, ctx.faker, kind="report" if target == "section" else None)
        heading = None
        if target == "section":
            heading = ctx.rng.choice([s.heading for s in doc.sections if s.paragraphs])
        params = Params(**doc_paths(ctx, doc.file_stem, "formatted"), target=target, heading=heading, change=change,
                        size_pt=ctx.rng.choice(SIZES[target]) if change == "size" else None,
                        font=ctx.rng.choice(FONTS) if change == "font" else None)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        if params.target == "section":
            pick = f"""
            paragraphs = document.paragraphs
            start = next(i for i, p in enumerate(paragraphs) if p.style.name.startswith("Heading")
                         and " ".join(p.text.split()) == {lit(params.heading)}) + 1
            end = next((j for j in range(start, len(paragraphs)) if paragraphs[j].style.name.startswith("Heading")),
                       len(paragraphs))
            chosen = [p for p in paragraphs[start:end] if p.text.strip()]"""
        else:
            pick = f"\n            chosen = [p for p in document.paragraphs if {SELECT[params.target]}]"
        apply = APPLY[params.change].format(size=params.size_pt, font=lit(params.font))
        script = f"""
            import docx
            from docx.enum.text import WD_ALIGN_PARAGRAPH
            from docx.shared import Pt
            document = docx.Document({lit(params.input)})
            {pick.strip()}
            for p in chosen:
                {apply}
            print(len(chosen), "paragraphs formatted")
            {save_code(params.output)}
        """
        return solution(outline_step(params.input, f"I list {params.input}'s paragraphs and styles to find the "
                                     f"{params.target} paragraphs."),
                        script_step(script, f"I apply {params.change} to exactly those paragraphs "
                                    "as direct formatting and save.", f"Format the {params.target}"),
                        outline_step(params.output, "I list the paragraphs again: text and styles must read the same."))
