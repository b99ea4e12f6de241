"""Set up a document's pages for where it is going, as Format > Page Style does: a report, memo or
letter written on US Letter put on A4 for the European office (or an A4 one on Letter for a US
client), margins of a stated width on all four sides, a wider left margin for binding, or a deep
top margin clearing a letter's or memo's pre-printed letterhead - on every page; a report with a
landscape appendix (a wide table) keeps it landscape, on the new paper turned sideways. The text,
headers, footers and tables stay as they are."""

from __future__ import annotations

import io
import random
from typing import Any, Literal

from forge.checks.document_page_setup import PAPERS, SIDES
from forge.models import ReferenceSolution
from preparers._ooxml import normalize_package
from preparers.document import DOC_KINDS, make_document, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Margins = Literal["uniform", "binding", "letterhead", "keep"]
NAMES = {"a4": "A4 (210 x 297 mm)", "letter": "US Letter (8.5 x 11 in)"}
START_MARGINS_MM = [25.4, 31.75, 19.05]  # what the drafts were written with: 1 in, 1.25 in, 0.75 in
_MARGINS = ("{% if margin_rule == 'uniform' %}margins of {{ '%g' % margins_cm.top }} cm on all four sides (top, "
            "bottom, left and right){% elif margin_rule == 'binding' %}a {{ '%g' % margins_cm.left }} cm left margin "
            "for the binding and {{ '%g' % margins_cm.top }} cm at the top, right and bottom, on every page{% elif "
            "margin_rule == 'letterhead' %}a {{ '%g' % margins_cm.top }} cm top margin so the text clears the printed "
            "letterhead and {{ '%g' % margins_cm.left }} cm at the left, right and bottom{% endif %}")
_SETUP = ("{% if paper %}on {{ paper_name }} paper{% if margin_rule != 'keep' %} with " + _MARGINS + "{% else %}, the "
          "margins as they are{% endif %}{% else %}with " + _MARGINS + ", on the paper it has now{% endif %}")
_LAND = ("{% if landscape %} The landscape appendix stays landscape{% if paper %}, on the new paper turned sideways"
         "{% endif %}.{% endif %}")
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


class Options(SkillParams):
    paper: bool | None = None
    margins: Margins | None = None
    landscape: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    paper: str | None
    paper_name: str
    margin_rule: Margins
    margins_cm: dict[str, float] | None
    landscape: bool


def _appendix(document: Any, rng: random.Random, areas: list[str]) -> None:
    """A landscape section at the end: a heading and a wide table of monthly figures."""
    from docx.enum.section import WD_ORIENT, WD_SECTION

    section = document.add_section(WD_SECTION.NEW_PAGE)
    section.orientation = WD_ORIENT.LANDSCAPE
    section.page_width, section.page_height = section.page_height, section.page_width
    document.add_heading("Appendix: monthly figures", level=1)
    grid = document.add_table(rows=1, cols=13)
    grid.style = "Table Grid"
    for cell, text in zip(grid.rows[0].cells, ["Area", *MONTHS], strict=True):
        cell.text = text
    for area in areas:
        for cell, text in zip(grid.add_row().cells, [area, *(str(rng.randrange(20, 400)) for _ in MONTHS)],
                              strict=True):
            cell.text = text


def drafted(ctx: WorkflowContext, paper: str, margin_mm: float, landscape: bool,
            kinds: tuple[str, ...] = DOC_KINDS) -> tuple[bytes, str]:
    """A document of one of `kinds` on `paper` with `margin_mm` all round (a report with a landscape
    appendix when asked), and its file stem."""
    import docx
    from docx.shared import Mm

    kind = "report" if landscape else ctx.rng.choice(kinds)
    doc = make_document(ctx.rng, ctx.faker, kind=kind)  # type: ignore[arg-type]
    document = docx.Document(io.BytesIO(write_docx(doc)))
    first = document.sections[0]
    first.page_width, first.page_height = (Mm(x) for x in PAPERS[paper])
    for side in SIDES:
        setattr(first, f"{side}_margin", Mm(margin_mm))
    if landscape:
        _appendix(document, ctx.rng, [s.heading for s in doc.sections][:4])
    buf = io.BytesIO()
    document.save(buf)
    return normalize_package(buf.getvalue(), doc_time=f"{doc.date.isoformat()}T09:00:00Z"), doc.file_stem


@register_workflow
class PageSetup(PreparedWorkflow[Params]):
    states_values = ("margins_cm",)
    spec = WorkflowSpec(
        name="document.page_setup", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            "Set up the pages of {{ input }} " + _SETUP + "." + _LAND + " The text, headers, footers and tables stay "
            "exactly as they are. " + SAVE["formal"],
            "{{ input }} has to go {% if paper %}to an office that prints on {{ paper_name }}{% elif margin_rule == "
            "'binding' %}to the binder{% elif margin_rule == 'letterhead' %}out on our letterhead paper{% else %}to "
            "the printer{% endif %}. Could you change the page setup so it is "
            + _SETUP + "?" + _LAND + " Please don't touch the wording. " + SAVE["chatty"],
            "Page setup of {{ input }}: " + _SETUP + "; content unchanged." + _LAND + " " + SAVE["terse"],
        ],
        criteria=["Every page is on the asked paper with the asked margins; orientation kept.",
                  "Text, headers, footers and tables unchanged."],
        files=[FileSlot(param="input", type="docx", role="input", description="A document to set up for printing"),
               FileSlot(param="output", type="docx", description="The document with its new page setup")],
        checks=[CheckTemplate(func="document.page_setup", bind={"paper": "paper", "margins_cm": "margins_cm"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        change = opts.paper if opts.paper is not None else ctx.rng.random() < 0.6
        rules = ["uniform", "binding", "letterhead", *(["keep"] if change else [])]
        rule: Margins = opts.margins or ctx.rng.choice(rules)  # type: ignore[assignment]
        landscape = opts.landscape if opts.landscape is not None else rule != "letterhead" and ctx.rng.random() < 0.4
        start = ctx.rng.choice(sorted(PAPERS))
        kinds = ("letter", "memo") if rule == "letterhead" else DOC_KINDS
        data, stem = drafted(ctx, start, ctx.rng.choice(START_MARGINS_MM), landscape, kinds)
        target = next(p for p in PAPERS if p != start) if change else None
        margins = None
        if rule == "uniform":
            margins = dict.fromkeys(SIDES, ctx.rng.choice([1.5, 2.0, 2.2, 3.0]))
        elif rule == "binding":
            other = ctx.rng.choice([1.5, 2.0, 2.2])
            margins = {**dict.fromkeys(SIDES, other), "left": ctx.rng.choice([3.0, 3.5, 4.0])}
        elif rule == "letterhead":
            other = ctx.rng.choice([1.8, 2.0, 2.5])
            margins = {**dict.fromkeys(SIDES, other), "top": ctx.rng.choice([4.0, 4.5, 5.0])}
        params = Params(**doc_paths(ctx, stem, "a4" if target == "a4" else "letter" if target else "print"),
                        paper=target, paper_name=NAMES[target or start], margin_rule=rule, margins_cm=margins,
                        landscape=landscape)
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import docx
            from docx.enum.section import WD_ORIENT
            from docx.shared import Mm
            document = docx.Document({lit(params.input)})
            paper, margins = {lit(PAPERS.get(params.paper or ""))}, {lit(params.margins_cm)}
            for n, section in enumerate(document.sections, start=1):
                if paper:
                    short, long = (Mm(x) for x in paper)
                    wide = section.orientation == WD_ORIENT.LANDSCAPE
                    section.page_width, section.page_height = (long, short) if wide else (short, long)
                for side, cm in (margins or {{}}).items():
                    setattr(section, side + "_margin", Mm(cm * 10))
                print("section", n, section.orientation, section.page_width.mm, section.page_height.mm)
            {save_code(params.output)}
        """
        return solution(outline_step(params.input, f"I look over {params.input} and its sections."),
                        script_step(script, "With python-docx I set every section's paper (keeping its orientation) "
                                    "and margins as asked.", "Set up the pages"))
