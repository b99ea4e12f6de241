"""Fill the empty cells of one column of a Word report's table by a stated rule before it is sorted
or sent on: a missing department set to a stated default, a missing discount set to zero, a
station's missing readings set to the column's mean or median, or to the mean of the same
station's readings (the value above is `document.table_clean_column`'s fill-down). The rows are
the CSV family's exports (`workflows.data.csv_fill_blanks.make_table`), printed as a Word table."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from forge.models import ReferenceSolution
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data.csv_fill_blanks import RULE, make_table
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code, table_script
from workflows.document._table_doc import table_docx
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Fill = Literal["text", "zero", "mean", "median", "group_mean"]
FILLS: tuple[Fill, ...] = ("text", "zero", "mean", "median", "group_mean")
_RULE = "".join(f"{{% if fill == {k!r} %}}{RULE[k]}{{% endif %}}" for k in FILLS)
# per export kind: the document's title and file stem, its section heading, the sentence introducing the table
TITLES = {"staff": ("Staff directory", "staff_directory", "Staff list", "Everyone on the payroll at the start of the "
                    "month, with their department and office."),
          "orders": ("Open sales orders", "open_orders", "Orders", "Orders taken this month that have not been "
                     "invoiced yet."),
          "weather": ("Weather station readings", "station_readings", "Daily readings", "Daily temperature and "
                      "rainfall from each station; some readings were lost in transmission.")}


class Options(SkillParams):
    fill: Fill | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    column: str
    fill: Fill
    method: str
    value: str | int | None
    group_by: str | None
    decimals: int | None
    in_place: bool


@register_workflow
class TableFillBlanks(PreparedWorkflow[Params]):
    states_values = ("value",)
    spec = WorkflowSpec(
        name="document.table_fill_blanks", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            "Some {{ column }} cells in the table of {{ input }} are empty. Fill each empty {{ column }} cell with "
            + _RULE + "; every other cell and the rest of the document stay as they are. " + SAVE["formal"],
            "The {{ column }} column of the table in {{ input }} has gaps, and I need it complete before I sort and "
            "circulate it: each gap gets " + _RULE + ". Nothing else should change. " + SAVE["chatty"],
            "{{ input }}, table: empty {{ column }} := " + _RULE + "; all else unchanged. " + SAVE["terse"],
        ],
        criteria=["Every empty cell of the column holds its fill.", "No other cell of the table changed."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report whose table has gaps"),
               FileSlot(param="output", type="docx", description="The report with the gaps filled")],
        checks=[CheckTemplate(func="table.blanks_filled", bind={
            "column": "column", "method": "method", "value": "value", "group_by": "group_by",
            "decimals": "decimals"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        fill: Fill = opts.fill or ctx.rng.choice(FILLS)
        table, column, group_by = make_table(ctx.rng, ctx.faker, fill)
        title, stem, heading, intro = TITLES[table.kind]
        date = dt.date(2025, 1, 1) + dt.timedelta(days=ctx.rng.randrange(330))
        stem = f"{stem}_{date:%Y_%m}"
        data = table_docx(ctx, title=f"{title}, {date:%B %Y}", heading=heading, intro=intro, headers=table.headers,
                          rows=table.rows, stem=stem, date=date, money=("Amount",))
        value = {"text": ctx.rng.choice(["Unassigned", "Unknown", "Not given", "TBC"]), "zero": 0}.get(fill)
        method = {"text": "value", "zero": "value", "group_mean": "mean"}.get(fill, fill)
        params = Params(**doc_paths(ctx, stem, "filled"), column=column, fill=fill, method=method, value=value,
                        group_by=group_by, decimals=2 if fill in ("mean", "group_mean") else None)
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        figure = {"mean": "round(statistics.fmean(xs), 2)",
                  "median": "statistics.median(xs)"}.get(params.method, "None")
        script = table_script(params.input, f"""
            import statistics
            c = header.index({lit(params.column)})
            g = header.index({lit(params.group_by)}) if {lit(params.group_by)} else None
            given = {{}}
            for row in rows:
                if row[c] and {lit(params.method)} in ("mean", "median"):
                    given.setdefault(row[g] if g is not None else None, []).append(number(row[c]))
            filled = 0
            for line, row in zip(grid.rows[1:], rows):
                if row[c]:
                    continue
                xs = given.get(row[g] if g is not None else None)
                fill = {lit(params.value)} if {lit(params.method)} == "value" else {figure}
                line.cells[c].text = str(fill)
                filled += 1
            print(filled, "cells filled")
            {save_code(params.output)}
        """)
        return solution(outline_step(params.input, f"I look over {params.input} to find its table."),
                        script_step(table_script(params.input, "print(header); [print(r) for r in rows]"),
                                    f"I print the table to see the gaps in {params.column}.", "Show the table"),
                        script_step(script, f"With python-docx I fill each empty {params.column} cell "
                                    f"({params.fill}) and save {params.output}.", f"Fill the gaps in {params.column}"))
