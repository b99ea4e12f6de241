"""Label each record of a CSV export by the band its figure falls in, for a segment report or a
mail-merge filter: order sizes, salary bands, stock levels, budget tiers; two bands (below / from a
threshold) or three; the figures as numbers or money pasted as text; a new file or in place."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.data import Table, make_records, write_csv
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either
from workflows.data.csv_rank_column import MONEY
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow
from workflows.spreadsheet._common import round_between
from workflows.spreadsheet._messy import text_amounts

# per column, the labels a person gives two or three bands of it (lowest first)
LABELS: dict[str, dict[int, list[str]]] = {
    "Unit Price": {2: ["Standard", "Premium"], 3: ["Budget", "Mid-range", "Premium"]},
    "Units": {2: ["Small order", "Large order"], 3: ["Small", "Medium", "Large"]},
    "Salary": {2: ["Lower band", "Upper band"], 3: ["Lower", "Middle", "Upper"]},
    "Bonus": {2: ["Standard", "High"], 3: ["Low", "Medium", "High"]},
    "Quantity": {2: ["Reorder", "OK"], 3: ["Low stock", "Normal", "Overstocked"]},
    "Unit Cost": {2: ["Low cost", "High cost"], 3: ["Cheap", "Mid-range", "Costly"]},
}
DEFAULT = {2: ["Small", "Large"], 3: ["Small", "Medium", "Large"]}  # budgets and spend
HEADERS = ["Band", "Tier", "Segment", "Size Band"]
RULE = ('"{{ labels[0] }}" when {{ column }} is below {{ bounds[0] }}, '
        '{% if bounds | length > 1 %}"{{ labels[1] }}" from {{ bounds[0] }} up to (not including) {{ bounds[1] }}, '
        'and "{{ labels[2] }}" from {{ bounds[1] }} up{% else %}and "{{ labels[1] }}" from {{ bounds[0] }} up{% endif %}')
_SAVE = "{% if in_place %}save {{ output }} in place{% else %}write the result to {{ output }}{% endif %}"


class Options(SkillParams):
    bands: Literal[2, 3] | None = None
    text_amounts: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    subject: str
    new_header: str
    column: str
    bounds: list[int | float]
    labels: list[str]
    text_amounts: bool


def _bounds(values: list[float], bands: int) -> list[int | float] | None:
    """Round bounds that cut the values into about equal bands, none equal to a value (or None)."""
    ordered = sorted(set(values))
    bounds: list[int | float] = []
    for k in range(1, bands):
        cut = sorted(values)[len(values) * k // bands]
        below = max((v for v in ordered if v < cut), default=None)
        if below is None:
            return None
        bound = float(round_between(below, cut, include_lo=False))
        if bound in ordered or (bounds and bound <= bounds[-1]):
            return None
        bounds.append(int(bound) if bound.is_integer() else bound)
    return bounds


@register_workflow
class CsvBandColumn(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.csv_band_column", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "{{ input }} lists {{ subject }}. Add a last column \"{{ new_header }}\" that reads " + RULE + "; every "
            "other column and the rows' order stay as they are.{% if text_amounts %} Some {{ column }} values were "
            "pasted as text ($ signs, thousands separators): band them by the number they show and leave them as "
            "they are.{% endif %} Then " + _SAVE + ".",
            "For the segment report, could you tag every row of {{ input }} with a \"{{ new_header }}\" column at the "
            "end? Rule: " + RULE + ".{% if text_amounts %} (Careful: part of {{ column }} came in as text.)"
            "{% endif %} Please " + _SAVE + ".",
            "{{ input }}: new last column \"{{ new_header }}\" = " + RULE + "{% if text_amounts %} ({{ column }} "
            "partly text){% endif %}; " + _SAVE + ".",
        ],
        criteria=["Every row carries the label of its band.", "The original columns are unchanged."],
        files=[FileSlot(param="input", type="csv", role="input", description="A CSV export"),
               FileSlot(param="output", type="csv", description="The export with the band column")],
        checks=[CheckTemplate(func="table.banded_column", bind={"new_header": "new_header", "column": "column",
                                                                 "bounds": "bounds", "labels": "labels"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        bands: int = opts.bands or ctx.rng.choice([2, 3])
        text, in_place = either(ctx, opts.text_amounts), either(ctx, opts.in_place)
        while True:  # bounds that fall between the values, never on one
            table = make_records(ctx.rng, ctx.faker, ctx.rng.randint(30, 90))
            column = ctx.rng.choice([c for c in table.numeric if c in MONEY] if text else table.numeric)
            bounds = _bounds([float(v) for v in table.column(column)], bands)
            if bounds:
                break
        stem, folder = ctx.rng.choice(table.file_stems), ctx.rng.choice(["", "exports/", "reports/"])
        params = Params(input=f"{folder}{stem}.csv", output=f"{folder}{stem}{'' if in_place else '_banded'}.csv",
                        in_place=in_place, subject=table.subject, new_header=ctx.rng.choice(HEADERS), column=column,
                        bounds=bounds, labels=LABELS.get(column, DEFAULT)[bands], text_amounts=text)
        rows = text_amounts(ctx.rng, table.rows, table.index(column)) if text else table.rows
        return params.with_files(input=write_csv(Table(kind=table.kind, title=table.title, headers=table.headers,
                                                       rows=rows)))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, re
            with open({lit(params.input)}, newline="", encoding="utf-8") as f:
                header, *rows = list(csv.reader(f))
            col = header.index({lit(params.column)})
            bounds, labels = {lit(params.bounds)}, {lit(params.labels)}
            for row in rows:
                row.append(labels[sum(float(re.sub(r"[^0-9.-]", "", row[col])) >= b for b in bounds)])
            with open({lit(params.output)}, "w", newline="", encoding="utf-8") as f:
                csv.writer(f).writerows([header + [{lit(params.new_header)}], *rows])
            print({{label: sum(r[-1] == label for r in rows) for label in labels}})
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read()[:500])",
                                    f"First I look at {params.input}'s columns.", f"Show {params.input}"),
                        script_step(script, f"I compare each {params.column} with the bounds {params.bounds} and "
                                    f"append the band's label as {params.new_header!r}.", f"Add {params.new_header}"))
