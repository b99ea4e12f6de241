"""Put a table kept in another app's file on a slide (spreadsheet, document or PDF -> presentation):
a workbook's sheet, a Word report's table or a PDF printout's table becomes a real table on a new
slide after a named one: every row, the top N by a column, or one category's rows; every column or
the ones named. One family per source (`multi.table_slide.xlsx`, `.docx`, `.pdf`); the check is
`slides.table_slide`, which reads the data file through its table view whatever its format.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.data import make_table
from preparers.presentation import make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.multi._hop import FORMATS, Format, printed
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.presentation._place import find_code, place_last_code
from workflows.presentation.table_slide import COLS, WHICH, category_choices
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Rows = Literal["all", "top", "where"]
SIZE = {"all": (4, 7), "top": (12, 20), "where": (12, 20)}  # a printout's table stays on its first page


class Options(SkillParams):
    rows: Rows | None = None
    some_columns: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    data: str
    data_noun: str
    title: str
    after_title: str
    rows: Rows
    top: int | None
    by: str | None
    where_column: str | None
    where_value: str | None
    columns: list[str] | None


class TableToSlide(PreparedWorkflow[Params]):
    states_values = ("top", "title")
    src: ClassVar[Format]
    spec = WorkflowSpec(
        name="multi.table_slide", apps=["spreadsheet", "presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"Add a slide titled \"{{{{ title }}}}\" to {{{{ input }}}}, directly after the slide \"{{{{ after_title }}}}\", "
            f"holding one table copied from {{{{ data_noun }}}} {{{{ data }}}}: its header row, then {WHICH}, with "
            f"{COLS}. Nothing else goes on that slide; the other slides stay as they are. " + SAVE["formal"],
            f"The figures in {{{{ data }}}} should be in the deck {{{{ input }}}} too. Could you add a slide "
            f"\"{{{{ title }}}}\" after \"{{{{ after_title }}}}\" with a real table (not a screenshot): the header plus "
            f"{WHICH}, {COLS}? " + SAVE["chatty"],
            f"{{{{ data }}}} -> table slide \"{{{{ title }}}}\" in {{{{ input }}}} after \"{{{{ after_title }}}}\": "
            f"header, {WHICH}; {COLS}. " + SAVE["terse"],
        ],
        criteria=["The new slide sits right after the named slide and holds exactly the rows and columns asked for.",
                  "Every other slide is unchanged."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A presentation deck"),
               FileSlot(param="data", type="xlsx", role="input", description="The table's file"),
               FileSlot(param="output", type="pptx", description="The deck with the table slide")],
        checks=[CheckTemplate(func="slides.table_slide", paths={"input_file": "input", "data_file": "data"},
                              bind={"title": "title", "after_title": "after_title", "columns": "columns",
                                    "top": "top", "by": "by", "where_column": "where_column",
                                    "where_value": "where_value"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rows: Rows = opts.rows or ctx.rng.choice(["all", "top", "where"])  # type: ignore[assignment]
        some = opts.some_columns if opts.some_columns is not None else ctx.rng.random() < 0.5
        for _ in range(30):
            table = make_table(ctx.rng, ctx.faker, rows=ctx.rng.randint(*SIZE[rows]))
            table = printed(table) if self.src.printout else table
            top = by = where_column = where_value = None
            title = table.title
            if rows == "top":
                top, by = ctx.rng.choice([4, 5, 6]), ctx.rng.choice(table.numeric)
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
            raise WorkflowError(f"{self.name}: no table to put on a slide for rows={rows} drawn in 30 tries")
        columns = None
        if some:
            columns = ctx.rng.sample(table.headers, 3)
            if by is not None and by not in columns:
                columns[-1] = by
        deck = make_deck(ctx.rng, ctx.faker)
        base = deck_paths(ctx, deck.file_stem, "with_table")
        folder = ctx.rng.choice(["", "reports/", "shared/", "finance/"])
        params = Params(**base, data=f"{folder}{ctx.rng.choice(table.file_stems)}.{self.src.ext}",
                        data_noun=self.src.noun, title=title,
                        after_title=ctx.rng.choice([s.title for s in deck.slides[2:-1]]), rows=rows, top=top, by=by,
                        where_column=where_column, where_value=where_value, columns=columns)
        assert self.src.write is not None
        return params.with_files(input=write_pptx(deck), data=self.src.write(table, table.title[:31]))

    def reference(self, params: Params) -> ReferenceSolution:
        script = self.src.reader(params.data) + f"""
if {lit(params.where_column)} is not None:
    col = header.index({lit(params.where_column)})
    rows = [r for r in rows if str(r[col]).strip().casefold() == {lit(params.where_value)}.casefold()]
if {lit(params.top)} is not None:
    col = header.index({lit(params.by)})
    rows = sorted(rows, key=lambda r: float(r[col]), reverse=True)[:{lit(params.top)}]
keep = [header.index(c) for c in {lit(params.columns)}] if {lit(params.columns)} else range(len(header))
grid = [["" if r[i] is None else str(r[i]) for i in keep] for r in [header, *rows]]
import pptx
from pptx.util import Inches, Pt
deck = pptx.Presentation({lit(params.input)})
{find_code(params.after_title)}
slide = deck.slides.add_slide(next(l for l in deck.slide_layouts if l.name == "Title Only"))
slide.shapes.title.text = {lit(params.title)}
shape = slide.shapes.add_table(len(grid), len(grid[0]), Inches(0.4), Inches(1.6), Inches(9.2), Inches(0.4) * len(grid))
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
                        script_step(script, f"I read the table of {params.data}, keep the rows and columns asked for "
                                    "and add a Title Only slide with a real table after the named slide.",
                                    "Add the table slide"),
                        list_step(params.output, "I list the slides again to see the new one in its place."))


def _register(ext: str) -> type[TableToSlide]:
    src = FORMATS[ext]
    spec = TableToSlide.spec.model_copy(update={
        "name": f"multi.table_slide.{ext}", "apps": [src.app, "presentation"],
        "files": [TableToSlide.spec.files[0],
                  FileSlot(param="data", type=ext, role="input", description=src.noun.removeprefix("the ")),
                  TableToSlide.spec.files[2]]})
    # __module__: `forge docs` describes a family by its module (type() under ABCMeta says 'abc')
    attrs = {"spec": spec, "src": src, "__module__": __name__}
    return register_workflow(type(f"TableToSlide{ext.capitalize()}", (TableToSlide,), attrs))


FAMILIES = [_register(ext) for ext in ("xlsx", "docx", "pdf")]
