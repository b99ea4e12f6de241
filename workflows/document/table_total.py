"""Add a total (or average, maximum, minimum) row under a report's table, labelled in its first
column, as a person does before sending figures round."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.document import write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, report_with_table, save_code, table_script
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)

Aggregate = Literal["sum", "average", "max", "min"]
LABEL = {"sum": "Total", "average": "Average", "max": "Maximum", "min": "Minimum"}
COLUMNS = "{{ columns | join(' and ') }}"
PY = {"sum": "sum(xs)", "average": "sum(xs) / len(xs)", "max": "max(xs)", "min": "min(xs)"}


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    aggregate: Aggregate
    label: str
    label_column: str
    columns: list[str]


class Options(SkillParams):
    aggregate: Aggregate | None = None
    in_place: bool | None = None


@register_workflow
class TableTotal(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.table_total", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            'Add a row at the bottom of the table in {{ input }}: "{{ label }}" in the {{ label_column }} column and '
            "the {{ label | lower }} of the " + COLUMNS + " column(s) beside it (printed with two decimals is fine). "
            "The existing rows stay as they are. " + SAVE["formal"],
            "Before this goes out, could you put a \"{{ label }}\" line under the table in {{ input }}? It needs the "
            "{{ label | lower }} of " + COLUMNS + ", with the label in {{ label_column }}. " + SAVE["chatty"],
            '{{ input }}: table + bottom row "{{ label }}" ({{ label_column }}) with {{ aggregate }} of ' + COLUMNS + ". "
            + SAVE["terse"],
        ],
        criteria=["A labelled row under the table holds the figure for each column asked.", "Other rows unchanged."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with a data table"),
               FileSlot(param="output", type="docx", description="The report with the total row")],
        checks=[CheckTemplate(func="table.total_row", bind={"label_column": "label_column", "label": "label",
                                                             "columns": "columns", "aggregate": "aggregate"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        aggregate = getattr(ctx.options, "aggregate", None) or ctx.rng.choice(list(LABEL))
        doc, table = report_with_table(ctx, 6, 15)
        pool = table.additive if aggregate == "sum" else table.numeric
        columns = sorted(ctx.rng.sample(pool, ctx.rng.randint(1, len(pool))), key=table.headers.index)
        params = Params(**doc_paths(ctx, doc.file_stem, "totals"), aggregate=aggregate, label=LABEL[aggregate],
                        label_column=table.label_column, columns=columns)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = table_script(params.input, f"""
            cells = grid.add_row().cells
            cells[header.index({lit(params.label_column)})].text = {lit(params.label)}
            for name in {lit(params.columns)}:
                xs = [number(row[header.index(name)]) for row in rows]
                cells[header.index(name)].text = f"{{{PY[params.aggregate]}:,.2f}}"
                print(name, cells[header.index(name)].text)
            {save_code(params.output)}
        """)
        return solution(outline_step(params.input, f"I look over {params.input} to find the table."),
                        script_step(script, f"I read the {', '.join(params.columns)} columns as numbers and add a "
                                    f"{params.label!r} row with their {params.aggregate}.", f"Add the {params.label} row"),
                        script_step(table_script(params.output, "print(rows[-1])"),
                                    "I read the last row back.", "Check the table"))
