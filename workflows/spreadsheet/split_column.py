"""Split a combined column into two (full names, 'Last, First' names, codes like SO-10423,
'City, Region' locations), keeping the original column or replacing it."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._prepared import PreparedWorkflow
from workflows._steps import lit
from workflows.spec import CheckTemplate, WorkflowContext, register_workflow
from workflows.spreadsheet._book import (
    big_table,
    book_spec,
    choose,
    names,
    rewrite,
    three_steps,
    workbook,
)
from workflows.spreadsheet._finish import FinishOptions, FinishParams, finish_fields

Pattern = Literal["first_last", "last_comma_first", "code_number", "city_region"]
HOW = {
    "first_last": "the full names (first name, then last name)",
    "last_comma_first": 'the names written "Last, First"',
    "code_number": "the codes (letters, a dash, then digits)",
    "city_region": 'the locations written "City, Region"',
}
NEW = {"first_last": ["First Name", "Last Name"], "last_comma_first": ["First Name", "Last Name"],
       "code_number": ["Prefix", "Number"], "city_region": ["City", "Region"]}
IDS = {"sales": "Order ID", "inventory": "SKU", "budget": "Cost Center"}
SPLIT = {
    "first_last": "s.rsplit(' ', 1)",
    "last_comma_first": "[p.strip() for p in reversed(s.split(',', 1))]",
    "code_number": "[s.split('-', 1)[0], int(s.split('-', 1)[1])]",
    "city_region": "[p.strip() for p in s.split(',', 1)]",
}


PLACE = {
    True: "header, rows = header + NEW, [r + list(p) for r, p in zip(rows, parts)]",
    False: "header, rows = header[:col] + NEW + header[col + 1:], [r[:col] + list(p) + r[col + 1:] for r, p in zip(rows, parts)]",
}


class Params(FinishParams):
    column: str
    pattern: Pattern
    how: str
    new_headers: list[str]
    keep_original: bool


class Options(FinishOptions):
    pattern: Pattern | None = None
    keep_original: bool | None = None


@register_workflow
class SplitColumn(PreparedWorkflow[Params]):
    spec = book_spec(
        "spreadsheet.split_column", Params, Options,
        phrasings=[
            ('The {{ column }} column of the sheet "{{ sheet }}" in {{ input }} holds {{ how }}. Split it into two '
             'columns, "{{ new_headers[0] }}" and "{{ new_headers[1] }}"{% if keep_original %}, added at the right '
             "end; keep {{ column }} as it is{% else %}, which replace {{ column }} (delete it){% endif %}. Other "
             "columns stay unchanged.", "formal"),
            ("For the mail merge I need {{ column }} in {{ input }} ({{ sheet }} tab) broken up: it has {{ how }}. "
             'Could you make "{{ new_headers[0] }}" and "{{ new_headers[1] }}" columns out of it'
             "{% if keep_original %} and leave {{ column }} there too{% else %} and get rid of {{ column }} "
             "afterwards{% endif %}?", "chatty"),
            ('{{ input }} / "{{ sheet }}": split {{ column }} ({{ how }}) into "{{ new_headers[0] }}" + '
             '"{{ new_headers[1] }}"; {% if keep_original %}keep{% else %}remove{% endif %} {{ column }}.', "terse"),
        ],
        criteria=["The two new columns hold the parts of every row's value.",
                  "The original column is kept or removed as asked; the others are unchanged."],
        checks=[CheckTemplate(func="table.column_split", bind={
            "table": "sheet", "column": "column", "pattern": "pattern", "new_headers": "new_headers",
            "keep_original": "keep_original"})],
        output="The workbook with the split column",
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        pattern = choose(ctx, "pattern", sorted(NEW))
        kind = {"code_number": ctx.rng.choice(sorted(IDS)), "city_region": "sales"}.get(pattern, "employees")
        table = big_table(ctx.rng, ctx.faker, kind, 30, 200)
        headers, rows = list(table.headers), [list(r) for r in table.rows]
        if pattern in ("first_last", "last_comma_first"):
            column, c = ctx.rng.choice(["Name", "Employee"]), table.index("Name")
            for row in rows:
                first, last = ctx.faker.first_name(), ctx.faker.last_name()
                row[c] = f"{first} {last}" if pattern == "first_last" else f"{last}, {first}"
        elif pattern == "city_region":
            column, c = "Location", table.index("Region")
            cities = [ctx.faker.city() for _ in range(8)]
            for row in rows:
                row[c] = f"{ctx.rng.choice(cities)}, {row[c]}"
        else:
            column, c = IDS[kind], table.index(IDS[kind])
        headers[c] = column
        params = Params(**finish_fields(ctx), **names(ctx, table, "split"), column=column, pattern=pattern, how=HOW[pattern],
                        new_headers=NEW[pattern], keep_original=choose(ctx, "keep_original", [False, True]))
        return params.with_files(input=workbook([(params.sheet, headers, rows)], table))

    def reference(self, params: Params) -> ReferenceSolution:
        body = [f"""
            col, NEW = header.index({lit(params.column)}), {lit(params.new_headers)}
            print([row[col] for row in rows[:5]])
            parts = []
            for row in rows:
                s = " ".join(str(row[col]).split())
                parts.append({SPLIT[params.pattern]})
            {PLACE[params.keep_original]}
        """, rewrite()]
        return three_steps(params, body, f"I split each {params.column} value ({params.how}) and write "
                           f"{params.new_headers} {'beside the kept column' if params.keep_original else 'in its place'}.",
                           f"Split {params.column}")
