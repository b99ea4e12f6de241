"""Take the tables on a deck's slides out into a spreadsheet to work with: one region's table slide,
or every region's stacked under one header with a first column naming the slide each row came
from; as a CSV or an Excel workbook; numbers as numbers, not the slides' '1,234.50' text."""

from __future__ import annotations

import io
import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from preparers._ooxml import normalize_package
from preparers.presentation import make_deck, write_pptx
from preparers.spreadsheet import make_table
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import list_step
from workflows.presentation._draw import pick
from workflows.presentation._sheet_out import write_rows_code
from workflows.presentation._table_deck import cell_text
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Form = Literal["csv", "xlsx"]
COLUMNS = ["Order ID", "Customer", "Units", "Unit Price"]
WHAT = ("{% if slide_title %}the table on the slide \"{{ slide_title }}\"{% else %}the tables of every "
        "\"Orders - ...\" slide, stacked under one header row with a first column \"Slide\" holding the title of "
        "the slide each row comes from (slides in deck order){% endif %}")
EXPORT = """
    import re, pptx
    deck = pptx.Presentation({input})
    only = {only}
    rows = []
    def value(text):  # '1,234.50' as printed -> 1234.5
        plain = text.replace(",", "")
        return float(plain) if re.fullmatch(r"-?\\d+(\\.\\d+)?", plain) else text
    for slide in deck.slides:
        name = " ".join(slide.shapes.title.text_frame.text.split()) if slide.shapes.title else ""
        for shape in slide.shapes:
            if shape.has_table and (only is None or name == only):
                grid = [[cell.text for cell in row.cells] for row in shape.table.rows]
                if not rows:
                    rows.append(grid[0] if only else ["Slide", *grid[0]])
                rows += [[value(c) for c in r] if only else [name, *[value(c) for c in r]] for r in grid[1:]]
"""


class Params(Prepared):
    input: str
    output: str
    form: Form
    slide_title: str | None


class Options(SkillParams):
    form: Form | None = None
    one_slide: bool | None = None


def _with_tables(data: bytes, tables: list[tuple[str, list[list[str]]]], after: int, date: str) -> bytes:
    """The deck with a Title Only slide per (title, grid) table after slide index `after`, in order."""
    import pptx
    from pptx.util import Inches, Pt

    deck = pptx.Presentation(io.BytesIO(data))
    layout = next(lay for lay in deck.slide_layouts if lay.name == "Title Only")
    for k, (title, grid) in enumerate(tables):
        slide = deck.slides.add_slide(layout)
        slide.shapes.title.text = title
        shape = slide.shapes.add_table(len(grid), len(grid[0]), Inches(0.5), Inches(1.6), Inches(9),
                                       Inches(0.4) * len(grid))
        for r, values in enumerate(grid):
            for c, value in enumerate(values):
                shape.table.cell(r, c).text = value
                for run in shape.table.cell(r, c).text_frame.paragraphs[0].runs:
                    run.font.size = Pt(14)
        order = deck.slides._sldIdLst
        new = order[-1]
        order.remove(new)
        order.insert(after + 1 + k, new)
    out = io.BytesIO()
    deck.save(out)
    return normalize_package(out.getvalue(), doc_time=f"{date}T09:00:00Z")


@register_workflow
class TablesToSheet(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.tables_to_sheet", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"Take {WHAT} out of {{{{ input }}}} into {{{{ output }}}}: the header row first, then the rows as the "
            "slides list them, with the figures as real numbers (no thousands commas). Leave the deck as it is.",
            f"I need to work with the order figures in {{{{ input }}}} in a spreadsheet. Could you put {WHAT} into "
            "{{ output }}? Numbers should be actual numbers I can add up, not text with commas.",
            f"{{{{ input }}}} -> {{{{ output }}}}: {WHAT}; numbers as numbers.",
        ],
        criteria=["The header and every row of the table(s) asked for, in order, with the slide column when stacked.",
                  "Figures stored as numbers; nothing else in the sheet."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck with table slides"),
               FileSlot(param="output", type="csv", types_by={"form": {"xlsx": "xlsx"}},
                        description="The table(s) as a spreadsheet")],
        checks=[CheckTemplate(func="slides.tables_exported", bind={"slide_title": "slide_title"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        form: Form = getattr(ctx.options, "form", None) or ctx.rng.choice(["csv", "xlsx"])
        one = pick(ctx, "one_slide")
        table = make_table(ctx.rng, ctx.faker, kind="sales", rows=24)
        cols = [table.headers.index(c) for c in COLUMNS]
        region = table.headers.index("Region")
        by_region: dict[str, list[list[str]]] = {}
        for row in table.rows:
            by_region.setdefault(str(row[region]), []).append([cell_text(row[i]) for i in cols])
        regions = sorted(r for r, rows in by_region.items() if len(rows) >= 2)[:3]
        tables = [(f"Orders - {r}", [COLUMNS, *by_region[r][:6]]) for r in regions]
        deck = make_deck(ctx.rng, ctx.faker)
        data = _with_tables(write_pptx(deck), tables, ctx.rng.randrange(2, len(deck.slides) - 1),
                            deck.date.isoformat())
        folder = ctx.rng.choice(["", "slides/", "reports/"])
        params = Params(input=f"{folder}{deck.file_stem}.pptx", output=f"{folder}orders_from_slides.{form}", form=form,
                        slide_title=ctx.rng.choice(tables)[0] if one else None)
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = textwrap.dedent(EXPORT.format(input=lit(params.input), only=lit(params.slide_title))) \
            + write_rows_code(params.output)
        return solution(list_step(params.input, f"I list the slides of {params.input} to find the tables."),
                        script_step(script, "I read the slide tables with python-pptx, turn the printed figures into "
                                    "numbers and write the rows as asked.", "Export the tables"))
