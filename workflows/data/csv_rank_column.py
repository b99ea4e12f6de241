"""Add a column computed down a whole CSV column before the file goes into a report: each row's rank
by a figure (largest or smallest first, ties sharing a rank) or the running total in the file's
order, over the whole file or within each group (region, department, warehouse); the figures as
numbers, or pasted as text with currency signs and thousands separators; a new file or in place."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.data import GROUP_KEYS, Table, make_records, write_csv
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow
from workflows.spreadsheet._messy import text_amounts

Operation = Literal["rank_desc", "rank_asc", "running_total"]
HEADERS = {"rank_desc": ["{c} Rank", "Rank by {c}"], "rank_asc": ["{c} Rank (low first)", "Rank ({c}, ascending)"],
           "running_total": ["Running {c}", "Cumulative {c}"]}
ASK = {"rank_desc": "each row's rank by {c} {within} (1 = the largest; rows with the same {c} share the same rank)",
       "rank_asc": "each row's rank by {c} {within} (1 = the smallest; rows with the same {c} share the same rank)",
       "running_total": "the running total of {c} {within}, adding the rows in the file's order"}
CODE = {"rank_desc": "[1 + sum(w > v for w in vs) for v in vs]", "rank_asc": "[1 + sum(w < v for w in vs) for v in vs]",
        "running_total": "[round(sum(vs[: i + 1]), 2) for i in range(len(vs))]"}
MONEY = {"Unit Price", "Salary", "Bonus", "Unit Cost", "Budget", "Actual"}  # what is pasted with $ and commas
RUNNING, RUNNING_MONEY = ("sales", "budget", "employees"), ("budget", "employees")  # kinds a running total suits
_SAVE = "{% if in_place %}save {{ output }} in place{% else %}write the result to {{ output }}{% endif %}"
_TEXT = ("{% if text_amounts %} {{ column }} was pasted as text (currency signs, thousands separators): read those "
         "as the numbers they show, and leave the column itself as it is.{% endif %}")


class Options(SkillParams):
    operation: Operation | None = None
    grouped: bool | None = None
    text_amounts: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    subject: str
    column: str
    new_header: str
    operation: Operation
    group_column: str | None
    ask: str
    text_amounts: bool


@register_workflow
class CsvRankColumn(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.csv_rank_column", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "{{ input }} lists {{ subject }}. Add a last column \"{{ new_header }}\" holding {{ ask }}, as numbers; "
            "every other column and the rows' order stay as they are." + _TEXT + " Then " + _SAVE + ".",
            "Could you add a \"{{ new_header }}\" column at the end of {{ input }}? It should show {{ ask }}. "
            "Don't touch the existing columns or reorder anything." + _TEXT + " Please " + _SAVE + ".",
            "{{ input }}: new last column \"{{ new_header }}\" = {{ ask }}; rows and columns otherwise unchanged"
            "{% if text_amounts %} ({{ column }} partly text with $ signs and thousands separators: read as numbers)"
            "{% endif %}; "
            + _SAVE + ".",
        ],
        criteria=["The new column holds the right figure on every row.", "The original columns are unchanged."],
        files=[FileSlot(param="input", type="csv", role="input", description="A CSV export"),
               FileSlot(param="output", type="csv", description="The export with the new column")],
        checks=[CheckTemplate(func="table.column_from_column", bind={
            "new_header": "new_header", "column": "column", "operation": "operation", "group_column": "group_column"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        op: Operation = opts.operation or ctx.rng.choice(sorted(CODE))  # type: ignore[assignment]
        grouped, text, in_place = (either(ctx, o) for o in (opts.grouped, opts.text_amounts, opts.in_place))
        kinds = {k: GROUP_KEYS[k] for k in (RUNNING_MONEY if text else RUNNING)} if op == "running_total" else None
        table = make_records(ctx.rng, ctx.faker, ctx.rng.randint(25, 80), kinds=kinds)
        columns = table.additive if op == "running_total" else table.numeric
        column = ctx.rng.choice([c for c in columns if c in MONEY] if text else columns)
        group = ctx.rng.choice(GROUP_KEYS[table.kind]) if grouped else None
        within = f"within each {group}" if group else "over the whole file"
        stem, folder = ctx.rng.choice(table.file_stems), ctx.rng.choice(["", "exports/", "reports/"])
        suffix = "running" if op == "running_total" else "ranked"
        params = Params(input=f"{folder}{stem}.csv", output=f"{folder}{stem}{'' if in_place else '_' + suffix}.csv",
                        in_place=in_place, subject=table.subject, column=column,
                        new_header=ctx.rng.choice(HEADERS[op]).format(c=column), operation=op, group_column=group,
                        ask=ASK[op].format(c=column, within=within), text_amounts=text)
        rows = text_amounts(ctx.rng, table.rows, table.index(column)) if text else table.rows
        return params.with_files(input=write_csv(Table(kind=table.kind, title=table.title, headers=table.headers,
                                                       rows=rows)))

    def reference(self, params: Params) -> ReferenceSolution:
        group = f"row[header.index({lit(params.group_column)})]" if params.group_column else "None"
        script = f"""
            import csv, re
            with open({lit(params.input)}, newline="", encoding="utf-8") as f:
                header, *rows = list(csv.reader(f))
            col = header.index({lit(params.column)})
            num = lambda text: float(re.sub(r"[^0-9.-]", "", text))
            members = {{}}
            for i, row in enumerate(rows):
                members.setdefault({group}, []).append(i)
            result = [None] * len(rows)
            for indexes in members.values():
                vs = [num(rows[i][col]) for i in indexes]
                for i, value in zip(indexes, {CODE[params.operation]}):
                    result[i] = value
            with open({lit(params.output)}, "w", newline="", encoding="utf-8") as f:
                csv.writer(f).writerows([header + [{lit(params.new_header)}],
                                         *[row + [int(v) if v == int(v) else v] for row, v in zip(rows, result)]])
            print(len(members), "group(s)")
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read()[:500])",
                                    f"First I look at {params.input}'s columns.", f"Show {params.input}"),
                        script_step(script, f"I compute {params.ask} and append it as {params.new_header!r}.",
                                    f"Add {params.new_header}"))
