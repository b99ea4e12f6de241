"""Label each row of a report's table by the band its figure falls in - below or on target, or
low / medium / high - in a new last column, so a reader can scan the table without reading
every number."""

from __future__ import annotations

import math
import textwrap
from typing import Literal

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.document import write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._columns import append_column
from workflows.document._edit import SAVE, doc_paths, outline_step, report_with_table, save_code, table_script
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

COLUMNS = {"sales": ["Units"], "employees": ["Salary", "Bonus"], "inventory": ["Quantity"], "budget": ["Budget", "Actual"]}
TWO = {"sales": ["Small order", "Large order"], "employees": ["Standard", "Upper range"],
       "inventory": ["Reorder", "In stock"], "budget": ["Small project", "Large project"]}
THREE = [["Low", "Medium", "High"], ["Small", "Medium", "Large"]]
HEADERS = ["Band", "Tier", "Category", "Level"]
RULE = ('"{{ labels[0] }}" when {{ column }} is below {{ bounds[0] }}, '
        '{% if bounds | length > 1 %}"{{ labels[1] }}" from {{ bounds[0] }} up to (not including) {{ bounds[1] }}, '
        'and "{{ labels[2] }}" from {{ bounds[1] }} up{% else %}and "{{ labels[1] }}" from {{ bounds[0] }} up'
        '{% endif %}')


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    column: str
    new_header: str
    bounds: list[int]
    labels: list[str]


class Options(SkillParams):
    bands: Literal[2, 3] | None = None
    in_place: bool | None = None


def round_bound(lo: float, hi: float) -> int | None:
    """The roundest whole number above `lo` and at most `hi` (a threshold a person would pick,
    never equal to the value below it)."""
    for step in (1000, 500, 100, 50, 10, 5, 1):
        bound = (math.floor(lo / step) + 1) * step
        if lo < bound <= hi:
            return bound
    return None


@register_workflow
class TableBand(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.table_band", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            'Add a column "{{ new_header }}" at the right end of the table in {{ input }} that reads ' + RULE + ". "
            "Type the words into the cells; the other columns and the report's text stay as they are. "
            + SAVE["formal"],
            "Could you tag every row of the table in {{ input }} with a \"{{ new_header }}\" column on the right? "
            "Rule: " + RULE + ". " + SAVE["chatty"],
            '{{ input }} table: new last column "{{ new_header }}" = ' + RULE + ". " + SAVE["terse"],
        ],
        criteria=["Every row carries the label of its band, the last row included.",
                  "The table's other columns and the report's text are unchanged."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with a data table"),
               FileSlot(param="output", type="docx", description="The report with the band column")],
        checks=[CheckTemplate(func="table.banded_column", bind={"new_header": "new_header", "column": "column",
                                                                 "bounds": "bounds", "labels": "labels"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        bands = getattr(ctx.options, "bands", None) or ctx.rng.choice([2, 3])
        for _ in range(40):  # bounds between the figures, every band holding a row
            doc, table = report_with_table(ctx, 8, 16)
            column = ctx.rng.choice(COLUMNS[table.kind])
            values = sorted({float(v) for v in table.column(column)})
            cuts = [len(values) // 2] if bands == 2 else [len(values) // 3, 2 * len(values) // 3]
            bounds = [round_bound(values[i - 1], values[i]) for i in cuts if i > 0]
            if len(bounds) == bands - 1 and None not in bounds and len(set(bounds)) == len(bounds):
                break
        else:
            raise WorkflowError("no table with figures to band drawn in 40 tries")
        params = Params(**doc_paths(ctx, doc.file_stem, "banded"), column=column,
                        new_header=ctx.rng.choice(HEADERS), bounds=bounds,
                        labels=TWO[table.kind] if bands == 2 else ctx.rng.choice(THREE))
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        compute = f"""
            col, bounds, labels = header.index({lit(params.column)}), {lit(params.bounds)}, {lit(params.labels)}
            values = [labels[sum(number(row[col]) >= b for b in bounds)] for row in rows]
        """
        body = textwrap.dedent(compute) + textwrap.dedent(append_column(params.new_header)) + save_code(params.output)
        return solution(outline_step(params.input, f"I look over {params.input} to find the table."),
                        script_step(table_script(params.input, body), f"With python-docx I read each {params.column} "
                                    "figure, count the bounds it reaches to pick its label, and type the labels into "
                                    "a new last column.", f"Add {params.new_header}"),
                        script_step(table_script(params.output, "print(header); print(rows[-1])"),
                                    "I read the header and the last row back.", "Check the table"))
