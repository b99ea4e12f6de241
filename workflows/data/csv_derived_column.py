"""Append a computed column to a CSV export: the product, difference, sum or ratio of two columns."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.data import make_table, write_csv
from preparers.spreadsheet import DERIVED_COLUMNS, derived_candidates
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)

Operation = Literal["product", "difference", "sum", "ratio"]
SYMBOL = {"product": "*", "difference": "-", "sum": "+", "ratio": "/"}
PHRASE = {"product": "{l} times {r}", "difference": "{l} minus {r}", "sum": "{l} plus {r}", "ratio": "{l} divided by {r}"}


class Options(SkillParams):
    operation: Operation | None = None
    rounded: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    operation: Operation
    left: str
    right: str
    new_header: str
    formula: str
    symbol: str
    decimals: int | None
    in_place: bool = False


@register_workflow
class CsvDerivedColumn(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.csv_derived_column", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "Add a column \"{{ new_header }}\" at the end of {{ input }}: on every row, {{ formula }}"
            "{% if decimals is not none %}, rounded to {{ decimals }} decimal places{% else %}, unrounded{% endif %}. "
            "Keep the other columns and rows as they are and {% if in_place %}save it in {{ output }} itself{% else %}write the "
            "result to {{ output }}{% endif %}.",
            "For the import I need {{ input }} with one more column, {{ new_header }} = {{ formula }} per row"
            "{% if decimals is not none %} (round to {{ decimals }} decimals){% else %} (full precision, no "
            "rounding){% endif %}. Everything else unchanged, {% if in_place %}updating {{ output }} in place{% else %}saved as "
            "{{ output }}{% endif %}.",
            "{{ input }} -> {{ output }}{% if in_place %} (in place){% endif %}: append {{ new_header }} = {{ left }} {{ symbol }} {{ right }}"
            "{% if decimals is not none %}, {{ decimals }} dp{% endif %}.",
        ],
        criteria=["The new column holds the calculation on each row.", "Other columns unchanged."],
        files=[FileSlot(param="input", type="csv", role="input", description="A CSV export"),
               FileSlot(param="output", type="csv", description="The export with a computed column")],
        checks=[CheckTemplate(func="table.derived_column", bind={"new_header": "new_header", "left": "left",
                                                                 "right": "right", "operation": "operation",
                                                                 "decimals": "decimals"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        operation: Operation = opts.operation or ctx.rng.choice(list(SYMBOL))  # type: ignore[assignment]
        kinds = sorted({k for k, op, *_ in DERIVED_COLUMNS if op == operation})
        table = make_table(ctx.rng, ctx.faker, kind=ctx.rng.choice(kinds), rows=ctx.rng.randint(15, 30))
        left, right, header = ctx.rng.choice(derived_candidates(table, operation, SYMBOL[operation]))
        rounded = opts.rounded if opts.rounded is not None else ctx.rng.random() < 0.6
        stem = ctx.rng.choice(table.file_stems)
        in_place = opts.in_place if opts.in_place is not None else ctx.rng.random() < 0.3
        output = f"{stem}.csv" if in_place else f"{stem}_with_{header.lower().replace(' ', '_')}.csv"
        params = Params(input=f"{stem}.csv", output=output, in_place=in_place,
                        operation=operation, left=left, right=right, new_header=header,
                        formula=PHRASE[operation].format(l=left, r=right), symbol=SYMBOL[operation],
                        decimals=(4 if operation == "ratio" else 2) if rounded else None)
        return params.with_files(input=write_csv(table))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv
            header, *rows = list(csv.reader(open({lit(params.input)}, newline="", encoding="utf-8")))
            a, b = header.index({lit(params.left)}), header.index({lit(params.right)})
            for row in rows:
                value = float(row[a]) {SYMBOL[params.operation]} float(row[b])
                row.append(repr(value if {lit(params.decimals)} is None else round(value, {params.decimals or 0})))
            with open({lit(params.output)}, "w", newline="", encoding="utf-8") as out:
                csv.writer(out).writerows([header + [{lit(params.new_header)}], *rows])
            print(rows[:2])
        """
        return solution(script_step(script, f"I compute {params.formula} on every row of {params.input} and write "
                                    f"it as a new last column, {params.new_header}, to {params.output}.",
                                    f"Add {params.new_header}"))
