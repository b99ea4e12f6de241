"""Keep the rows of a CSV export that meet one condition: a number above or at most a bound, a text
field equal to a value, or a date on or after a day."""

from __future__ import annotations

from typing import ClassVar, Literal

from forge.models import ReferenceSolution
from preparers.data import Table, make_records, write_csv
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

Condition = Literal["above", "at_most", "equals_text", "on_or_after"]
OPERATORS = {"above": ">", "at_most": "<=", "equals_text": "==", "on_or_after": ">="}
WORDS = {"above": "greater than", "at_most": "at most", "equals_text": "equal to", "on_or_after": "on or after"}


class Options(SkillParams):
    condition: Condition | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    column: str
    condition: Condition
    operator: Literal[">", "<=", "==", ">="]
    words: str
    threshold: float | int | str
    in_place: bool = False


@register_workflow
class CsvFilter(PreparedWorkflow[Params]):
    input_ext: ClassVar[str] = "csv"
    output_ext: ClassVar[str] = "csv"
    spec = WorkflowSpec(
        name="data.csv_filter", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "From {{ input }}, keep only the rows whose {{ column }} is {{ words }} {{ threshold }} and write them, "
            "with the header, {% if in_place %}back into {{ output }} (drop the other rows from the file itself){% else %}"
            "to {{ output }}{% endif %}. Keep the columns and the order of the rows as they are.",
            "Can you pull the records with {{ column }} {{ words }} {{ threshold }} out of {{ input }}? Same header, "
            "same column order, rows in their original order, {% if in_place %}saved over {{ output }}{% else %}into "
            "{{ output }}{% endif %}.",
            "{{ input }} -> {{ output }}{% if in_place %} (in place){% endif %}: rows where {{ column }} {{ operator }} "
            "{{ threshold }}; header kept, order kept.",
        ],
        criteria=["Exactly the rows meeting the condition, in their original order."],
        files=[FileSlot(param="input", type="csv", role="input", description="A CSV export"),
               FileSlot(param="output", type="csv", description="The matching rows")],
        checks=[CheckTemplate(func="table.rows_where", bind={"column": "column", "operator": "operator",
                                                             "threshold": "threshold"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        condition: Condition = opts.condition or ctx.rng.choice(list(OPERATORS))  # type: ignore[assignment]
        while True:
            table = make_records(ctx.rng, ctx.faker, ctx.rng.randint(25, 120))
            column, threshold = self._condition(ctx, table, condition)
            if column is not None:
                break
        stem = ctx.rng.choice(table.file_stems)
        same = self.input_ext == self.output_ext
        asked = getattr(opts, "in_place", None)  # formats that differ (xlsx -> csv) cannot be edited in place
        in_place = same and (asked if asked is not None else ctx.rng.random() < 0.3)
        output = f"{stem}.{self.input_ext}" if in_place else f"{stem}_{condition}.{self.output_ext}"
        params = Params(input=f"{stem}.{self.input_ext}", output=output, in_place=in_place, column=column,
                        condition=condition, operator=OPERATORS[condition], words=WORDS[condition], threshold=threshold)
        return params.with_files(input=self.source_bytes(table))

    def source_bytes(self, table: Table) -> bytes:
        return write_csv(table)

    def _condition(self, ctx: WorkflowContext, table: Table, condition: Condition) -> tuple[str | None, object]:
        if condition == "on_or_after":
            column = (table.date_columns() or [None])[0]
            dates = sorted(table.column(column)) if column else []  # type: ignore[type-var]
            return (column, dates[len(dates) // 3].isoformat()) if dates else (None, None)  # type: ignore[union-attr]
        if condition == "equals_text":
            texts = [h for h in table.headers if h not in table.numeric and len(set(table.column(h))) in range(2, 8)]
            column = ctx.rng.choice(texts) if texts else None
            return (column, ctx.rng.choice(sorted(set(map(str, table.column(column)))))) if column else (None, None)
        column = ctx.rng.choice(table.numeric)
        values = sorted(float(v) for v in table.column(column))  # type: ignore[arg-type]
        bound = values[ctx.rng.randrange(len(values) // 4, 3 * len(values) // 4)]
        return column, int(bound) if bound.is_integer() else round(bound, 2)

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            {self.reader.replace("SOURCE", lit(params.input))}
            col, bound = header.index({lit(params.column)}), {lit(params.threshold)}
            def keep(value):
                if isinstance(bound, str):
                    return str(value).strip().casefold() {params.operator} bound.casefold()
                return value not in ("", None) and float(value) {params.operator} bound
            kept = [row for row in rows if keep(row[col])]
            {self.writer.replace("OUTPUT", lit(params.output))}
            print(len(kept), "of", len(rows), "rows kept")
        """
        return solution(script_step(script, f"I read {params.input}, keep the rows where {params.column} "
                                    f"{params.operator} {params.threshold} and write them, header first, to "
                                    f"{params.output}.", f"Filter {params.input}"))

    reader: ClassVar[str] = ('import csv\n            header, *rows = list(csv.reader(open(SOURCE, newline="", '
                             'encoding="utf-8")))')
    writer: ClassVar[str] = 'csv.writer(open(OUTPUT, "w", newline="", encoding="utf-8")).writerows([header, *kept])'
