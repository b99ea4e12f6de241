"""A pivot-style summary on a new sheet: one row per group with a count, total, average or maximum,
in the order asked; optionally from group labels typed inconsistently (case, spacing)."""

from __future__ import annotations

from typing import ClassVar, Literal

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
from workflows.spreadsheet._messy import messy_labels

Aggregate = Literal["count", "sum", "average", "max", "min"]
Order = Literal["any", "group", "value_desc"]
GROUPS = {"sales": ["Region", "Product"], "employees": ["Department"], "inventory": ["Warehouse"],
          "budget": ["Project", "Quarter"]}
MEASURE = {"count": "the number of {subject}", "sum": "the total {value}", "average": "the average {value}",
           "max": "the largest {value}", "min": "the smallest {value}"}
ORDER = {"any": "", "group": ", sorted A to Z by {group}", "value_desc": ", largest figure first"}


class Params(FinishParams):
    FINISH_ON: ClassVar[str] = "summary"
    summary: str
    group_column: str
    value_column: str | None
    aggregate: Aggregate
    order: Order
    measure: str
    ordering: str
    messy: bool


class Options(FinishOptions):
    aggregate: Aggregate | None = None
    order: Order | None = None
    messy: bool | None = None


@register_workflow
class SummarySheet(PreparedWorkflow[Params]):
    spec = book_spec(
        "spreadsheet.summary_sheet", Params, Options,
        phrasings=[
            ('{{ input }} lists {{ subject }} on the sheet "{{ sheet }}". Add a sheet named "{{ summary }}" with a '
             "summary by {{ group_column }}: {{ group_column }} in column A (header in A1), {{ measure }} in column B, "
             "one row per {{ group_column }}{{ ordering }}.{% if messy %} The {{ group_column }} names were typed by "
             "hand, so the same one may appear in different case or spacing: count those as one.{% endif %} Numbers, "
             "not formulas.", "formal"),
            ('My manager wants {{ measure }} per {{ group_column }} out of {{ input }} (the \"{{ sheet }}\" tab). Could you put it on a new tab '
             'called "{{ summary }}", {{ group_column }} down column A and the figure in column B{{ ordering }}? '
             "Plain values please, and nothing else on that tab.{% if messy %} Heads-up: people typed the "
             "{{ group_column }} names inconsistently (case, extra spaces).{% endif %}", "chatty"),
            ('{{ input }} ("{{ sheet }}"): new sheet "{{ summary }}" = {{ measure }} by {{ group_column }} '
             "(A: {{ group_column }}, B: figure{{ ordering }}), values only{% if messy %}; merge "
             "names that differ only in case/spacing{% endif %}.", "terse"),
            ("I need to see at a glance how the {{ subject }} in {{ input }} break down by {{ group_column }} - "
             '{{ measure }} for each - on a sheet of its own called "{{ summary }}" (labels in A, figures in B'
             "{{ ordering }}). Keep the data sheet (\"{{ sheet }}\") as it is.{% if messy %} Watch out for names typed in different case or "
             "spacing; they are the same {{ group_column }}.{% endif %}", "formal"),
        ],
        criteria=["One summary row per distinct group, each with the right figure.",
                  "Groups typed differently are merged.", "The data sheet is unchanged."],
        checks=[CheckTemplate(func="table.group_summary", bind={
            "table": "sheet", "summary": "summary", "group_column": "group_column", "value_column": "value_column",
            "aggregate": "aggregate", "order": "order"})],
        output="The workbook with the summary sheet",
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        kind = ctx.rng.choice(sorted(GROUPS))
        table = big_table(ctx.rng, ctx.faker, kind)
        aggregate = choose(ctx, "aggregate", ["count", "sum", "average", "max", "min"])
        order, messy = choose(ctx, "order", ["any", "group", "value_desc"]), choose(ctx, "messy", [False, True])
        group = ctx.rng.choice(GROUPS[kind])
        value = None if aggregate == "count" else ctx.rng.choice(table.additive if aggregate == "sum" else table.numeric)
        rows = messy_labels(ctx.rng, table.rows, table.index(group)) if messy else table.rows
        base = names(ctx, table, f"by_{group}")
        summary = ctx.rng.choice([f"By {group}", "Summary", f"{group} summary", "Pivot"])
        params = Params(**finish_fields(ctx), **base, summary=summary, group_column=group, value_column=value, aggregate=aggregate,
                        order=order, measure=MEASURE[aggregate].format(subject=table.subject, value=value),
                        ordering=ORDER[order].format(group=group), messy=messy)
        return params.with_files(input=workbook([(base["sheet"], table.headers, rows)], table))

    def reference(self, params: Params) -> ReferenceSolution:
        value = "1" if params.value_column is None else f"row[header.index({lit(params.value_column)})]"
        figure = {"count": "len(xs)", "sum": "sum(xs)", "average": "round(sum(xs) / len(xs), 4)", "max": "max(xs)", "min": "min(xs)"}
        order = {"any": "", "group": "items.sort(key=lambda kv: kv[0].casefold())",
                 "value_desc": "items.sort(key=lambda kv: -kv[1])"}[params.order]
        body = f"""
            group = header.index({lit(params.group_column)})
            groups, labels = {{}}, {{}}
            for row in rows:
                if row[group] is None:
                    continue
                k = " ".join(str(row[group]).split()).casefold()
                labels.setdefault(k, " ".join(str(row[group]).split()))
                groups.setdefault(k, []).append({value})
            print("groups found:", sorted(labels.values()))
            items = [(labels[k], {figure[params.aggregate]}) for k, xs in groups.items()]
            {order}
            out = wb.create_sheet({lit(params.summary)})
            out.append([{lit(params.group_column)}, {lit(params.measure.capitalize())}])
            for label, figure in items:
                out.append([label, figure])
        """
        return three_steps(params, body, f"I group the rows by {params.group_column} (case and spacing folded), work "
                           f"out {params.measure} for each and write them to a new sheet {params.summary!r}.",
                           f"Summarise by {params.group_column}", sheet=params.summary)
