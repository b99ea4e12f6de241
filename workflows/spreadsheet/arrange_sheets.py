"""Tidy a workbook's sheet tabs without touching what they hold: month sheets into calendar order,
sheets sorted A to Z, a summary sheet moved to the front, empty sheets deleted, month sheets
renamed `YYYY-MM`, hidden sheets shown again, or helper sheets hidden."""

from __future__ import annotations

import calendar
import textwrap
from collections import Counter
from typing import Any, Literal

from forge.checks.sheet_arrange import month_of
from forge.models import ReferenceSolution
from workflows._prepared import PreparedWorkflow
from workflows._steps import lit
from workflows.spec import CheckTemplate, WorkflowContext, register_workflow
from workflows.spreadsheet._book import BookOptions, BookParams, big_table, book_spec, choose, names, three_steps, workbook
from workflows.spreadsheet._edit_book import edited
from workflows.spreadsheet.consolidate_sheets import PARTS

Arrangement = Literal["chronological", "alphabetical", "first", "remove_empty", "rename_months", "unhide", "hide"]
SPLIT_BY = {"sales": "Region", "employees": "Department", "inventory": "Warehouse", "budget": "Quarter"}
DOING = {
    "chronological": "put the month sheets in calendar order, the earliest month first",
    "alphabetical": "sort the sheet tabs by name, A to Z",
    "first": 'move the "{first}" sheet to the front, the other sheets keeping their order',
    "remove_empty": "delete the empty sheets (the ones with nothing in them), the other sheets keeping their order",
    "rename_months": 'rename each month sheet to "{year}-MM", the month as two digits, keeping their order',
    "unhide": "show every hidden sheet again (a few are hidden), keeping the order of the tabs",
    "hide": "hide {listed} (hide, do not delete); every other sheet stays visible",
}
EMPTY = ["Sheet2", "Sheet3", "Scratch", "Draft", "Sheet4"]
HELPERS = ["Lists", "Lookup", "Settings"]


class Params(BookParams):
    arrangement: Arrangement
    sheets: list[str]
    year: int | None
    doing: str


class Options(BookOptions):
    arrangement: Arrangement | None = None


def _split(ctx: WorkflowContext, arrangement: str) -> tuple[Any, list[tuple[str, list[list[Any]]]], int]:
    """A table split into sheets (by month for the month arrangements, else by a category), and its year."""
    if arrangement in ("chronological", "rename_months"):
        table = big_table(ctx.rng, ctx.faker, "sales", 60, 240)
        year = table.rows[0][1].year
        names_of = calendar.month_name if ctx.rng.random() < 0.5 else calendar.month_abbr
        months = sorted({row[1].month for row in table.rows})
        return table, [(names_of[m], [r for r in table.rows if r[1].month == m]) for m in months], year
    kind = ctx.rng.choice(sorted(SPLIT_BY))
    table = big_table(ctx.rng, ctx.faker, kind, 30, 200)
    c = table.index(SPLIT_BY[kind])
    parts = sorted({str(r[c]) for r in table.rows})
    return table, [(p, [r for r in table.rows if str(r[c]) == p]) for p in parts], 0


def _listed(sheets: list[str]) -> str:
    quoted = [f'"{s}"' for s in sheets]
    if len(quoted) < 2:
        return f"the helper sheet {quoted[0]}" if quoted else ""
    return f"the helper sheets {', '.join(quoted[:-1])} and {quoted[-1]}"


@register_workflow
class ArrangeSheets(PreparedWorkflow[Params]):
    spec = book_spec(
        "spreadsheet.arrange_sheets", Params, Options,
        phrasings=[
            ("In {{ input }}, {{ doing }}. Do not change what any sheet holds.", "formal"),
            ("Could you tidy up the tabs of {{ input }} for me: {{ doing }}? Please leave the contents of the sheets "
             "alone.", "chatty"),
            ("{{ input }}: {{ doing }}; sheet contents unchanged.", "terse"),
        ],
        criteria=["The workbook's sheets are named, ordered and shown or hidden as asked.",
                  "Every sheet kept holds exactly what it held."],
        checks=[CheckTemplate(func="table.sheets_arranged", bind={"arrangement": "arrangement", "sheets": "sheets",
                                                                   "year": "year"})],
        output="The workbook with its sheets arranged",
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        arrangement = choose(ctx, "arrangement", list(DOING))
        table, parts, year = _split(ctx, arrangement)
        parts = parts[:ctx.rng.randint(3, 6)] if arrangement != "chronological" else parts[:ctx.rng.randint(4, 12)]
        order = list(range(len(parts)))
        if arrangement in ("chronological", "alphabetical"):
            while order == sorted(order):  # the parts come sorted: the task is to sort them back
                ctx.rng.shuffle(order)
        sheets = [parts[i] for i in order]
        named: list[str] = []
        extra: list[tuple[str, list[str], list[list[Any]]]] = []
        if arrangement == "first":
            named = [ctx.rng.choice(["Summary", "Overview", "Totals"])]
            header = [SPLIT_BY.get(table.kind, "Sheet"), "Records"]
            extra = [(named[0], header, [[name, len(rows)] for name, rows in sheets])]
        elif arrangement == "hide":
            named = sorted(ctx.rng.sample(HELPERS, ctx.rng.randint(1, 2)))
            column = table.headers[ctx.rng.choice([i for i, h in enumerate(table.headers) if h not in table.numeric])]
            values = sorted(Counter(str(v) for v in table.column(column)))[:30]
            extra = [(h, [column], [[v] for v in values]) for h in named]
        books = [(name, table.headers, rows) for name, rows in sheets]
        position = ctx.rng.randint(1, len(books))
        books[position:position] = extra
        params = Params(**{**names(ctx, table, "tidy"), "sheet": books[0][0]}, arrangement=arrangement, sheets=named,
                        year=year if arrangement == "rename_months" else None,
                        doing=DOING[arrangement].format(first=named[0] if named else "", year=year,
                                                        listed=_listed(named)))
        data = workbook(books, table)
        titles = [b[0] for b in books]
        if arrangement == "remove_empty":
            spots = sorted(ctx.rng.sample(range(1, len(titles) + 1), ctx.rng.randint(1, 3)), reverse=True)

            def add_empty(wb: Any) -> None:
                for i, spot in enumerate(spots):
                    wb.create_sheet(EMPTY[i], spot)

            data = edited(data, add_empty)
        elif arrangement == "unhide":
            hidden = ctx.rng.sample(titles[1:], ctx.rng.randint(1, max(1, len(titles) // 2)))

            def hide(wb: Any) -> None:
                for title in hidden:
                    wb[title].sheet_state = "hidden"

            data = edited(data, hide)
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        body = [f"""
            import calendar
            months = {{name.lower(): n for n in range(1, 13) for name in (calendar.month_name[n], calendar.month_abbr[n])}}
            print("sheets:", [(w.title, w.sheet_state) for w in wb.worksheets])
        """, arrange_code(params), """
            visible = [i for i, w in enumerate(wb.worksheets) if w.sheet_state == "visible"]
            wb.active = visible[0]
            for w in wb.worksheets:
                w.sheet_view.tabSelected = w is wb.active
            print("now:", [(w.title, w.sheet_state) for w in wb.worksheets])
        """]
        first = params.sheet
        if params.arrangement == "rename_months":
            first = f"{params.year}-{month_of(first):02d}"
        return three_steps(params, body, f"I {params.doing}, touching no cell.", "Arrange the sheets", sheet=first)


ARRANGE = {  # reference-script lines per arrangement, over the loaded workbook `wb`
    "chronological": "order = sorted(wb.sheetnames, key=lambda t: months[t.split()[0].lower()])",
    "alphabetical": "order = sorted(wb.sheetnames, key=str.casefold)",
    "first": "order = {sheets} + [t for t in wb.sheetnames if t not in {sheets}]",
    "remove_empty": """
        for w in list(wb.worksheets):
            if all(c.value is None for line in w.iter_rows() for c in line):
                print("deleting empty", w.title)
                wb.remove(w)
        order = wb.sheetnames
    """,
    "rename_months": """
        for w in wb.worksheets:
            w.title = f"{year}-" + format(months[w.title.split()[0].lower()], "02d")
        order = wb.sheetnames
    """,
    "unhide": """
        for w in wb.worksheets:
            w.sheet_state = "visible"
        order = wb.sheetnames
    """,
    "hide": """
        for name in {sheets}:
            wb[name].sheet_state = "hidden"
        order = wb.sheetnames
    """,
}
MOVE = """
for i, name in enumerate(order):
    wb.move_sheet(wb[name], offset=i - wb.sheetnames.index(name))
"""  # every arrangement ends by putting the tabs in `order`


def arrange_code(params: Params) -> str:
    """The reference-script lines doing `params.arrangement`, then ordering the tabs."""
    code = textwrap.dedent(ARRANGE[params.arrangement]).strip()
    return code.format(sheets=lit(params.sheets), year=lit(params.year)) + MOVE
