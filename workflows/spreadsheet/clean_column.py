"""Clean one messy column: stray spaces, inconsistent case, dates or amounts typed as text, blanks
left by a grouped export or meaning zero. The rest of the sheet must stay as it was."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._prepared import PreparedWorkflow
from workflows._steps import lit
from workflows.spec import CheckTemplate, WorkflowContext, register_workflow
from workflows.spreadsheet._book import (
    big_table,
    book_spec,
    choose,
    names,
    rewrite,
    three_steps,
    workbook,
)
from workflows.spreadsheet._finish import FinishOptions, FinishParams, finish_fields
from workflows.spreadsheet._messy import blanks, messy_labels, stray_spaces, text_amounts, text_dates

Op = Literal["trim", "upper", "title", "date_text", "number_text", "fill_down", "fill_zero"]
COLUMNS: dict[str, dict[str, list[str]]] = {  # op -> kind -> columns it makes sense on
    "trim": {"sales": ["Customer"], "employees": ["Name"], "inventory": ["Item"], "budget": ["Project"]},
    "upper": {"sales": ["Order ID"], "inventory": ["SKU"], "budget": ["Cost Center"]},
    "title": {"sales": ["Region"], "employees": ["Department"]},
    "date_text": {"sales": ["Date"], "employees": ["Start Date"]},
    "number_text": {"sales": ["Unit Price"], "employees": ["Salary"], "inventory": ["Unit Cost"], "budget": ["Actual"]},
    "fill_down": {"sales": ["Region"], "employees": ["Department"], "inventory": ["Warehouse"], "budget": ["Quarter"]},
    "fill_zero": {"sales": ["Units"], "employees": ["Bonus"], "inventory": ["Quantity"], "budget": ["Actual"]},
}
ASK = {
    "trim": "some {column} entries have doubled or stray spaces; make it single spaces between words",
    "upper": "the {column} codes were typed in mixed case; make them all upper case",
    "title": "{column} was typed inconsistently (all caps, all lower case); put every entry in Title Case",
    "date_text": ("the {column} column holds dates typed as text in mixed formats; turn them into real date values "
                  "(slashed dates are month/day/year)"),
    "number_text": "{column} was pasted as text (thousands commas, a $ sign here and there); make them real numbers",
    "fill_down": ("the export shows {column} only on the first row of each group; fill every blank {column} cell "
                  "with the value above it"),
    "fill_zero": "blank cells in {column} mean zero; put a 0 in each of them",
}
FIX = {
    "trim": "v if v is None else ' '.join(str(v).split())",
    "upper": "v if v is None else ' '.join(str(v).split()).upper()",
    "title": "v if v is None else ' '.join(str(v).split()).title()",
    "date_text": "v if not isinstance(v, str) else parse_date(v)",
    "number_text": "v if not isinstance(v, str) else float(v.replace('$', '').replace(',', '').strip())",
    "fill_down": "v if v is not None else (fixed[-1] if fixed else None)",
    "fill_zero": "0 if v is None else v",
}
PARSE_DATE = '''
import datetime as dt
def parse_date(s):
    for fmt in ("%Y-%m-%d", "%m/%d/%Y", "%d %b %Y", "%B %d, %Y"):
        try:
            return dt.datetime.strptime(" ".join(s.split()), fmt)
        except ValueError:
            pass
    raise ValueError(s)
'''


class Params(FinishParams):
    column: str
    operation: Op
    ask: str


class Options(FinishOptions):
    operation: Op | None = None


@register_workflow
class CleanColumn(PreparedWorkflow[Params]):
    spec = book_spec(
        "spreadsheet.clean_column", Params, Options,
        phrasings=[
            ('In {{ input }} (sheet "{{ sheet }}", {{ subject }}), {{ ask }}. Do not change any other cell, the header '
             "or the order of the rows.", "formal"),
            ("Quick cleanup job on {{ input }}, tab \"{{ sheet }}\": {{ ask }}. Everything else should stay exactly "
             "as it is.", "chatty"),
            ('{{ input }} / "{{ sheet }}": clean the {{ column }} column - {{ ask }}. Other cells unchanged.', "terse"),
            ("Before I can filter and chart the {{ subject }} in {{ input }} (\"{{ sheet }}\" sheet), the {{ column }} "
             "column has to be consistent: {{ ask }}.", "formal"),
        ],
        criteria=["Every cell of the column holds its cleaned value.", "No other cell, row or column changed."],
        checks=[CheckTemplate(func="table.column_cleaned", bind={"table": "sheet", "column": "column",
                                                                  "operation": "operation"})],
        output="The workbook with the column cleaned",
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        op = choose(ctx, "operation", sorted(COLUMNS))
        kind = ctx.rng.choice(sorted(COLUMNS[op]))
        table = big_table(ctx.rng, ctx.faker, kind)
        column = ctx.rng.choice(COLUMNS[op][kind])
        c = table.index(column)
        if op == "trim":
            rows = stray_spaces(ctx.rng, table.rows, c)
        elif op in ("upper", "title"):
            rows = messy_labels(ctx.rng, table.rows, c, share=0.35, spaces=False)
        else:
            messy = {"date_text": text_dates, "number_text": text_amounts}
            rows = messy[op](ctx.rng, table.rows, c) if op in messy else blanks(ctx.rng, table.rows, c,
                                                                                runs=op == "fill_down")
        params = Params(**finish_fields(ctx), **names(ctx, table, "clean"), column=column, operation=op,
                        ask=ASK[op].format(column=column))
        return params.with_files(input=workbook([(params.sheet, table.headers, rows)], table))

    def reference(self, params: Params) -> ReferenceSolution:
        body = [PARSE_DATE if params.operation == "date_text" else "", f"""
            col = header.index({lit(params.column)})
            print("before:", [row[col] for row in rows[:8]])
            fixed = []
            for v in [row[col] for row in rows]:
                fixed.append({FIX[params.operation]})
            for row, value in zip(rows, fixed):
                row[col] = value
            print("after:", fixed[:8])
        """, rewrite()]
        return three_steps(params, body, f"I fix the {params.column} column cell by cell ({params.operation}) with "
                           "openpyxl and write the sheet back unchanged otherwise.", f"Clean {params.column}")
