"""Answer a COUNTIF / SUMIF / AVERAGEIF question about a sheet in a cell of a new answer sheet: the
rows are those whose category equals a value, whose number reaches a threshold, or whose date
falls in a month."""

from __future__ import annotations

from typing import Any, Literal

from forge.models import ReferenceSolution
from workflows._prepared import PreparedWorkflow
from workflows._steps import lit
from workflows.spec import CheckTemplate, WorkflowContext, register_workflow
from workflows.spreadsheet._book import (
    AS_DATE,
    NUM,
    BookOptions,
    BookParams,
    big_table,
    book_spec,
    choose,
    names,
    three_steps,
    workbook,
)
from workflows.spreadsheet._messy import messy_labels, text_amounts, text_dates

Aggregate = Literal["count", "sum", "average"]
Condition = Literal["equals", "at_least", "in_month"]
WHERE = {  # kind -> condition -> column
    "sales": {"equals": "Region", "at_least": "Units", "in_month": "Date"},
    "employees": {"equals": "Department", "at_least": "Salary", "in_month": "Start Date"},
    "budget": {"equals": "Project", "at_least": "Budget"},
    "inventory": {"equals": "Warehouse", "at_least": "Unit Cost"},
}
RULE = {"equals": '{w} is "{t}"', "at_least": "{w} is at least {t}", "in_month": "{w} falls in the month {t}"}
WHAT = {"count": "how many {subject} there are", "sum": "the total {v}", "average": "the average {v}"}
TEST = {"equals": "' '.join(str(row[w]).split()).casefold() == {t}.casefold()", "at_least": "num(row[w]) >= {t}",
        "in_month": "as_date(row[w]).strftime('%Y-%m') == {t}"}
MESS = {"equals": messy_labels, "at_least": text_amounts, "in_month": text_dates}
HINT = {"equals": "{w} was typed inconsistently (case, spacing)", "at_least": "{w} was pasted as text (commas, $)",
        "in_month": "{w} holds dates typed as text in mixed formats (slashed ones are month/day/year)"}


class Params(BookParams):
    answer_sheet: str
    cell: str
    aggregate: Aggregate
    value_column: str | None
    where_column: str
    condition: Condition
    target: str | float | int
    question: str
    hint: str | None


class Options(BookOptions):
    aggregate: Aggregate | None = None
    condition: Condition | None = None
    messy: bool | None = None


@register_workflow
class ConditionalTotal(PreparedWorkflow[Params]):
    spec = book_spec(
        "spreadsheet.conditional_total", Params, Options,
        phrasings=[
            ('Using the sheet "{{ sheet }}" of {{ input }}, work out {{ question }}. Put the number in cell {{ cell }} of '
             'a new sheet named "{{ answer_sheet }}" (a label beside it is welcome), as a value.{% if hint %} Note: '
             "{{ hint }}.{% endif %}", "formal"),
            ("Quick question about {{ input }} ({{ sheet }} tab): {{ question }}? Could you add a tab called "
             '"{{ answer_sheet }}" and put the figure in {{ cell }}? Just the number there, no formula.'
             "{% if hint %} Heads-up: {{ hint }}.{% endif %}", "chatty"),
            ('{{ input }} ("{{ sheet }}"): {{ question }} -> new sheet "{{ answer_sheet }}", cell {{ cell }} (value)'
             "{% if hint %}; {{ hint }}{% endif %}.", "terse"),
        ],
        criteria=["The answer cell holds the right figure over exactly the matching rows.",
                  "The data sheet is unchanged."],
        checks=[CheckTemplate(func="table.conditional_value", bind={
            "table": "sheet", "sheet": "answer_sheet", "cell": "cell", "aggregate": "aggregate",
            "value_column": "value_column", "where_column": "where_column", "condition": "condition", "target": "target"})],
        output="The workbook with the answer sheet",
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        aggregate, condition = choose(ctx, "aggregate", ["count", "sum", "average"]), choose(ctx, "condition", list(TEST))
        kind = ctx.rng.choice(sorted(k for k in WHERE if condition in WHERE[k]))
        table = big_table(ctx.rng, ctx.faker, kind, 40, 220)
        where = WHERE[kind][condition]
        values = table.column(where)
        target: Any
        if condition == "equals":
            target = ctx.rng.choice(sorted(set(values)))
        elif condition == "at_least":
            ordered = sorted(values)
            target = ordered[len(ordered) // 2 + ctx.rng.randint(-len(ordered) // 5, len(ordered) // 5)]
            target = int(target) if float(target).is_integer() else round(float(target), 2)
        else:
            target = f"{ctx.rng.choice(values):%Y-%m}"
        value = None if aggregate == "count" else ctx.rng.choice([c for c in table.numeric if c != where] or table.numeric)
        question = (WHAT[aggregate].format(subject=table.subject, v=value) + " where "
                    + RULE[condition].format(w=where, t=target))
        messy = choose(ctx, "messy", [False, True])
        params = Params(**names(ctx, table, "answer"), hint=HINT[condition].format(w=where) if messy else None,
                        answer_sheet=ctx.rng.choice(["Answer", "Check", "Result"]),
                        cell=ctx.rng.choice(["B1", "B2", "C2"]), aggregate=aggregate, value_column=value,
                        where_column=where, condition=condition, target=target, question=question)
        rows = MESS[condition](ctx.rng, table.rows, table.index(where)) if messy else table.rows
        return params.with_files(input=workbook([(params.sheet, table.headers, rows)], table))

    def reference(self, params: Params) -> ReferenceSolution:
        test = TEST[params.condition].format(t=lit(params.target))
        figure = {"count": "len(hits)", "sum": "sum(r[v] for r in hits)",
                  "average": "sum(r[v] for r in hits) / len(hits)"}[params.aggregate]
        value = f"header.index({lit(params.value_column)})" if params.value_column else "None"
        body = [NUM, AS_DATE, f"""
            w, v = header.index({lit(params.where_column)}), {value}
            hits = [row for row in rows if row[w] is not None and {test}]
            answer = {figure}
            print(len(hits), "matching rows; answer", answer)
            out = wb.create_sheet({lit(params.answer_sheet)})
            out[{lit(params.cell)}] = answer
        """]
        return three_steps(params, body, f"I select the rows where {params.question.split(' where ', 1)[1]} and compute "
                           "the figure, then write it into the answer cell of a new sheet.", "Answer the question",
                           sheet=params.answer_sheet)
