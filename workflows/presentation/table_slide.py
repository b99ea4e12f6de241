"""Put a CSV export on a slide as a real table: every row, the top N by a column, or one
category's rows; every column or only the ones named, in the order named. The new slide goes
directly after a named slide; the rest of the deck stays as it was."""

from __future__ import annotations

from typing import Literal

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.data import make_table, write_csv
from preparers.presentation import make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.presentation._place import find_code, place_last_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Rows = Literal["all", "top", "where"]
WHICH = ("{% if rows == 'top' %}the {{ top }} rows with the largest {{ by }}, largest first{% elif rows == 'where' %}"
         "only the rows whose {{ where_column }} is {{ where_value }}, in the file's order{% else %}every row, in the "
         "file's order{% endif %}")
COLS = ("{% if columns %}only the columns {% for c in columns %}\"{{ c }}\"{% if not loop.last %}, {% endif %}"
        "{% endfor %}, in that order{% else %}all of its columns{% endif %}")
SIZE = {"all": (4, 7), "top": (14, 26), "where": (12, 24)}


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    data: str
    title: str
    after_title: str
    rows: Rows
    top: int | None
    by: str | None
    where_column: str | None
    where_value: str | None
    columns: list[str] | None


class Options(SkillParams):
    rows: Rows | None = None
    some_columns: bool | None = None
    in_place: bool | None = None


def category_choices(table: object) -> list[tuple[str, str]]:
    """(column, value) pairs naming 2-8 rows of the table, never all of them."""
    out = []
    for name in table.headers:  # type: ignore[attr-defined]
        if name in table.numeric or name in table.date_columns():  # type: ignore[attr-defined]
            continue
        values = [str(v) for v in table.column(name)]  # type: ignore[attr-defined]
        out += [(name, v) for v in sorted(set(values)) if 2 <= values.count(v) <= min(8, len(values) - 1)]
    return out


@register_workflow
class TableSlide(PreparedWorkflow[Params]):
    states_values = ("top", "title")
    spec = WorkflowSpec(
        name="presentation.table_slide", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"Add a slide titled \"{{{{ title }}}}\" to {{{{ input }}}}, directly after the slide \"{{{{ after_title }}}}\". "
            f"It holds one table made from {{{{ data }}}}: its header row, then {WHICH}, with {COLS}; each cell shows "
            "the value as the file has it. Nothing else goes on that slide and the other slides stay as they are. "
            + SAVE["formal"],
            f"For the meeting I need the numbers from {{{{ data }}}} in {{{{ input }}}}: a new slide \"{{{{ title }}}}\" "
            f"right after \"{{{{ after_title }}}}\" with a proper table (not a picture): header row plus {WHICH}, and "
            f"{COLS}. Keep the rest of the deck as it is. " + SAVE["chatty"],
            f"{{{{ input }}}}: new slide \"{{{{ title }}}}\" after \"{{{{ after_title }}}}\", a table of {{{{ data }}}} - "
            f"header, {WHICH}; {COLS}. " + SAVE["terse"],
        ],
        criteria=["The new slide sits right after the named slide and holds exactly the rows and columns asked for.",
                  "Every other slide is unchanged."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A presentation deck"),
               FileSlot(param="data", type="csv", role="input", description="A CSV export"),
               FileSlot(param="output", type="pptx", description="The deck with the table slide")],
        checks=[CheckTemplate(func="slides.table_slide", paths={"input_file": "input", "data_file": "data"},
                              bind={"title": "title", "after_title": "after_title", "columns": "columns",
                                    "top": "top", "by": "by", "where_column": "where_column",
                                    "where_value": "where_value"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        rows = getattr(ctx.options, "rows", None) or ctx.rng.choice(["all", "top", "where"])
        some = getattr(ctx.options, "some_columns", None)
        some = ctx.rng.random() < 0.5 if some is None else some
        for _ in range(30):
            table = make_table(ctx.rng, ctx.faker, rows=ctx.rng.randint(*SIZE[rows]))
            top = by = where_column = where_value = None
            title = table.title
            if rows == "top":
                top, by = ctx.rng.choice([5, 6]), ctx.rng.choice(table.numeric)
                ranked = sorted(table.column(by), reverse=True)
                if ranked[top - 1] == ranked[top]:
                    continue  # the cut would fall inside a tie
                title = f"Top {top} {table.subject} by {by.lower()}"
            elif rows == "where":
                if not (pairs := category_choices(table)):
                    continue
                where_column, where_value = ctx.rng.choice(pairs)
                title = f"{table.subject[:1].upper() + table.subject[1:]}: {where_value}"
            break
        else:
            raise WorkflowError(f"no table to put on a slide for rows={rows} drawn")
        columns = None
        if some:
            columns = ctx.rng.sample(table.headers, 3)
            if by is not None and by not in columns:
                columns[-1] = by
        deck = make_deck(ctx.rng, ctx.faker)
        base = deck_paths(ctx, deck.file_stem, "with_table")
        folder = base["input"].rsplit("/", 1)[0] + "/" if "/" in base["input"] else ""  # type: ignore[union-attr]
        params = Params(**base, data=f"{folder}{ctx.rng.choice(table.file_stems)}.csv", title=title,
                        after_title=ctx.rng.choice([s.title for s in deck.slides[2:-1]]), rows=rows, top=top, by=by,
                        where_column=where_column, where_value=where_value, columns=columns)
        return params.with_files(input=write_pptx(deck), data=write_csv(table))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, pptx
            from pptx.util import Inches, Pt
            header, *rows = list(csv.reader(open({lit(params.data)}, newline="", encoding="utf-8")))
            if {lit(params.where_column)} is not None:
                col = header.index({lit(params.where_column)})
                rows = [r for r in rows if r[col].strip().casefold() == {lit(params.where_value)}.casefold()]
            if {lit(params.top)} is not None:
                col = header.index({lit(params.by)})
                rows = sorted(rows, key=lambda r: float(r[col]), reverse=True)[:{lit(params.top)}]
            keep = [header.index(c) for c in {lit(params.columns)}] if {lit(params.columns)} else range(len(header))
            grid = [[r[i] for i in keep] for r in [header, *rows]]
            deck = pptx.Presentation({lit(params.input)})
            {find_code(params.after_title)}
            slide = deck.slides.add_slide(next(l for l in deck.slide_layouts if l.name == "Title Only"))
            slide.shapes.title.text = {lit(params.title)}
            shape = slide.shapes.add_table(len(grid), len(grid[0]), Inches(0.4), Inches(1.6), Inches(9.2),
                                           Inches(0.4) * len(grid))
            for r, values in enumerate(grid):
                for c, value in enumerate(values):
                    cell = shape.table.cell(r, c)
                    cell.text = value
                    cell.text_frame.paragraphs[0].runs[0].font.size = Pt(12)
            {place_last_code()}
            print(len(grid) - 1, "rows x", len(grid[0]), "columns")
            {save_code(params.output)}
        """
        return solution(list_step(params.input, f"I list the slides of {params.input} to find {params.after_title!r}."),
                        script_step(script, f"I read {params.data} with the csv module, keep the rows and columns "
                                    "asked for and add a Title Only slide with a real table after the named slide.",
                                    "Add the table slide"),
                        list_step(params.output, "I list the slides again to see the new one in its place."))
