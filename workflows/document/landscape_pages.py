"""Landscape pages: the whole report turned landscape, only the section holding a wide table put
on landscape pages of its own (section breaks before and after it), or everything from a
heading on; the paper size kept, the landscape pages' margins as they were or set to a stated
width. Writer: Format > Page Style, or Insert > More Breaks > Manual Break with a page style."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.document import write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, report_with_table, save_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Scope = Literal["whole", "section", "from"]
PART = ("{% if scope == 'whole' %}the whole document{% elif scope == 'section' %}only the \"{{ heading }}\" section "
        "(its heading up to the next Heading 1), on pages of its own - everything before and after it stays "
        "portrait{% else %}everything from the heading \"{{ heading }}\" to the end (what comes before stays "
        "portrait){% endif %}")
MARGINS = ("{% if margin_cm %}Give the landscape pages margins of {{ margin_cm }} cm on all four sides.{% else %}"
           "Keep the margins as they are.{% endif %}")


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    scope: Scope
    heading: str | None
    margin_cm: float | None
    table_heading: str


class Options(SkillParams):
    scope: Scope | None = None
    margins: bool | None = None
    in_place: bool | None = None


@register_workflow
class LandscapePages(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.landscape_pages", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            f"Put {PART} of {{{{ input }}}} on landscape pages, on the same paper size. {MARGINS} The text and tables "
            "must not change. " + SAVE["formal"],
            f"The table under \"{{{{ table_heading }}}}\" in {{{{ input }}}} is too wide to read in portrait. Could "
            f"you turn {PART} to landscape? Same paper, please. {MARGINS} Don't edit any of the wording. "
            + SAVE["chatty"],
            f"{{{{ input }}}}: landscape for {PART}; paper size unchanged. {MARGINS} " + SAVE["terse"],
        ],
        criteria=["Exactly the asked part is on landscape pages; the rest stays portrait.",
                  "Paper size kept; margins as asked; text and tables unchanged."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with a wide table"),
               FileSlot(param="output", type="docx", description="The report with landscape pages")],
        checks=[CheckTemplate(func="document.landscape_pages",
                              bind={"scope": "scope", "heading": "heading", "margin_cm": "margin_cm"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        scope = getattr(ctx.options, "scope", None) or ctx.rng.choice(["whole", "section", "from"])
        margins = getattr(ctx.options, "margins", None)
        margins = ctx.rng.random() < 0.5 if margins is None else margins
        doc, _ = report_with_table(ctx)
        table_heading = next(s.heading for s in doc.sections if s.table is not None)
        heading = None
        if scope == "section":
            heading = table_heading
        elif scope == "from":
            heading = ctx.rng.choice([h for h in doc.headings[1:] if doc.headings.index(h) <= doc.headings.index(
                table_heading)])
        params = Params(**doc_paths(ctx, doc.file_stem, "landscape"), scope=scope, heading=heading,
                        margin_cm=ctx.rng.choice([1.5, 2.0, 1.27]) if margins else None, table_heading=table_heading)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import copy, docx
            from docx.enum.section import WD_ORIENT
            from docx.oxml import OxmlElement
            from docx.shared import Cm
            document = docx.Document({lit(params.input)})
            body = document.element.body
            def level1(p):
                return p.style.name in ("Heading 1", "Title")
            def break_before(p):
                # an empty paragraph holding a copy of the page setup ends the section before p
                marker = OxmlElement("w:p")
                marker.get_or_add_pPr().append(copy.deepcopy(body.sectPr))
                p._p.addprevious(marker)
            scope, heading = {lit(params.scope)}, {lit(params.heading)}
            paragraphs = document.paragraphs
            wide = [0]
            if scope != "whole":
                start = next(i for i, p in enumerate(paragraphs) if level1(p) and " ".join(p.text.split()) == heading)
                end = next((j for j in range(start + 1, len(paragraphs)) if level1(paragraphs[j])), None)
                if scope == "section" and end is not None:
                    break_before(paragraphs[end])
                break_before(paragraphs[start])
                wide = [1]
            for n, section in enumerate(document.sections):
                if n in wide:
                    width, height = section.page_width, section.page_height
                    section.orientation = WD_ORIENT.LANDSCAPE
                    section.page_width, section.page_height = max(width, height), min(width, height)
                    if {lit(params.margin_cm)}:
                        for side in ("top", "bottom", "left", "right"):
                            setattr(section, side + "_margin", Cm({lit(params.margin_cm)}))
                print("section", n + 1, section.orientation, section.page_width.mm, "x", section.page_height.mm)
            {save_code(params.output)}
        """
        return solution(outline_step(params.input, f"I list {params.input}'s paragraphs to find the headings the "
                                     "landscape part runs between."),
                        script_step(script, "With python-docx I add section breaks around the part and give its "
                                    "section a landscape page (width and height swapped).", "Set landscape pages"),
                        outline_step(params.output, "I list the paragraphs again: the text must be unchanged."))
