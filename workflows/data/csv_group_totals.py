"""Summarise a CSV by one category column: a total, count, average or maximum per group, as a new CSV."""

from __future__ import annotations

from typing import ClassVar, Literal

from forge.models import ReferenceSolution
from preparers.data import FILTERABLE, GROUP_KEYS, make_records, write_csv
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

Aggregate = Literal["sum", "count", "average", "max", "min"]
WORDS = {"sum": "total", "count": "number of rows", "average": "average", "max": "highest", "min": "lowest"}


class Options(SkillParams):
    aggregate: Aggregate | None = None
    order: Literal["key", "largest_first"] | None = None
    messy_keys: bool | None = None
    filtered: bool | None = None


class Params(Prepared):
    input: str
    output: str
    key: str
    value: str | None
    aggregate: Aggregate
    what: str
    result_header: str
    order: Literal["key", "largest_first"]
    messy_keys: bool
    where_column: str | None = None
    where_value: str | None = None


@register_workflow
class CsvGroupTotals(PreparedWorkflow[Params]):
    output_ext: ClassVar[str] = "csv"
    writer: ClassVar[str] = 'csv.writer(open(OUTPUT, "w", newline="", encoding="utf-8")).writerows(table)'
    spec = WorkflowSpec(
        name="data.csv_group_totals", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "Make a summary of {{ input }} with one row per {{ key }}: the {{ what }}{% if value %} of {{ value }}"
            "{% endif %} for each. Save it as {{ output }} with the columns {{ key }} and {{ result_header }}"
            "{% if order == 'key' %}, sorted by {{ key }} A to Z{% else %}, largest {{ result_header }} first{% endif %}."
            "{% if where_column %} Only include the rows where {{ where_column }} is {{ where_value }}.{% endif %}"
            "{% if messy_keys %} The {{ key }} values were typed by hand, so the same one may appear in different "
            "capitalisation: count those as one.{% endif %}{% if aggregate == 'average' %} Round averages to 2 "
            "decimals.{% endif %}",
            "Hi, for the weekly numbers I need {{ input }} rolled up by {{ key }}: {{ what }}"
            "{% if value %} of {{ value }}{% endif %} per {{ key }}. A CSV {{ output }} with two columns, "
            "{{ key }} and {{ result_header }}, {% if order == 'key' %}in {{ key }} order{% else %}biggest "
            "first{% endif %}, would be perfect.{% if where_column %} Just the {{ where_value }} rows ({{ where_column }}), "
            "please.{% endif %}{% if messy_keys %} Careful, people typed {{ key }} with random "
            "upper/lower case.{% endif %}",
            "{{ input }} -> {{ output }}: group by {{ key }}, {{ aggregate }}{% if value %}({{ value }}){% endif %} "
            "as {{ result_header }}; {% if order == 'key' %}order by {{ key }}{% else %}order by {{ result_header }} "
            "desc{% endif %}{% if where_column %}; where {{ where_column }} = {{ where_value }}{% endif %}."
            "{% if messy_keys %} Normalise {{ key }} case first.{% endif %}",
        ],
        criteria=["One row per group with the right aggregate.", "Rows in the order asked."],
        files=[FileSlot(param="input", type="csv", role="input", description="A CSV export"),
               FileSlot(param="output", type="csv", description="The per-group summary")],
        checks=[CheckTemplate(func="table.grouped", bind={
            "key": "key", "value": "value", "aggregate": "aggregate", "result_header": "result_header",
            "order": "order", "fold_keys": "messy_keys", "where_column": "where_column",
            "where_value": "where_value"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        filtered = opts.filtered if opts.filtered is not None else ctx.rng.random() < 0.3
        table = make_records(ctx.rng, ctx.faker, ctx.rng.randint(40, 160), kinds=FILTERABLE if filtered else None)
        aggregate = opts.aggregate or ctx.rng.choice(["sum", "count", "average", "max", "min"])
        key = ctx.rng.choice(GROUP_KEYS[table.kind])
        where_column = ctx.rng.choice([c for c in FILTERABLE[table.kind] if c != key]) if filtered else None
        where_value = str(ctx.rng.choice(table.column(where_column))) if where_column else None
        value = None if aggregate == "count" else ctx.rng.choice(table.additive if aggregate == "sum" else table.numeric)
        messy = opts.messy_keys if opts.messy_keys is not None else ctx.rng.random() < 0.3
        rows = [list(r) for r in table.rows]
        if messy:
            k = table.headers.index(key)
            for row in ctx.rng.sample(rows, len(rows) // 4):
                row[k] = ctx.rng.choice([str(row[k]).upper(), str(row[k]).lower()])
        header = {"sum": f"Total {value}", "count": "Count", "average": f"Average {value}", "max": f"Max {value}",
                  "min": f"Min {value}"}
        stem = ctx.rng.choice(table.file_stems)
        output = f"{stem}_by_{key.lower().replace(' ', '_')}.{self.output_ext}"
        params = Params(input=f"{stem}.csv", output=output, key=key, value=value, aggregate=aggregate, what=WORDS[aggregate], result_header=header[aggregate],
                        order=opts.order or ctx.rng.choice(["key", "largest_first"]), messy_keys=messy,
                        where_column=where_column, where_value=where_value)
        return params.with_files(input=write_csv(table.model_copy(update={"rows": rows})))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv
            from collections import defaultdict
            rows = list(csv.DictReader(open({lit(params.input)}, newline="", encoding="utf-8")))
            names, groups = {{}}, defaultdict(list)
            for row in rows:
                where = {lit(params.where_column)}
                if where and row[where].strip().casefold() != {lit((params.where_value or "").casefold())}:
                    continue
                key = row[{lit(params.key)}].strip()
                norm = key.casefold() if {params.messy_keys!r} else key
                names.setdefault(norm, key.title() if {params.messy_keys!r} else key)
                groups[norm].append(1.0 if {lit(params.value)} is None else float(row[{lit(params.value)}]))
            agg = {{"sum": sum, "count": len, "max": max, "min": min,
                   "average": lambda xs: round(sum(xs) / len(xs), 2)}}[{lit(params.aggregate)}]
            result = [(names[k], agg(v)) for k, v in groups.items()]
            if {lit(params.order)} == "key":
                result.sort(key=lambda r: r[0].casefold())
            else:
                result.sort(key=lambda r: (-r[1], r[0].casefold()))
            table = [[{lit(params.key)}, {lit(params.result_header)}], *([k, round(v, 2)] for k, v in result)]
            {self.writer.replace("OUTPUT", lit(params.output))}
            print(result[:5])
        """
        return solution(script_step(script, f"I read {params.input}, group the rows by {params.key} and write the "
                                    f"{params.what} per group to {params.output}.", f"Summarise {params.input}"))
