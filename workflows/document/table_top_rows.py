"""Cut a report's table down to its top (or bottom) N rows by a number column, best first - the
"top five" table a summary needs - in the document's table itself."""

from __future__ import annotations

from forge.errors import WorkflowError
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

WHICH = "{% if smallest %}smallest{% else %}largest{% endif %}"


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    column: str
    count: int
    smallest: bool


class Options(SkillParams):
    smallest: bool | None = None
    in_place: bool | None = None


@register_workflow
class TableTopRows(PreparedWorkflow[Params]):
    states_values = ("count",)
    spec = WorkflowSpec(
        name="document.table_top_rows", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            f"Reduce table 1 of {{{{ input }}}} (its only table) to the {{{{ count }}}} rows with the {WHICH} {{{{ column }}}}, "
            f"ordered from the {WHICH} down; delete every other row but keep the header. Nothing else in the "
            "document changes. " + SAVE["formal"],
            f"For the summary I only want the {{{{ count }}}} {WHICH} entries by {{{{ column }}}} in table 1 of "
            f"{{{{ input }}}}, {WHICH} first. Could you cut it down (header stays)? " + SAVE["chatty"],
            f"{{{{ input }}}}: table 1 -> top {{{{ count }}}} rows by {{{{ column }}}} ({WHICH} first), rest deleted. "
            + SAVE["terse"],
        ],
        criteria=["Exactly the N rows with the largest (smallest) values remain, best first.", "Header unchanged."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with a data table"),
               FileSlot(param="output", type="docx", description="The report with the shortened table")],
        checks=[CheckTemplate(func="table.top_rows", bind={"column": "column", "count": "count",
                                                            "smallest": "smallest"}, fixed={"into": "table 1"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        smallest = getattr(ctx.options, "smallest", None)
        smallest = ctx.rng.random() < 0.5 if smallest is None else smallest
        count = ctx.rng.choice([3, 4, 5])
        for _ in range(20):
            doc, table = report_with_table(ctx, 10, 20)
            columns = [c for c in table.numeric if _clear_cut(table.column(c), count, smallest)]
            if columns:
                break
        else:
            raise WorkflowError("no table with a number column whose top rows are clear drawn")
        params = Params(**doc_paths(ctx, doc.file_stem, "top"), column=ctx.rng.choice(columns), count=count,
                        smallest=smallest)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = table_script(params.input, f"""
            col = header.index({lit(params.column)})
            ranked = sorted(zip(rows, list(grid.rows[1:])), key=lambda pair: number(pair[0][col]),
                            reverse={not params.smallest})
            body = grid._tbl
            for _, row_cells in ranked[{params.count}:]:
                body.remove(row_cells._tr)
            for _, row_cells in ranked[:{params.count}]:
                body.remove(row_cells._tr)
                body.append(row_cells._tr)
            print([pair[0][col] for pair in ranked[:{params.count}]])
            {save_code(params.output)}
        """)
        return solution(outline_step(params.input, f"I look over {params.input} to find the table."),
                        script_step(script, f"I rank the rows by {params.column}, delete all but the first "
                                    f"{params.count} and put those in ranked order.", f"Top {params.count} rows"),
                        script_step(table_script(params.output, "print(header, rows)"),
                                    "I read the table back.", "Check the table"))


def _clear_cut(values: list[object], count: int, smallest: bool) -> bool:
    """The first `count` ranked values are distinct and apart from the next one (no tie decides)."""
    ranked = sorted((float(v) for v in values), reverse=not smallest)  # type: ignore[arg-type]
    return len(ranked) > count and len(set(ranked[:count + 1])) == count + 1
