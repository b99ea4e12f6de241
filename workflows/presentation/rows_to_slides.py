"""One slide per row of a CSV export (every row, or only one category's rows): titled with the row's
key column, a 'Column: value' bullet per other column (or per named column, in the order named),
placed after a named slide in the file's row order. The rest of the deck stays as it was."""

from __future__ import annotations

from typing import Literal

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.data import make_table, write_csv
from preparers.presentation import make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.presentation._place import find_code
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)

Rows = Literal["all", "where"]
WHICH = ("{% if where_column %}each row of {{ data }} whose {{ where_column }} is {{ where_value }}{% else %}each "
         "row of {{ data }}{% endif %}")
BULLETS = ("{% if columns %}one bullet per column {% for c in columns %}\"{{ c }}\"{% if not loop.last %}, "
           "{% endif %}{% endfor %} in that order{% else %}one bullet for every other column, in the file's order"
           "{% endif %}, each written as 'Column: value' with the value as the file has it")


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    data: str
    title_column: str
    columns: list[str] | None
    where_column: str | None
    where_value: str | None
    after_title: str


class Options(SkillParams):
    rows: Rows | None = None
    some_columns: bool | None = None
    in_place: bool | None = None


def _category(table: object, rng: object) -> tuple[str, str] | None:
    """A (column, value) naming 2-4 rows of the table, never all of them."""
    pairs = []
    for i, name in enumerate(table.headers):  # type: ignore[attr-defined]
        if i == 0 or name in table.numeric or name in table.date_columns():  # type: ignore[attr-defined]
            continue
        values = [str(v) for v in table.column(name)]  # type: ignore[attr-defined]
        pairs += [(name, v) for v in sorted(set(values)) if 2 <= values.count(v) <= min(4, len(values) - 1)]
    return rng.choice(pairs) if pairs else None  # type: ignore[attr-defined]


@register_workflow
class RowsToSlides(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.rows_to_slides", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"In {{{{ input }}}}, add one slide for {WHICH}, directly after the slide \"{{{{ after_title }}}}\" and in "
            f"the file's row order. Each slide is titled with the row's {{{{ title_column }}}} and lists {BULLETS}. "
            "The other slides stay as they are. " + SAVE["formal"],
            f"Could you turn {{{{ data }}}} into slides in {{{{ input }}}}? One slide for {WHICH}, all of them right "
            f"after \"{{{{ after_title }}}}\": the {{{{ title_column }}}} as the title and {BULLETS}. "
            + SAVE["chatty"],
            f"Every presenter should get a slide for {WHICH} in {{{{ input }}}}, after \"{{{{ after_title }}}}\" "
            f"(title: {{{{ title_column }}}}; {BULLETS}). " + SAVE["terse"],
        ],
        criteria=["One slide per selected row, in the file's order, right after the named slide.",
                  "Each slide's title and bullets show the row's values; the other slides are unchanged."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A presentation deck"),
               FileSlot(param="data", type="csv", role="input", description="A CSV export"),
               FileSlot(param="output", type="pptx", description="The deck with a slide per row")],
        checks=[CheckTemplate(func="slides.rows_as_slides", paths={"input_file": "input", "data_file": "data"},
                              bind={"title_column": "title_column", "columns": "columns",
                                    "where_column": "where_column", "where_value": "where_value",
                                    "after_title": "after_title"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        rows = getattr(ctx.options, "rows", None) or ctx.rng.choice(["all", "where"])
        some = getattr(ctx.options, "some_columns", None)
        some = ctx.rng.random() < 0.5 if some is None else some
        for _ in range(40):
            table = make_table(ctx.rng, ctx.faker, rows=ctx.rng.randint(3, 5) if rows == "all" else
                               ctx.rng.randint(8, 14))
            keys = [str(v) for v in table.column(table.headers[0])]
            pair = _category(table, ctx.rng) if rows == "where" else None
            if len(set(keys)) == len(keys) and len(table.headers) >= 4 and (rows == "all" or pair):
                break
        else:
            raise WorkflowError(f"no table to make row slides from for rows={rows}")
        columns = ctx.rng.sample(table.headers[1:], 2) if some else None
        deck = make_deck(ctx.rng, ctx.faker)
        base = deck_paths(ctx, deck.file_stem, "with_rows")
        folder = str(base["input"]).rsplit("/", 1)[0] + "/" if "/" in str(base["input"]) else ""
        params = Params(**base, data=f"{folder}{ctx.rng.choice(table.file_stems)}.csv", title_column=table.headers[0],
                        columns=columns, where_column=pair[0] if pair else None, where_value=pair[1] if pair else None,
                        after_title=ctx.rng.choice([s.title for s in deck.slides[1:-1]]))
        return params.with_files(input=write_pptx(deck), data=write_csv(table))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, pptx
            header, *rows = list(csv.reader(open({lit(params.data)}, newline="", encoding="utf-8")))
            key = header.index({lit(params.title_column)})
            if {lit(params.where_column)} is not None:
                col = header.index({lit(params.where_column)})
                rows = [r for r in rows if r[col].strip().casefold() == {lit(params.where_value)}.casefold()]
            names = {lit(params.columns)} or [h for i, h in enumerate(header) if i != key]
            deck = pptx.Presentation({lit(params.input)})
            {find_code(params.after_title)}
            layout = next(l for l in deck.slide_layouts if l.name == "Title and Content")
            for n, row in enumerate(rows):
                slide = deck.slides.add_slide(layout)
                slide.shapes.title.text = row[key]
                frame = slide.placeholders[1].text_frame
                for i, name in enumerate(names):
                    paragraph = frame.paragraphs[0] if i == 0 else frame.add_paragraph()
                    paragraph.text = f"{{name}}: {{row[header.index(name)]}}"
                order = deck.slides._sldIdLst; new = order[-1]; order.remove(new); order.insert(after + 1 + n, new)
                print("slide for", row[key])
            {save_code(params.output)}
        """
        return solution(list_step(params.input, f"I list the slides of {params.input} to find {params.after_title!r}."),
                        script_step(script, f"I read {params.data} with the csv module and add a Title and Content "
                                    "slide per selected row after the named slide.", "Add the row slides"),
                        list_step(params.output, "I list the slides again to see the new ones in place."))
