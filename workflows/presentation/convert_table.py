"""Turn a slide's 'Label: value' bullets into a real two-column table (with the header row the
task names, or none), or the other way round: a two-column table into one bullet per row
('label: value' or 'label - value'), for a slide that reads better one way or the other."""

from __future__ import annotations

import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from preparers.presentation import Bullet, SlideContent, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._draw import pick
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.presentation._table_deck import make_table_deck, write_table_deck
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

TASK = ("{% if to_table %}the slide \"{{ slide_title }}\" lists its figures as \"label{{ separator }}value\" bullet "
        "points. Replace those bullets with a real table of two columns, one row per bullet in the same order, the "
        "label in the first column and the value in the second{% if header %}, under a header row \"{{ header[0] }}\""
        " | \"{{ header[1] }}\"{% else %}, with no header row{% endif %}{% else %}the slide \"{{ slide_title }}\" has "
        "a two-column table. Replace it with bullet points: one per row below the header, in order, reading "
        "\"<first column>{{ separator }}<second column>\" with the values as the table shows them{% endif %}. The "
        "slide keeps its title")
CODE = {
    True: """
        box = next(s for s in slide.placeholders if s.placeholder_format.idx != 0)
        rows = [p.text.split({sep}, 1) for p in box.text_frame.paragraphs if p.text.strip()]
        rows = [[a.strip(), b.strip()] for a, b in rows]
        if {header}: rows.insert(0, {header})
        box._element.getparent().remove(box._element)
        shape = slide.shapes.add_table(len(rows), 2, Inches(1), Inches(1.8), Inches(8), Inches(0.4) * len(rows))
        for r, values in enumerate(rows):
            for c, value in enumerate(values):
                shape.table.cell(r, c).text = value
    """,
    False: """
        frame = next(s for s in slide.shapes if s.has_table)
        rows = [[c.text.strip() for c in r.cells] for r in frame.table.rows][1:]
        frame._element.getparent().remove(frame._element)
        text = slide.shapes.add_textbox(Inches(1), Inches(1.8), Inches(8), Inches(4)).text_frame
        for k, (label, value, *rest) in enumerate(rows):
            p = text.paragraphs[0] if k == 0 else text.add_paragraph()
            p.text = label + {sep} + value
    """,
}


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    slide_title: str
    to_table: bool
    header: list[str] | None
    separator: Literal[": ", " - "]


class Options(SkillParams):
    to_table: bool | None = None
    header: bool | None = None  # to_table: a header row named, else none
    dash: bool | None = None  # to bullets: 'label - value', else 'label: value'
    in_place: bool | None = None



@register_workflow
class ConvertTable(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.convert_table", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"In {{{{ input }}}}, {TASK}, and every other slide stays as it is. " + SAVE["formal"],
            f"A slide in {{{{ input }}}} needs reworking before the review - {TASK}. Please don't touch the other "
            "slides. " + SAVE["chatty"],
            f"{{{{ input }}}}: {TASK}. " + SAVE["terse"],
        ],
        criteria=["The named slide holds the same figures in the other form, in order.",
                  "Every other slide is unchanged."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck with a figures slide"),
               FileSlot(param="output", type="pptx", description="The deck with the slide converted")],
        checks=[CheckTemplate(func="slides.table_converted", bind={
            "slide_title": "slide_title", "to_table": "to_table", "header": "header", "separator": "separator"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        to_table = pick(ctx, "to_table")
        made = make_table_deck(ctx.rng, ctx.faker, rows=(4, 7))
        value = ctx.rng.choice([2, 3])
        grid = [[r[0], r[value]] for r in made.grid]
        header = separator = None
        if to_table:
            header = grid[0] if pick(ctx, "header") else None
            separator = ": "
            deck = made.deck
            slides = list(deck.slides)
            at = 1 + next(i for i, s in enumerate(slides) if s.title == made.after)
            slides.insert(at, SlideContent(layout="bullets", title=made.title,
                                           bullets=[Bullet(text=f"{k}: {v}") for k, v in grid[1:]]))
            data = write_pptx(deck.model_copy(update={"slides": slides}))
        else:
            separator = " - " if pick(ctx, "dash") else ": "
            data = write_table_deck(made.model_copy(update={"grid": grid}))
        params = Params(**deck_paths(ctx, made.deck.file_stem, "converted"), slide_title=made.title,
                        to_table=to_table, header=header, separator=separator)
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        edit = textwrap.dedent(CODE[params.to_table]).strip().format(sep=lit(params.separator.strip() if
                                                                             params.to_table else params.separator),
                                                                     header=lit(params.header))
        script = "\n".join([
            "import pptx", "from pptx.util import Inches", f"deck = pptx.Presentation({lit(params.input)})",
            "slide = next(s for s in deck.slides if s.shapes.title is not None",
            f"             and ' '.join(s.shapes.title.text_frame.text.split()) == {lit(params.slide_title)})",
            edit, "print(len(rows), 'rows')", save_code(params.output)])
        return solution(list_step(params.input, f"I list the slides of {params.input} to find the slide."),
                        script_step(script, "I rebuild the slide's figures in the other form with python-pptx, "
                                    "keeping their order.", "Convert the slide"),
                        list_step(params.output, "I list the slides again to check the result."))
