"""Sort a report's table by two keys, as Word's and Writer's Table > Sort dialog does with Key 1
and Key 2: grouped A to Z by a column with repeated values (region, department, warehouse,
manager), then within each group by a number or a date, smallest or largest first."""

from __future__ import annotations

from typing import Literal

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.document import DocumentContent, TableBlock, write_docx
from preparers.spreadsheet import Table
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
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

KeyType = Literal["number", "date"]
THEN = ("{% if second_descending %}largest{% if key_type == 'date' %} (latest){% endif %} first{% else %}smallest"
        "{% if key_type == 'date' %} (earliest){% endif %} first{% endif %}")


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    first: str
    second: str
    second_descending: bool
    key_type: KeyType


class Options(SkillParams):
    key_type: KeyType | None = None
    second_descending: bool | None = None
    in_place: bool | None = None


def _key(value: object) -> object:
    return value.casefold() if isinstance(value, str) else value


def _shuffled(doc: DocumentContent, table: Table, ctx: WorkflowContext) -> tuple[DocumentContent, Table]:
    """The table's rows in the order a pasted export leaves them (an export comes sorted by date)."""
    rows = list(table.rows)
    ctx.rng.shuffle(rows)
    table = table.model_copy(update={"rows": rows})
    block = TableBlock(headers=table.headers, rows=[[shown(v, table.formats.get(h, "")) for h, v in
                                                     zip(table.headers, row, strict=True)] for row in rows])
    return doc.model_copy(update={"sections": [s.model_copy(update={"table": block}) if s.table is not None else s
                                               for s in doc.sections]}), table


@register_workflow
class SortTableTwoKeys(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.sort_table_two_keys", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            f"Sort the table in {{{{ input }}}} by {{{{ first }}}} (A to Z), and within the same {{{{ first }}}} by "
            f"{{{{ second }}}}, {THEN}. The header row stays on top and rows move whole; nothing else changes. "
            + SAVE["formal"],
            f"Could you group the rows of the table in {{{{ input }}}} by {{{{ first }}}}, alphabetically, with each "
            f"group ordered by {{{{ second }}}} ({THEN})? Keep the header where it is. " + SAVE["chatty"],
            f"{{{{ input }}}}: table sort, key 1 {{{{ first }}}} A-Z, key 2 {{{{ second }}}} {THEN}; header stays. "
            + SAVE["terse"],
        ],
        criteria=["The table holds the same rows, ordered by the first column, ties by the second, as asked.",
                  "The header row and the rest of the document are unchanged."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with a data table"),
               FileSlot(param="output", type="docx", description="The report with the sorted table")],
        checks=[CheckTemplate(func="table.sorted_by_keys", bind={"first": "first", "second": "second",
                                                                  "second_descending": "second_descending"},
                              fixed={"first_descending": False})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        key_type = getattr(ctx.options, "key_type", None) or ctx.rng.choice(["number", "date"])
        descending = getattr(ctx.options, "second_descending", None)
        descending = ctx.rng.random() < 0.5 if descending is None else descending
        for _ in range(20):  # a grouping column whose groups the second key really reorders
            doc, table = report_with_table(ctx, 10, 20)
            doc, table = _shuffled(doc, table, ctx)
            seconds = table.numeric if key_type == "number" else table.date_columns()
            firsts = [h for h in table.headers if h not in table.numeric and h not in table.date_columns()
                      and 1 < len(set(table.column(h))) < len(table.rows)]
            pairs = []
            for first in firsts:
                for second in seconds:
                    f, s = table.headers.index(first), table.headers.index(second)
                    by_first = sorted(table.rows, key=lambda r: _key(r[f]))
                    both = sorted(sorted(table.rows, key=lambda r: r[s], reverse=descending), key=lambda r: _key(r[f]))
                    if both != by_first:
                        pairs.append((first, second))
            if pairs:
                break
        else:
            raise WorkflowError(f"no table with a group column and a {key_type} column that orders it drawn")
        first, second = ctx.rng.choice(pairs)
        params = Params(**doc_paths(ctx, doc.file_stem, "sorted"), first=first, second=second,
                        second_descending=descending, key_type=key_type)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        second = "number(row[b])" if params.key_type == "number" else "row[b]"
        script = table_script(params.input, f"""
            a, b = header.index({lit(params.first)}), header.index({lit(params.second)})
            rows.sort(key=lambda row: {second}, reverse={params.second_descending})  # key 2 first: sorts are stable
            rows.sort(key=lambda row: row[a].casefold())
            for line, values in zip(list(grid.rows)[1:], rows):
                for cell, value in zip(line.cells, values):
                    runs = cell.paragraphs[0].runs
                    if not runs:
                        cell.text = value
                        continue
                    runs[0].text = value
                    for extra in runs[1:]:
                        extra.text = ""
            print([(row[a], row[b]) for row in rows])
            {save_code(params.output)}
        """)
        return solution(outline_step(params.input, f"I look over {params.input} to find the table."),
                        script_step(script, f"I sort the table's rows by {params.second}, then stably by "
                                    f"{params.first}, and write the cell texts back row by row.",
                                    f"Sort by {params.first}, then {params.second}"),
                        script_step(table_script(params.output, "print(header, rows[:4])"),
                                    "I read the table back to check the order.", "Check the table"))
