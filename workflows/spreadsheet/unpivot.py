"""Unpivot a wide sheet (one column per month or quarter) into a long table on a new sheet - one
row per cell with the id, the former column's name and the value - row by row or column by
column, skipping empty cells when asked (what Power Query's Unpivot does)."""

from __future__ import annotations

import datetime as dt
from typing import ClassVar

from forge.models import ReferenceSolution
from preparers.spreadsheet import Table
from workflows._prepared import PreparedWorkflow
from workflows._steps import lit
from workflows.spec import CheckTemplate, WorkflowContext, register_workflow
from workflows.spreadsheet._book import (
    book_spec,
    choose,
    names,
    three_steps,
    workbook,
)
from workflows.spreadsheet._finish import FinishOptions, FinishParams, finish_fields

IDS = {"Region": ["North", "South", "East", "West", "Central", "Coastal", "Highlands", "Metro"],
       "Store": ["Leeds", "Bristol", "Cardiff", "York", "Bath", "Derby", "Exeter", "Hull", "Perth", "Ayr"],
       "Product": ["Laptop", "Monitor", "Keyboard", "Mouse", "Headset", "Webcam", "Printer", "Tablet"]}


class Params(FinishParams):
    FINISH_ON: ClassVar[str] = "into"
    into: str
    id_column: str
    variable_header: str
    value_header: str
    by_column: bool
    skip_blank: bool


class Options(FinishOptions):
    by_column: bool | None = None
    skip_blank: bool | None = None


@register_workflow
class Unpivot(PreparedWorkflow[Params]):
    spec = book_spec(
        "spreadsheet.unpivot", Params, Options,
        phrasings=[
            ('The sheet "{{ sheet }}" of {{ input }} has one column per {{ variable_header | lower }}. Make a long '
             'version on a new sheet "{{ into }}" with the header {{ id_column }} | {{ variable_header }} | '
             "{{ value_header }} and one row per figure, {% if by_column %}column by column (every {{ id_column }} "
             "for the first {{ variable_header | lower }}, then the next){% else %}row by row (each {{ id_column }}'s "
             "figures left to right){% endif %}{% if skip_blank %}, leaving out empty cells{% else %}, empty cells "
             "included as rows with an empty {{ value_header }}{% endif %}. Keep \"{{ sheet }}\" as it is.", "formal"),
            ("Our BI tool wants long data. Could you unpivot the {{ sheet }} tab of {{ input }} onto a new tab "
             '"{{ into }}"? Columns: {{ id_column }}, {{ variable_header }}, {{ value_header }}; '
             "{% if by_column %}go down each column in turn{% else %}go across each row in turn{% endif %}"
             "{% if skip_blank %}, and skip the blanks{% else %}, blanks included{% endif %}.", "chatty"),
            ('{{ input }} ("{{ sheet }}"): unpivot to new sheet "{{ into }}" ({{ id_column }}, {{ variable_header }}, '
             "{{ value_header }}; {% if by_column %}column-major{% else %}row-major{% endif %}"
             "{% if skip_blank %}, no blanks{% else %}, keep blanks{% endif %}).", "terse"),
        ],
        criteria=["One long row per figure, in the order asked.", "The wide sheet is unchanged."],
        checks=[CheckTemplate(func="table.unpivoted", bind={
            "table": "sheet", "into": "into", "id_column": "id_column", "variable_header": "variable_header",
            "value_header": "value_header", "by_column": "by_column", "skip_blank": "skip_blank"})],
        output="The workbook with the long table",
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        by_column, skip = choose(ctx, "by_column", [False, True]), choose(ctx, "skip_blank", [False, True])
        id_column = ctx.rng.choice(sorted(IDS))
        ids = ctx.rng.sample(IDS[id_column], ctx.rng.randint(4, len(IDS[id_column])))
        year = ctx.rng.choice([2024, 2025])
        if ctx.rng.random() < 0.5:
            variable, periods = "Month", [dt.date(year, m, 1).strftime("%b") for m in range(1, ctx.rng.randint(4, 12) + 1)]
        else:
            variable, periods = "Quarter", [f"Q{q} {year}" for q in range(1, 5)]
        value = ctx.rng.choice(["Sales", "Units", "Revenue"])
        rows = [[name, *(None if ctx.rng.random() < 0.12 else ctx.rng.randrange(20, 900) * 10 for _ in periods)]
                for name in ids]
        rows[0][1] = None  # at least one empty cell, so skipping blanks matters
        table = Table(kind="wide", title=f"{value} by {variable.lower()}", headers=[id_column, *periods], rows=rows,
                      subject=f"{id_column.lower()}s", numeric=periods,
                      sheet_names=[f"{value} {year}", "Wide", f"By {variable.lower()}"],
                      file_stems=[f"{value.lower()}_{year}", f"{value.lower()}_by_{variable.lower()}"])
        params = Params(**finish_fields(ctx), **names(ctx, table, "long"), into=ctx.rng.choice(["Long", "Data", "Unpivoted"]),
                        id_column=id_column, variable_header=variable, value_header=value, by_column=by_column,
                        skip_blank=skip)
        return params.with_files(input=workbook([(params.sheet, table.headers, rows)], table))

    def reference(self, params: Params) -> ReferenceSolution:
        order = ("[(r, c) for c in others for r in range(len(rows))]" if params.by_column
                 else "[(r, c) for r in range(len(rows)) for c in others]")
        body = f"""
            i = header.index({lit(params.id_column)})
            others = [c for c in range(len(header)) if c != i]
            out = wb.create_sheet({lit(params.into)})
            out.append([{lit(params.id_column)}, {lit(params.variable_header)}, {lit(params.value_header)}])
            kept = 0
            for r, c in {order}:
                if {params.skip_blank} and rows[r][c] is None:
                    continue
                out.append([rows[r][i], header[c], rows[r][c]])
                kept += 1
            print(kept, "long rows")
        """
        return three_steps(params, body, f"I walk the figures {'column' if params.by_column else 'row'} by "
                           f"{'column' if params.by_column else 'row'} and write one long row each to {params.into!r}.",
                           "Unpivot", sheet=params.into)
