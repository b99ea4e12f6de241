"""Cut a report's table down to the rows that matter - a number at least or below a threshold, one
category, dates before or from a day - deleting the other rows from the document's table itself."""

from __future__ import annotations

from typing import Literal

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.document import write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import (
    SAVE,
    doc_paths,
    outline_step,
    report_with_table,
    save_code,
    shown,
    table_script,
)
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)

Condition = Literal["at_least", "below", "equals", "before", "from"]
OPERATOR = {"at_least": ">=", "below": "<", "equals": "==", "before": "<", "from": ">="}
SAY = ("{% if condition == 'at_least' %}{{ column }} is at least {{ threshold }}{% elif condition == 'below' %}"
       "{{ column }} is below {{ threshold }}{% elif condition == 'equals' %}{{ column }} is {{ threshold }}"
       "{% elif condition == 'before' %}{{ column }} is before {{ threshold }}{% else %}{{ column }} is on or "
       "after {{ threshold }}{% endif %}")
KEEP = {"at_least": "number(row[col]) >= {t}", "below": "number(row[col]) < {t}",
        "equals": "row[col].casefold() == {t}.casefold()", "before": "row[col] < {t}", "from": "row[col] >= {t}"}


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    condition: Condition
    column: str
    operator: str
    threshold: int | float | str


class Options(SkillParams):
    condition: Condition | None = None
    in_place: bool | None = None


def _candidates(table: object, condition: str) -> list[tuple[str, list[object]]]:
    """(column, threshold choices) that split the table's rows into kept and deleted ones."""
    out = []
    for name in table.headers:  # type: ignore[attr-defined]
        values = table.column(name)  # type: ignore[attr-defined]
        if condition in ("at_least", "below") and name in table.numeric:  # type: ignore[attr-defined]
            cuts = sorted({round(v) for v in values})[1:-1]
            out.append((name, [c for c in cuts if c > 0]))
        elif condition in ("before", "from") and name in table.date_columns():  # type: ignore[attr-defined]
            days = sorted({v for v in values})
            out.append((name, [d.isoformat() for d in days[1:]]))
        elif condition == "equals" and name not in table.numeric and name not in table.date_columns():  # type: ignore[attr-defined]
            counts = {v: values.count(v) for v in values}
            out.append((name, [v for v, n in counts.items() if 2 <= n < len(values)]))
    return [(c, t) for c, t in out if t]


@register_workflow
class TableFilter(PreparedWorkflow[Params]):
    states_values = ("threshold",)
    spec = WorkflowSpec(
        name="document.table_filter", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            f"In the table of {{{{ input }}}}, keep only the rows where {SAY} and delete every other row; the header "
            "row stays, the kept rows keep their order and nothing else in the document changes. " + SAVE["formal"],
            f"The table in {{{{ input }}}} has too much in it - I only need the rows where {SAY}. Could you delete "
            "the rest (keep the header and the order)? " + SAVE["chatty"],
            f"{{{{ input }}}}: table rows where {SAY} stay, the others go; header and order kept. " + SAVE["terse"],
        ],
        criteria=["Exactly the rows meeting the condition remain, in their order.", "The header row is unchanged."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with a data table"),
               FileSlot(param="output", type="docx", description="The report with the table filtered")],
        checks=[CheckTemplate(func="table.rows_where", bind={"column": "column", "operator": "operator",
                                                              "threshold": "threshold"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        condition = getattr(ctx.options, "condition", None) or ctx.rng.choice(list(OPERATOR))
        for _ in range(20):
            doc, table = report_with_table(ctx, 10, 24)
            if candidates := _candidates(table, condition):
                break
        else:
            raise WorkflowError(f"no table with a column to filter by {condition} drawn")
        column, thresholds = ctx.rng.choice(candidates)
        threshold = ctx.rng.choice(thresholds)
        if condition == "equals":
            threshold = shown(threshold)
        params = Params(**doc_paths(ctx, doc.file_stem, "filtered"), condition=condition, column=column,
                        operator=OPERATOR[condition], threshold=threshold)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        keep = KEEP[params.condition].format(t=lit(params.threshold))
        script = table_script(params.input, f"""
            col = header.index({lit(params.column)})
            for row_cells, row in zip(list(grid.rows[1:]), rows):
                if not ({keep}):
                    grid._tbl.remove(row_cells._tr)
            print(len(grid.rows) - 1, "of", len(rows), "rows kept")
            {save_code(params.output)}
        """)
        return solution(outline_step(params.input, f"I look over {params.input} to find the table."),
                        script_step(script, f"I read each row's {params.column} and delete the rows that fail the "
                                    "condition from the table itself.", f"Filter the table by {params.column}"),
                        script_step(table_script(params.output, "print(header, len(rows), rows[:3])"),
                                    "I read the table back to check what is left.", "Check the table"))
