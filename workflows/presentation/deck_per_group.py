"""One copy of a review deck per region (department, warehouse) from one data export, for each
manager to present their own part: every copy gets a table slide of that group's rows - all of
them in the file's order, or its top three by a number column - with every column or only the
ones named, directly after a named slide; the shared deck stays as it is. Three decks out of one
deck and one export (CSV or an Excel sheet)."""

from __future__ import annotations

import textwrap
from typing import Literal

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from forge.views import Table
from preparers.data import make_table, write_csv
from preparers.filetypes.xlsx import write_workbook
from preparers.presentation import make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import list_step
from workflows.presentation._draw import pick
from workflows.presentation._place import find_code, place_last_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Source = Literal["csv", "xlsx"]
SLOTS = ("first", "second", "third")
GROUP = {"sales": "Region", "employees": "Department", "inventory": "Warehouse"}
TOPICS = {"sales": ["Quarterly Business Review", "Product Launch Plan"], "employees": ["Quarterly Business Review"],
          "inventory": ["Quarterly Business Review", "Office Move Update"]}
TOP = 3
ROWS = ("{% if by %}its " + str(TOP) + " rows with the largest {{ by }}, largest first{% else %}all of its rows, in "
        "the file's order{% endif %}")
COLS = ("{% if columns %}only the columns {% for c in columns %}\"{{ c }}\"{% if not loop.last %}, {% endif %}"
        "{% endfor %}, in that order{% else %}every column{% endif %}")
DECKS = ("{% for value, path, title in parts %}{{ value }} -> {{ path }} (slide \"{{ title }}\")"
         "{% if not loop.last %}; {% endif %}{% endfor %}")
READ = {
    "csv": "import csv\nheader, *rows = list(csv.reader(open({data}, newline='', encoding='utf-8')))",
    "xlsx": ("import datetime, openpyxl\ndef text(v):\n    return v.date().isoformat() if isinstance(v, datetime.datetime)"
             " else str(v)\nheader, *rows = [[text(v) for v in r] for r in openpyxl.load_workbook({data}).active"
             ".iter_rows(values_only=True)]"),
}
SCRIPT = """
    import pptx
    from pptx.util import Inches, Pt
    group = header.index({group})
    for value, output, title in {parts}:
        mine = [r for r in rows if r[group] == value]
        if {by} is not None:
            mine = sorted(mine, key=lambda r: float(r[header.index({by})]), reverse=True)[:{top}]
        keep = [header.index(c) for c in {columns}] if {columns} else range(len(header))
        grid = [[r[i] for i in keep] for r in [header, *mine]]
        deck = pptx.Presentation({input})
        {find}
        slide = deck.slides.add_slide(next(l for l in deck.slide_layouts if l.name == "Title Only"))
        slide.shapes.title.text = title
        shape = slide.shapes.add_table(len(grid), len(grid[0]), Inches(0.4), Inches(1.6), Inches(9.2),
                                       Inches(0.4) * len(grid))
        for r, values in enumerate(grid):
            for c, cell in enumerate(values):
                shape.table.cell(r, c).text = cell
                shape.table.cell(r, c).text_frame.paragraphs[0].runs[0].font.size = Pt(12)
        {place}
        {save}
        print(output, len(grid) - 1, "rows")
"""


class Params(Prepared):
    input: str
    data: str
    first: str
    second: str
    third: str
    source: Source
    group_column: str
    first_value: str
    second_value: str
    third_value: str
    first_title: str
    second_title: str
    third_title: str
    parts: list[list[str]]
    after_title: str
    by: str | None
    top: int | None
    columns: list[str] | None


class Options(SkillParams):
    source: Source | None = None
    top: bool | None = None
    some_columns: bool | None = None


def _groups(ctx: WorkflowContext, table: object, column: str, by: str | None) -> list[str] | None:
    """Three groups of 4-9 rows each (for a top three: no tie at the cut), or None."""
    col = table.headers.index(column)  # type: ignore[attr-defined]
    rows = table.rows  # type: ignore[attr-defined]
    ok = []
    for value in sorted({str(r[col]) for r in rows}):
        mine = [r for r in rows if str(r[col]) == value]
        if not 4 <= len(mine) <= 9:
            continue
        if by is not None:
            ranked = sorted((float(r[table.headers.index(by)]) for r in mine), reverse=True)  # type: ignore[attr-defined]
            if ranked[TOP - 1] == ranked[TOP]:
                continue
        ok.append(value)
    return ctx.rng.sample(ok, 3) if len(ok) >= 3 else None


@register_workflow
class DeckPerGroup(PreparedWorkflow[Params]):
    states_values = ("top",)
    spec = WorkflowSpec(
        name="presentation.deck_per_group", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            "Make one copy of {{ input }} per {{ group_column | lower }} for the managers: " + DECKS + ". Each copy is the "
            "deck as it is plus one new slide, directly after \"{{ after_title }}\", holding a table from {{ data }}: "
            f"the header row, then that {{{{ group_column | lower }}}}'s rows - {ROWS} - with {COLS}, each cell as the file "
            "has it. Nothing else on that slide; {{ input }} itself stays as it is.",
            "Each manager presents their own {{ group_column | lower }} next week from their own copy of {{ input }}. Could "
            "you make the three copies (" + DECKS + ") and put in each, right after \"{{ after_title }}\", a slide "
            f"with a proper table of that {{{{ group_column | lower }}}}'s rows from {{{{ data }}}}: header plus {ROWS}, and "
            f"{COLS}? Leave the original deck alone.",
            f"{{{{ input }}}} x3 by {{{{ group_column | lower }}}} from {{{{ data }}}}: {DECKS}. New table slide after "
            f"\"{{{{ after_title }}}}\" in each: header, {ROWS}; {COLS}.",
        ],
        criteria=["Each copy holds the deck unchanged plus one table slide of its own group's rows, placed after the "
                  "named slide.", "Rows and columns as asked; the original deck untouched."],
        files=[FileSlot(param="input", type="pptx", role="input", description="The shared review deck"),
               FileSlot(param="data", type="csv", role="input", types_by={"source": {"xlsx": "xlsx"}},
                        description="The export with every group's rows"),
               *(FileSlot(param=s, type="pptx", description="One group's copy of the deck") for s in SLOTS)],
        checks=[CheckTemplate(func="slides.table_slide", paths={"file": s, "input_file": "input", "data_file": "data"},
                              bind={"title": f"{s}_title", "after_title": "after_title", "columns": "columns",
                                    "top": "top", "by": "by", "where_column": "group_column",
                                    "where_value": f"{s}_value"}) for s in SLOTS],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        source: Source = getattr(ctx.options, "source", None) or ctx.rng.choice(["csv", "xlsx"])
        top, some = pick(ctx, "top"), pick(ctx, "some_columns")
        for _ in range(40):
            kind = ctx.rng.choice(sorted(GROUP))
            table = make_table(ctx.rng, ctx.faker, kind=kind, rows=ctx.rng.randint(22, 30))
            by = ctx.rng.choice(table.numeric) if top else None
            if (values := _groups(ctx, table, GROUP[kind], by)) is not None:
                break
        else:
            raise WorkflowError("no export with three groups to split drawn")
        columns = None
        if some:
            columns = ctx.rng.sample([h for h in table.headers if h != GROUP[kind]], 3)
            if by is not None and by not in columns:
                columns[-1] = by
        deck = make_deck(ctx.rng, ctx.faker, topic=ctx.rng.choice(TOPICS[kind]))
        folder = ctx.rng.choice(["", "decks/", "regional/"])
        outputs = [f"{folder}{deck.file_stem}_{v.lower().replace(' ', '_')}.pptx" for v in values]
        titles = [f"{v}: {table.subject}" for v in values]
        data = write_workbook([Table.of("Export", [table.headers, *table.rows])]) if source == "xlsx" else write_csv(table)
        params = Params(input=f"{folder}{deck.file_stem}.pptx", data=f"{folder}{ctx.rng.choice(table.file_stems)}."
                        f"{source}", **dict(zip(SLOTS, outputs, strict=True)), source=source,
                        group_column=GROUP[kind], **{f"{s}_value": v for s, v in zip(SLOTS, values, strict=True)},
                        **{f"{s}_title": t for s, t in zip(SLOTS, titles, strict=True)},
                        parts=[list(p) for p in zip(values, outputs, titles, strict=True)],
                        after_title=ctx.rng.choice([s.title for s in deck.slides[2:-1]]), by=by,
                        top=TOP if top else None, columns=columns)
        return params.with_files(input=write_pptx(deck), data=data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = READ[params.source].format(data=lit(params.data)) + textwrap.dedent(SCRIPT.format(
            group=lit(params.group_column), parts=lit(params.parts), by=lit(params.by), top=lit(params.top),
            columns=lit(params.columns), input=lit(params.input), find=find_code(params.after_title),
            place=place_last_code(), save="deck.save(output)  # beside the input, whose folder exists"))
        return solution(list_step(params.input, f"I list the slides of {params.input} to find {params.after_title!r}."),
                        script_step(script, f"I read {params.data}, and for each {params.group_column} open the deck, "
                                    "add a Title Only slide with a table of that group's rows after the named slide "
                                    "and save the copy.", "Make the three copies"),
                        list_step(params.first, "I list the first copy to see the new slide in its place."))
