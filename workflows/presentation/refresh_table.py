"""Bring a table already on a slide up to date from the latest export before the meeting: only the
figures of the rows it lists (matched by its first column), or exactly the export's rows (new
ones added, gone ones deleted, in the export's order); the export holding only the table's
columns or the whole record; in place or a new deck."""

from __future__ import annotations

import textwrap
from typing import Any, Literal

from forge.models import ReferenceSolution
from forge.views import Table as ViewTable
from preparers.filetypes.csv import write_csv
from preparers.presentation import make_deck
from preparers.spreadsheet import make_table
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.presentation._draw import pick
from workflows.presentation._table_deck import TableDeck, cell_text, write_table_deck
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Rows = Literal["values", "rows"]
COLUMNS = {"sales": ["Order ID", "Customer", "Units", "Unit Price"], "employees": ["Name", "Department", "Salary",
           "Bonus"], "inventory": ["SKU", "Item", "Quantity", "Unit Cost"], "budget": ["Cost Center", "Project",
                                                                                     "Budget", "Actual"]}
ASK = ("{% if rows == 'rows' %}make it list exactly the export's rows, in the export's order: add the rows that are "
       "new, delete the ones the export no longer has, and update the figures{% else %}update the figures of the "
       "rows it already lists (find each by its {{ key }}); don't add or remove rows{% endif %}")
COLS = ("{% if extra_columns %} The export has more columns than the slide shows; the table keeps its own columns."
        "{% else %} The table keeps its columns.{% endif %}")
REFRESH = """
    import copy, csv, pptx
    deck = pptx.Presentation({input})
    slide = next(s for s in deck.slides if s.shapes.title is not None
                 and " ".join(s.shapes.title.text_frame.text.split()) == {title})
    table = next(s for s in slide.shapes if s.has_table).table
    header = [c.text for c in table.rows[0].cells]
    with open({data}, newline="", encoding="utf-8") as f:
        export = list(csv.DictReader(f))
    def shown(text):  # numbers as the slide prints them
        for kind, form in ((int, "{{:,}}"), (float, "{{:,.2f}}")):
            try:
                return form.format(kind(text))
            except ValueError:
                pass
        return text
    if {rows} == "rows":
        wanted = [[shown(r[h]) for h in header] for r in export]
    else:
        by_key = {{r[header[0]]: r for r in export}}
        wanted = [[shown(by_key[table.cell(i, 0).text][h]) for h in header] for i in range(1, len(table.rows))]
    tbl = table._tbl
    while len(tbl.tr_lst) - 1 < len(wanted):
        tbl.append(copy.deepcopy(tbl.tr_lst[-1]))
    while len(tbl.tr_lst) - 1 > len(wanted):
        tbl.remove(tbl.tr_lst[-1])
    for i, values in enumerate(wanted, start=1):
        for j, value in enumerate(values):
            runs = table.cell(i, j).text_frame.paragraphs[0].runs
            runs[0].text = value
            for extra in runs[1:]:
                extra._r.getparent().remove(extra._r)
        print(values)
"""


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    data: str
    slide_title: str
    key: str
    rows: Rows
    extra_columns: bool


class Options(SkillParams):
    rows: Rows | None = None
    extra_columns: bool | None = None
    in_place: bool | None = None


def _updated(ctx: WorkflowContext, row: list[Any], col: int) -> list[Any]:
    """`row` with its number at `col` moved by a visible amount (a whole number stays whole)."""
    old, out = row[col], list(row)
    step = max(1, round(abs(old) * ctx.rng.uniform(0.04, 0.2)))
    new = old + ctx.rng.choice([-1, 1]) * step if isinstance(old, int) else round(old * ctx.rng.uniform(1.04, 1.2), 2)
    out[col] = new if new > 0 else old + step
    return out


@register_workflow
class RefreshTable(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.refresh_table", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            "The table on the slide \"{{ slide_title }}\" in {{ input }} is out of date. Refresh it from the latest "
            f"export, {{{{ data }}}}: {ASK}.{COLS} Numbers print as the table already prints them; nothing else in "
            "the deck changes. " + SAVE["formal"],
            "The latest export just came in as {{ data }}. Could you bring the table on \"{{ slide_title }}\" in "
            f"{{{{ input }}}} in line with it? Please {ASK}.{COLS} " + SAVE["chatty"],
            f"{{{{ input }}}}, slide \"{{{{ slide_title }}}}\": refresh its table from {{{{ data }}}} - {ASK}.{COLS} "
            + SAVE["terse"],
        ],
        criteria=["The table shows the export's figures for the rows asked, under its own header.",
                  "Every other slide, title, text and note is unchanged."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck with a table slide"),
               FileSlot(param="data", type="csv", role="input", description="The latest export"),
               FileSlot(param="output", type="pptx", description="The deck with the table refreshed")],
        checks=[CheckTemplate(func="slides.table_refreshed", paths={"input_file": "input", "data_file": "data"},
                              bind={"slide_title": "slide_title", "rows": "rows"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        rows_mode: Rows = getattr(ctx.options, "rows", None) or ctx.rng.choice(["values", "rows"])
        extra = pick(ctx, "extra_columns")
        kind = ctx.rng.choice(sorted(COLUMNS))
        cols: list[int] = []
        body: list[list[Any]] = []
        while len(body) < 6:  # one row per key, enough to change three and drop one
            table = make_table(ctx.rng, ctx.faker, kind=kind, rows=ctx.rng.randint(7, 10))
            cols = [table.headers.index(c) for c in COLUMNS[kind]]
            body = list({r[cols[0]]: r for r in table.rows}.values())[:9]
        shown, spare = body[:-1], body[-1]
        changed = set(ctx.rng.sample(range(len(shown) - 1), 2)) | {len(shown) - 1}
        export = [_updated(ctx, r, cols[ctx.rng.choice([2, 3])]) if i in changed else r for i, r in enumerate(shown)]
        if rows_mode == "rows":
            export.pop(ctx.rng.choice([i for i in range(len(export)) if i not in changed]))
        export = sorted([*export, spare], key=lambda r: str(r[cols[0]]))
        keep = range(len(table.headers)) if extra else cols
        grid = [[table.headers[i] for i in keep], *[[r[i] for i in keep] for r in export]]
        data = write_csv(ViewTable.of(kind, grid))
        deck = make_deck(ctx.rng, ctx.faker)
        made = TableDeck(deck=deck, title=table.title, after=ctx.rng.choice([s.title for s in deck.slides[2:-1]]),
                         grid=[COLUMNS[kind], *[[cell_text(r[i]) for i in cols] for r in shown]],
                         spare=[cell_text(spare[i]) for i in cols])
        base = deck_paths(ctx, deck.file_stem, "refreshed")
        folder = str(base["input"]).rsplit("/", 1)[0] + "/" if "/" in str(base["input"]) else ""
        params = Params(**base, data=f"{folder}{kind}_export.csv", slide_title=table.title, key=COLUMNS[kind][0],
                        rows=rows_mode, extra_columns=extra)
        return params.with_files(input=write_table_deck(made), data=data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = textwrap.dedent(REFRESH.format(input=lit(params.input), title=lit(params.slide_title),
                                                data=lit(params.data), rows=lit(params.rows)))
        script += "\n" + save_code(params.output)
        return solution(list_step(params.input, f"I list the slides of {params.input}."),
                        script_step(f"import csv\nprint(list(csv.reader(open({lit(params.data)}, encoding='utf-8'))))",
                                    f"I read {params.data} to see what changed.", f"Read {params.data}"),
                        script_step(script, "I rewrite the table's cells with python-pptx from the export (rows "
                                    "added or removed by copying or dropping table rows), numbers printed as the "
                                    "table prints them.", "Refresh the table"),
                        list_step(params.output, "I list the slides again to check nothing else changed."))
