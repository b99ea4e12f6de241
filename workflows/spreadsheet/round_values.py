"""Round a number column: to N decimals (ROUND), up or down (ROUNDUP / ROUNDDOWN), or to the nearest
multiple of 5, 10, 100 ... (MROUND); over the column itself or into a new column beside it; from
amounts partly pasted as text, which count as their number."""

from __future__ import annotations

import math
from statistics import median
from typing import Literal

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from workflows._prepared import PreparedWorkflow
from workflows._steps import lit
from workflows.spec import CheckTemplate, WorkflowContext, register_workflow
from workflows.spreadsheet._book import NUM, big_table, book_spec, choose, names, rewrite, three_steps, workbook
from workflows.spreadsheet._finish import FinishOptions, FinishParams, finish_fields
from workflows.spreadsheet._messy import text_amounts

Operation = Literal["nearest", "up", "down", "multiple"]
MONEY = {"sales": ["Unit Price"], "employees": ["Salary", "Bonus"], "inventory": ["Unit Cost"],
         "budget": ["Actual", "Budget"]}
CENTS = {"sales": ["Unit Price"], "inventory": ["Unit Cost"], "budget": ["Actual"]}  # amounts with cents
SAY = {"nearest": "rounded to {d}", "up": "rounded up to {d}", "down": "rounded down to {d}",
       "multiple": "rounded to the nearest multiple of {m}"}
MODE = {"nearest": "ROUND_HALF_UP", "up": "ROUND_CEILING", "down": "ROUND_FLOOR", "multiple": "ROUND_HALF_UP"}


class Params(FinishParams):
    column: str
    operation: Operation
    digits: int
    multiple: float | None
    how: str
    new_header: str | None
    text_amounts: bool


class Options(FinishOptions):
    operation: Operation | None = None
    new_column: bool | None = None
    text_amounts: bool | None = None


def _decimals(d: int) -> str:
    return {0: "whole numbers", 1: "one decimal place", 2: "two decimal places"}[d]


@register_workflow
class RoundValues(PreparedWorkflow[Params]):
    # the multiple is stated; a value rounding to it (95 to 100) writes it as a result
    states_values = ("multiple",)
    spec = book_spec(
        "spreadsheet.round_values", Params, Options,
        phrasings=[
            ('In {{ input }} (sheet "{{ sheet }}"), {% if new_header %}add a column "{{ new_header }}" at the end '
             "holding each {{ column }} {{ how }}, keeping {{ column }} as it is{% else %}replace every {{ column }} "
             "value by itself {{ how }}{% endif %}. Stored numbers, not formulas.{% if text_amounts %} Some "
             "{{ column }} cells were pasted as text ($, commas): use the number they show.{% endif %}", "formal"),
            ("The {{ column }} figures on the {{ sheet }} tab of {{ input }} have too much precision for the report. "
             "{% if new_header %}Could you put them {{ how }} in a new column \"{{ new_header }}\" at the end and leave "
             "the originals alone?{% else %}Could you overwrite them {{ how }}?{% endif %} Plain numbers please."
             "{% if text_amounts %} Heads-up: a few came in as text.{% endif %}", "chatty"),
            ('{{ input }} / "{{ sheet }}": {{ column }} {{ how }} -> {% if new_header %}new column "{{ new_header }}"'
             "{% else %}in the column itself{% endif %}; values, not formulas{% if text_amounts %}; some cells are "
             "text{% endif %}.", "terse"),
        ],
        criteria=["Every value is rounded exactly as asked.", "The original column is kept when a new one is asked.",
                  "Nothing else changed."],
        checks=[CheckTemplate(func="table.column_rounded", bind={
            "table": "sheet", "column": "column", "operation": "operation", "digits": "digits",
            "multiple": "multiple", "new_header": "new_header"})],
        output="The workbook with the rounded values",
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        operation = choose(ctx, "operation", ["nearest", "up", "down", "multiple"])
        pool = MONEY if operation == "multiple" else CENTS
        kind = ctx.rng.choice(sorted(pool))
        table = big_table(ctx.rng, ctx.faker, kind, 30, 200)
        column = ctx.rng.choice(pool[kind])
        values = [float(v) for v in table.column(column)]
        digits, multiple = 0, None
        if operation == "multiple":
            scale = 10 ** max(0, math.floor(math.log10(median(values))) - 1)
            multiple = float(ctx.rng.choice([1, 5, 10]) * scale)
            if multiple == 1:
                multiple = 5.0 if scale == 1 else 10.0 * scale
            changed = any(v % multiple for v in values)
            how = SAY[operation].format(m=int(multiple) if multiple.is_integer() else multiple)
        else:
            digits = ctx.rng.choice([0, 1])
            changed = any(round(v, digits) != v for v in values)
            how = SAY[operation].format(d=_decimals(digits))
        if not changed:
            raise WorkflowError(f"every {column} value is already {how}")
        new = choose(ctx, "new_column", [False, True])
        amounts_as_text = choose(ctx, "text_amounts", [False, True])
        rows = text_amounts(ctx.rng, table.rows, table.index(column)) if amounts_as_text else table.rows
        params = Params(**finish_fields(ctx), **names(ctx, table, "rounded"), column=column, operation=operation,
                        digits=digits, multiple=multiple, how=how, text_amounts=amounts_as_text,
                        new_header=ctx.rng.choice([f"{column} (rounded)", f"Rounded {column}"]) if new else None)
        return params.with_files(input=workbook([(params.sheet, table.headers, rows)], table))

    def reference(self, params: Params) -> ReferenceSolution:
        step = f"Decimal({lit(repr(params.multiple))})" if params.multiple else "None"
        body = [NUM, f"""
            from decimal import Decimal, {MODE[params.operation]}
            col = header.index({lit(params.column)})
            step = {step}
            def rounded(v):
                exact = Decimal(repr(float(num(v))))
                if step is not None:
                    return float((exact / step).quantize(Decimal(1), rounding={MODE[params.operation]}) * step)
                return float(exact.quantize(Decimal(1).scaleb(-{params.digits}), rounding={MODE[params.operation]}))
            result = [None if row[col] is None else rounded(row[col]) for row in rows]
            print("first values:", [(row[col], r) for row, r in zip(rows[:5], result)])
            new_header = {lit(params.new_header)}
            if new_header is None:
                for row, value in zip(rows, result):
                    row[col] = value
            else:
                header.append(new_header)
                for row, value in zip(rows, result):
                    row.append(value)
        """, rewrite()]
        return three_steps(params, body, f"I round each {params.column} value ({params.how}) with decimal "
                           "arithmetic, so halves round up as a spreadsheet's ROUND does.", f"Round {params.column}")
