"""Add a labelled summary row (sum, average, max or min) below a table."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from forge.models.gui_plan import GuiStep, KeyStep, MenuStep, NameBoxStep, TypeStep
from workflows.spec import WorkflowContext, register_workflow
from workflows.spreadsheet._common import SheetOptions, SheetParams, SheetWorkflow, Transform, lit, sheet_spec
from workflows.spreadsheet._gui import calc_plan, column_letter

Aggregate = Literal["sum", "average", "max", "min"]
LABELS = {"sum": "Total", "average": "Average", "max": "Maximum", "min": "Minimum"}
FUNCTION = {"sum": "SUM", "average": "AVERAGE", "max": "MAX", "min": "MIN"}
PYTHON = {"sum": "sum(values)", "average": "sum(values) / len(values)", "max": "max(values)", "min": "min(values)"}
COLUMNS = "{{ columns | join(' and ') }} column{% if columns | length > 1 %}s{% endif %}"


class TotalRowParams(SheetParams):
    aggregate: Aggregate
    label: str
    label_column: str
    columns: list[str]


class TotalRowOptions(SheetOptions):
    aggregate: Aggregate | None = None


@register_workflow
class TotalRow(SheetWorkflow[TotalRowParams]):
    spec = sheet_spec(
        "spreadsheet.total_row", TotalRowParams, TotalRowOptions,
        phrasings=[
            ('The workbook {{ input }} lists {{ subject }} on the sheet "{{ sheet }}" (header in row 1). Directly '
             'below the last data row, add one summary row: put the label "{{ label }}" in the {{ label_column }} '
             "column and the {{ label | lower }} of the data rows in the " + COLUMNS + ". Leave the header, the "
             "data rows and the sheet name unchanged, and save the result as {{ output }}. "),
            ('Could you add a "{{ label }}" row under the {{ subject }} in {{ input }} (sheet "{{ sheet }}")? Put '
             '"{{ label }}" in the {{ label_column }} column and the {{ label | lower }} of all the data rows in the '
             + COLUMNS + ". Don't change anything else, and save it as {{ output }}. "),
            ('{{ input }}, sheet "{{ sheet }}": append a summary row right under the data with {{ label_column }} '
             '= "{{ label }}" and, in the ' + COLUMNS + ", the {{ aggregate }} of the data rows. Header, rows and "
             "sheet name stay as they are. Save as {{ output }}. "),
        ],
        note="values",
        criteria=[
            "The summary row sits directly below the last data row, labelled exactly as asked.",
            "The summary cells hold the requested aggregate of the data rows as numbers, not formulas or text.",
            "The header and the original data rows are unchanged.",
        ],
        check="table.total_row", bind=["label_column", "label", "columns", "aggregate"], tolerance=0.01,
        description="A {{ label }} row below the data: the {{ aggregate }} of each named column.",
        output="The workbook with a summary row below the data.",
    )

    def draw(self, ctx: WorkflowContext) -> TotalRowParams:
        aggregate = self.option(ctx, "aggregate", ["sum", "average", "max", "min"])
        table = self.table(ctx)
        pool = table.additive if aggregate == "sum" else table.numeric
        chosen = ctx.rng.sample(pool, ctx.rng.randint(1, len(pool)))
        return TotalRowParams.make(
            ctx, table, "with_" + LABELS[aggregate].lower(), aggregate=aggregate, label=LABELS[aggregate],
            label_column=table.label_column, columns=[c for c in table.numeric if c in chosen],
        )

    def transform(self, params: TotalRowParams) -> Transform:
        snippet = f"""
            summary = [None] * len(header)
            summary[header.index({lit(params.label_column)})] = {lit(params.label)}
            for name in {lit(params.columns)}:
                i = header.index(name)
                values = [row[i] for row in rows]
                summary[i] = {PYTHON[params.aggregate]}
            rows.append(summary)
        """
        return Transform(
            snippet=snippet,
            thought=(f"I'll compute the {params.aggregate} of {', '.join(params.columns)} over the data rows in "
                     f"Python and append a {params.label!r} row with plain numbers, saving to {params.output}."),
            action=f"Append the {params.label} row and save {params.output}",
        )

    def reference(self, params: TotalRowParams) -> ReferenceSolution:
        """The terminal solution, plus the GUI route: label and formulas typed in the row below the data,
        then Data > Calculate > Formula to Value, since the task asks for plain numbers."""
        headers = params.table.headers
        row = len(params.table.rows) + 2
        letters = {name: column_letter(headers.index(name)) for name in [params.label_column, *params.columns]}
        label_cell = f"{letters[params.label_column]}{row}"
        steps: list[GuiStep] = [
            NameBoxStep(target=label_cell, thought=f"The data ends in row {row - 1}, so the summary goes in row {row}.",
                        action=f"Go to {label_cell}"),
            TypeStep(text=f"{params.label}\n", action=f"Type the label {params.label!r}"),
        ]
        for name in params.columns:
            col = letters[name]
            steps += [NameBoxStep(target=f"{col}{row}", action=f"Go to {col}{row} ({name})"),
                      TypeStep(text=f"={FUNCTION[params.aggregate]}({col}2:{col}{row - 1})",
                               thought=f"A {FUNCTION[params.aggregate]} formula over {name}'s data rows.",
                               action=f"Type the {params.aggregate} formula for {name}"),
                      KeyStep(keys=["enter"], action="Press Enter to enter the formula")]
        ordered = sorted(letters.values(), key=lambda c: (len(c), c))
        first, last = ordered[0], ordered[-1]
        steps += [
            NameBoxStep(target=f"{first}{row}:{last}{row}", action=f"Select the summary row {first}{row}:{last}{row}"),
            MenuStep(path=[["alt", "d"], ["l"], ["down"], ["down"], ["enter"]],
                     thought="The task wants numbers, not formulas: Data > Calculate > Formula to Value.",
                     action="Data > Calculate > Formula to Value"),
        ]
        plan = calc_plan(params.input, params.output, steps, thought="The workbook is open in Calc.")
        return super().reference(params).model_copy(update={"gui_plan": plan})
