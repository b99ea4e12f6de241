"""Copy the top (or bottom) N rows by a column to a new sheet, best first - over the whole table or
N per group (the best three per region) - leaving the data sheet as it is."""

from __future__ import annotations

from typing import ClassVar

from forge.models import ReferenceSolution
from workflows._prepared import PreparedWorkflow
from workflows._steps import lit
from workflows.spec import CheckTemplate, WorkflowContext, register_workflow
from workflows.spreadsheet._book import (
    big_table,
    book_spec,
    choose,
    names,
    three_steps,
    workbook,
)
from workflows.spreadsheet._finish import FinishOptions, FinishParams, finish_fields

GROUPS = {"sales": ["Region"], "employees": ["Department"], "inventory": ["Warehouse"], "budget": ["Quarter"]}


class Params(FinishParams):
    FINISH_ON: ClassVar[str] = "into"
    into: str
    column: str
    count: int
    smallest: bool
    group_column: str | None


class Options(FinishOptions):
    smallest: bool | None = None
    grouped: bool | None = None


@register_workflow
class TopRows(PreparedWorkflow[Params]):
    spec = book_spec(
        "spreadsheet.top_rows", Params, Options,
        phrasings=[
            ('From the sheet "{{ sheet }}" of {{ input }}, copy the {{ count }} {{ subject }} with the '
             "{% if smallest %}smallest{% else %}largest{% endif %} {{ column }}{% if group_column %} in each "
             "{{ group_column }}{% endif %} to a new sheet \"{{ into }}\": the same header, whole rows, "
             "{% if group_column %}grouped by {{ group_column }} in order of first appearance and {% endif %}"
             "{% if smallest %}smallest{% else %}largest{% endif %} first. Leave \"{{ sheet }}\" as it is.", "formal"),
            ("Who are the {% if smallest %}bottom{% else %}top{% endif %} {{ count }} by {{ column }}"
             "{% if group_column %} in each {{ group_column }}{% endif %} in {{ input }} ({{ sheet }} tab)? Put "
             'those rows on a new tab "{{ into }}" with the header, best first'
             "{% if group_column %} within each {{ group_column }} (groups in the order they first appear){% endif %}.",
             "chatty"),
            ('{{ input }} ("{{ sheet }}"): {% if smallest %}bottom{% else %}top{% endif %} {{ count }} rows by '
             "{{ column }}{% if group_column %} per {{ group_column }} (groups by first appearance){% endif %} -> new "
             'sheet "{{ into }}" (header, whole rows, {% if smallest %}smallest{% else %}largest{% endif %} first).',
             "terse"),
        ],
        criteria=["Exactly the asked-for rows, whole and in order.", "The data sheet is unchanged."],
        checks=[CheckTemplate(func="table.top_rows", bind={"table": "sheet", "into": "into", "column": "column",
                                                            "count": "count", "smallest": "smallest",
                                                            "group_column": "group_column"})],
        output="The workbook with the selected rows on a new sheet",
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        smallest, grouped = choose(ctx, "smallest", [False, True]), choose(ctx, "grouped", [False, True])
        kind = ctx.rng.choice(sorted(GROUPS))
        for _ in range(20):  # values distinct, so the N best are one set
            table = big_table(ctx.rng, ctx.faker, kind, 30, 150)
            columns = [c for c in table.numeric if len(set(table.column(c))) == len(table.rows)]
            if columns:
                break
        else:
            columns = table.numeric[-1:]
        count = ctx.rng.choice([3, 5]) if grouped else ctx.rng.choice([5, 10, 20])
        params = Params(**finish_fields(ctx), **names(ctx, table, "top"), into=ctx.rng.choice([f"Top {count}", "Shortlist", "Selection"]),
                        column=ctx.rng.choice(columns), count=count, smallest=smallest,
                        group_column=ctx.rng.choice(GROUPS[kind]) if grouped else None)
        return params.with_files(input=workbook([(params.sheet, table.headers, table.rows)], table))

    def reference(self, params: Params) -> ReferenceSolution:
        group = f"row[header.index({lit(params.group_column)})]" if params.group_column else "None"
        body = f"""
            col = header.index({lit(params.column)})
            groups = {{}}
            for row in rows:
                groups.setdefault({group}, []).append(row)
            out = wb.create_sheet({lit(params.into)})
            out.append(header)
            for name, members in groups.items():
                best = sorted(members, key=lambda r: r[col], reverse={not params.smallest})[:{params.count}]
                print(name, [r[col] for r in best])
                for row in best:
                    out.append(row)
        """
        return three_steps(params, body, f"I rank the rows by {params.column} and copy the best {params.count}"
                           f"{' per ' + params.group_column if params.group_column else ''} to {params.into!r}.",
                           f"Copy the top rows to {params.into}", sheet=params.into)
