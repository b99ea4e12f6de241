"""Clean a messy CSV export's types: money typed with symbols and separators, dates with slashes in a
stated day/month order, labels with stray spaces and random case."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.data import make_table, write_csv
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)

DateOrder = Literal["dmy", "mdy"]


class Options(SkillParams):
    amounts: bool | None = None
    dates: DateOrder | Literal["iso"] | None = None
    labels: bool | None = None


class Params(Prepared):
    input: str
    output: str
    amount_columns: list[str]
    date_columns: list[str]
    date_order: DateOrder
    text_columns: list[str]


@register_workflow
class CsvCleanup(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.csv_cleanup", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "{{ input }} came out of an old system and the types are a mess. Please write a clean copy to {{ output }}: "
            "{% if amount_columns %}{{ amount_columns | join(' and ') }} as plain numbers (no currency signs or "
            "thousands separators); {% endif %}{% if date_columns %}{{ date_columns | join(' and ') }} as "
            "YYYY-MM-DD (they are written {% if date_order == 'dmy' %}day/month/year{% else %}month/day/year"
            "{% endif %}); {% endif %}{% if text_columns %}{{ text_columns | join(' and ') }} trimmed and in Title "
            "Case; {% endif %}everything else exactly as it is, same rows in the same order.",
            "Before I load {{ input }} into the database it needs cleaning: "
            "{% if amount_columns %}strip the $ and commas from {{ amount_columns | join(', ') }}, {% endif %}"
            "{% if date_columns %}convert {{ date_columns | join(', ') }} from {% if date_order == 'dmy' %}DD/MM/YYYY"
            "{% else %}MM/DD/YYYY{% endif %} to ISO dates, {% endif %}{% if text_columns %}tidy "
            "{{ text_columns | join(', ') }} (extra spaces, inconsistent capitalisation -> Title Case), {% endif %}"
            "and keep every row. Save as {{ output }}.",
            "{{ input }} -> {{ output }}: {% if amount_columns %}{{ amount_columns | join(', ') }} -> numbers; "
            "{% endif %}{% if date_columns %}{{ date_columns | join(', ') }} {{ date_order }} -> ISO; {% endif %}"
            "{% if text_columns %}{{ text_columns | join(', ') }} -> trimmed Title Case; {% endif %}rest untouched.",
        ],
        criteria=["Each messy column cleaned as asked.", "Every other cell and every row unchanged."],
        files=[FileSlot(param="input", type="csv", role="input", description="A messy CSV export"),
               FileSlot(param="output", type="csv", description="The cleaned export")],
        checks=[CheckTemplate(func="table.types_cleaned", bind={
            "amount_columns": "amount_columns", "date_columns": "date_columns", "date_order": "date_order",
            "text_columns": "text_columns"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        amounts = opts.amounts if opts.amounts is not None else ctx.rng.random() < 0.7
        dates = opts.dates or ctx.rng.choice(["dmy", "mdy", "iso"])
        labels = opts.labels if opts.labels is not None else ctx.rng.random() < 0.5
        if not (amounts or labels or dates != "iso"):
            amounts = True
        table = make_table(ctx.rng, ctx.faker, kind="sales", rows=ctx.rng.randint(25, 30))
        rows = [list(r) for r in table.rows]
        for row in rows:
            if amounts:
                style = ctx.rng.choice(["${:,.2f}", "{:,.2f} USD", "$ {:,.2f}"])
                row[6] = style.format(row[6] * ctx.rng.choice([1, 1, 10]))
            if dates != "iso":
                day = row[1]
                first, second = (day.day, day.month) if dates == "dmy" else (day.month, day.day)  # type: ignore[union-attr]
                row[1] = f"{first:02d}/{second:02d}/{day.year}"  # type: ignore[union-attr]
            if labels:
                row[3] = ctx.rng.choice([str(row[3]).upper(), str(row[3]).lower(), f" {row[3]} ", str(row[3])])
        stem = ctx.rng.choice(table.file_stems)
        params = Params(input=f"raw/{stem}.csv", output=f"clean/{stem}.csv",
                        amount_columns=["Unit Price"] if amounts else [], date_columns=["Date"] if dates != "iso" else [], date_order="mdy" if dates == "mdy" else "dmy",
                        text_columns=["Region"] if labels else [])
        return params.with_files(input=write_csv(table.model_copy(update={"rows": rows})))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, datetime, os, re
            header, *rows = list(csv.reader(open({lit(params.input)}, newline="", encoding="utf-8")))
            def amount(v):
                return repr(float(re.sub(r"[^0-9.]", "", v)))
            def date(v):
                a, b, year = map(int, v.strip().split("/"))
                day, month = (a, b) if {lit(params.date_order)} == "dmy" else (b, a)
                return datetime.date(year, month, day).isoformat()
            fixes = {{c: amount for c in {lit(params.amount_columns)}}}
            fixes |= {{c: date for c in {lit(params.date_columns)}}}
            fixes |= {{c: lambda v: " ".join(v.split()).title() for c in {lit(params.text_columns)}}}
            index = {{header.index(c): f for c, f in fixes.items()}}
            clean = [[index[i](v) if i in index else v for i, v in enumerate(row)] for row in rows]
            os.makedirs(os.path.dirname({lit(params.output)}), exist_ok=True)
            with open({lit(params.output)}, "w", newline="", encoding="utf-8") as out:
                csv.writer(out).writerows([header, *clean])
            print(clean[:2])
        """
        return solution(script_step(script, f"I read {params.input} as text, fix each messy column with a small "
                                    f"parser and write {params.output}, leaving other cells alone.",
                                    f"Clean {params.input}"))
