"""Unpivot a wide CSV export (one column per month, quarter, week or survey question) into the long
form BI tools and databases load: one row per figure with the id, the former column's name and the
value; row by row or column by column, keeping or dropping empty cells, as a new file or over the
export itself."""

from __future__ import annotations

import datetime as dt
import random

from faker import Faker

from forge.models import ReferenceSolution
from preparers.data import Table, write_csv
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

_ORDER = ("{% if by_column %}column by column (every {{ id_column }} for the first {{ variable_header | lower }}, "
          "then every {{ id_column }} for the next){% else %}row by row (each {{ id_column }}'s figures left to "
          "right, then the next {{ id_column }}){% endif %}")
_BLANKS = ("{% if skip_blank %}leave out the empty cells{% else %}keep the empty cells as rows with an empty "
           "{{ value_header }}{% endif %}")
_SAVE = "{% if in_place %}overwrite {{ output }} itself{% else %}save it as {{ output }}{% endif %}"


class Options(SkillParams):
    by_column: bool | None = None
    skip_blank: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    into: str
    id_column: str
    variable_header: str
    value_header: str
    by_column: bool
    skip_blank: bool
    in_place: bool


def _figures(rng: random.Random, count: int, low: float, high: float, step: float) -> list[float | int | None]:
    """`count` figures on a grid of `step`, about one in eight missing (not reported yet)."""
    cells: list[float | int | None] = []
    for _ in range(count):
        value = round(rng.randrange(int(low / step), int(high / step)) * step, 2)
        cells.append(None if rng.random() < 0.12 else (int(value) if step >= 1 else value))
    return cells


def make_wide(rng: random.Random, faker: Faker) -> tuple[Table, str, str]:
    """A wide export of one kind, with its long form's variable and value headers."""
    year = rng.choice([2024, 2025])
    kind = rng.choice(["stores", "regions", "timesheet", "survey"])
    if kind == "stores":
        id_column, ids = "Store", rng.sample(["Leeds", "Bristol", "Cardiff", "York", "Bath", "Derby", "Exeter"], 6)
        periods = [dt.date(year, m, 1).strftime("%b") for m in range(1, rng.randint(6, 12) + 1)]
        variable, value, grid = "Month", "Sales", (200, 9000, 10)
    elif kind == "regions":
        ids, id_column = rng.sample(["North", "South", "East", "West", "Central", "Coastal", "Metro"], 5), "Region"
        periods = [f"Q{q} {year}" for q in range(1, 5)]
        variable, value, grid = "Quarter", "Revenue", (1000, 90000, 50)
    elif kind == "timesheet":
        ids, id_column = sorted({faker.name() for _ in range(rng.randint(5, 9))}), "Employee"
        periods = [f"Week {w}" for w in range(1, rng.randint(4, 8) + 1)]
        variable, value, grid = "Week", "Hours", (20, 45, 0.5)
    else:
        ids, id_column = [f"R-{n}" for n in sorted(rng.sample(range(100, 999), rng.randint(8, 14)))], "Respondent"
        periods = [f"Q{q}" for q in range(1, rng.randint(5, 9) + 1)]
        variable, value, grid = "Question", "Score", (1, 6, 1)
    rows = [[name, *_figures(rng, len(periods), *grid)] for name in ids]
    rows[rng.randrange(len(rows))][rng.randrange(1, len(periods) + 1)] = None  # at least one empty cell
    if all(cell is None for cell in rows[-1][1:]):
        rows[-1][1] = grid[0]
    stem = {"stores": f"store_sales_{year}", "regions": f"revenue_by_quarter_{year}", "timesheet": "timesheet_hours",
            "survey": "survey_scores"}[kind]
    table = Table(kind=kind, title=stem, headers=[id_column, *periods], rows=rows, subject=f"{id_column.lower()}s",
                  numeric=periods, file_stems=[stem])
    return table, variable, value


@register_workflow
class CsvUnpivot(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.csv_unpivot", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "{{ input }} has one column per {{ variable_header | lower }}. Unpivot it into a long table with the "
            "header {{ id_column }},{{ variable_header }},{{ value_header }} and one row per figure, " + _ORDER + "; "
            + _BLANKS + ". Then " + _SAVE + ".",
            "Our BI import wants long data, not this wide layout. Could you unpivot {{ input }} for me? Three columns: "
            "{{ id_column }}, {{ variable_header }}, {{ value_header }}. Go " + _ORDER + ", and " + _BLANKS + ". "
            "Please " + _SAVE + ".",
            "{{ input }} -> {{ output }}{% if in_place %} (in place){% endif %}: wide to long, columns {{ id_column }} | "
            "{{ variable_header }} | {{ value_header }}, " + _ORDER + "; " + _BLANKS + ".",
        ],
        criteria=["One long row per figure, in the order asked.", "The id, the former column's name and the value "
                  "stay together; empty cells kept or dropped as asked."],
        files=[FileSlot(param="input", type="csv", role="input", description="A wide CSV export"),
               FileSlot(param="output", type="csv", description="The long CSV")],
        checks=[CheckTemplate(func="table.unpivoted", bind={
            "into": "into", "id_column": "id_column", "variable_header": "variable_header",
            "value_header": "value_header", "by_column": "by_column", "skip_blank": "skip_blank"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        by_column, skip_blank = either(ctx, opts.by_column), either(ctx, opts.skip_blank)
        in_place = either(ctx, opts.in_place)
        table, variable, value = make_wide(ctx.rng, ctx.faker)
        folder = ctx.rng.choice(["", "exports/", "reports/"])
        stem = table.file_stems[0]
        out_stem = stem if in_place else f"{stem}_long"
        params = Params(input=f"{folder}{stem}.csv", output=f"{folder}{out_stem}.csv", into=out_stem,
                        id_column=table.headers[0], variable_header=variable, value_header=value, by_column=by_column,
                        skip_blank=skip_blank, in_place=in_place)
        return params.with_files(input=write_csv(table))

    def reference(self, params: Params) -> ReferenceSolution:
        order = ("[(r, c) for c in range(1, len(header)) for r in range(len(rows))]" if params.by_column
                 else "[(r, c) for r in range(len(rows)) for c in range(1, len(header))]")
        script = f"""
            import csv
            with open({lit(params.input)}, newline="", encoding="utf-8") as f:
                header, *rows = list(csv.reader(f))
            assert header[0] == {lit(params.id_column)}, header
            long = [[{lit(params.id_column)}, {lit(params.variable_header)}, {lit(params.value_header)}]]
            for r, c in {order}:
                if {params.skip_blank} and not rows[r][c].strip():
                    continue
                long.append([rows[r][0], header[c], rows[r][c]])
            with open({lit(params.output)}, "w", newline="", encoding="utf-8") as out:
                csv.writer(out).writerows(long)
            print(len(rows), "wide rows ->", len(long) - 1, "long rows")
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read()[:500])",
                                    f"First I look at the layout of {params.input}.", f"Show {params.input}"),
                        script_step(script, f"I walk the figures {'column' if params.by_column else 'row'} by "
                                    f"{'column' if params.by_column else 'row'} and write one long row each to "
                                    f"{params.output}.", f"Unpivot {params.input}"))
