"""Split a combined column of a CSV export into two before an import or a mail merge: full names
into first and last, "Last, First" names, order references like SO-10423 into prefix and number,
"City, Region" locations; the combined column kept or replaced, as a new file or in place."""

from __future__ import annotations

import random
from typing import Any, Literal

from faker import Faker

from forge.models import ReferenceSolution
from preparers.data import Table, write_csv
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Pattern = Literal["first_last", "last_comma_first", "code_number", "city_region"]
# per pattern: the combined column, what it holds, the new headers, the file's stem, the split in Python
PATTERNS: dict[str, tuple[str, str, list[str], str, str]] = {
    "first_last": ("Full Name", "full names (first name, then last name)", ["First Name", "Last Name"],
                   "newsletter_signups", "s.rsplit(' ', 1)"),
    "last_comma_first": ("Name", 'names written "Last, First"', ["First Name", "Last Name"], "attendees",
                         "[p.strip() for p in reversed(s.split(',', 1))]"),
    "code_number": ("Order Ref", "order references (letters, a dash, then digits)", ["Prefix", "Number"],
                    "order_refs", "[s.split('-', 1)[0], s.split('-', 1)[1]]"),
    "city_region": ("Location", 'locations written "City, Region"', ["City", "Region"], "store_locations",
                    "[p.strip() for p in s.split(',', 1)]"),
}
REGIONS = ["North", "South", "East", "West", "Central", "Highlands", "Coastal"]


class Options(SkillParams):
    pattern: Pattern | None = None
    keep_original: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    column: str
    how: str
    pattern: Pattern
    new_headers: list[str]
    keep_original: bool
    in_place: bool


def _rows(rng: random.Random, faker: Faker, pattern: str) -> tuple[list[str], list[list[Any]]]:
    rows: list[list[Any]] = []
    for n in sorted(rng.sample(range(1000, 9999), rng.randint(15, 40))):
        first, last = faker.first_name(), faker.last_name()
        combined = {"first_last": f"{first} {last}", "last_comma_first": f"{last}, {first}",
                    "code_number": f"{rng.choice(['SO', 'PO', 'RMA'])}-{rng.randrange(10000, 99999)}",
                    "city_region": f"{faker.city()}, {rng.choice(REGIONS)}"}[pattern]
        email = f"{first}.{last}@{faker.free_email_domain()}".lower()
        person = pattern in ("first_last", "last_comma_first")
        rows.append([f"R{n}", combined, email, rng.choice(["Yes", "No"])] if person
                    else [f"R{n}", combined, faker.company(), round(rng.uniform(20, 2000), 2)])
    rest = ["Email", "Opted In"] if pattern in ("first_last", "last_comma_first") else ["Customer", "Amount"]
    return ["Record", PATTERNS[pattern][0], *rest], rows


@register_workflow
class CsvSplitColumn(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.csv_split_column", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "The {{ column }} column of {{ input }} holds {{ how }}. Split it into two columns, \"{{ new_headers[0] }}\" "
            "and \"{{ new_headers[1] }}\"{% if keep_original %}, added at the right end, keeping {{ column }} as it "
            "is{% else %}, which replace {{ column }} where it stands{% endif %}. Other columns stay unchanged; "
            "{% if in_place %}save {{ output }} in place{% else %}write the result to {{ output }}{% endif %}.",
            "For the import I need {{ column }} in {{ input }} broken up (it has {{ how }}). Could you make "
            "\"{{ new_headers[0] }}\" and \"{{ new_headers[1] }}\" columns out of it{% if keep_original %} and leave "
            "{{ column }} there too{% else %} and drop {{ column }}{% endif %}? {% if in_place %}Overwrite "
            "{{ output }}{% else %}Save it as {{ output }}{% endif %}, please.",
            "{{ input }} -> {{ output }}{% if in_place %} (in place){% endif %}: split {{ column }} ({{ how }}) into "
            "\"{{ new_headers[0] }}\" + \"{{ new_headers[1] }}\"; {% if keep_original %}keep{% else %}remove"
            "{% endif %} {{ column }}.",
        ],
        criteria=["The two new columns hold the parts of every row's value.",
                  "The original column is kept or removed as asked; the others are unchanged."],
        files=[FileSlot(param="input", type="csv", role="input", description="A CSV export"),
               FileSlot(param="output", type="csv", description="The CSV with the split column")],
        checks=[CheckTemplate(func="table.column_split", bind={
            "column": "column", "pattern": "pattern", "new_headers": "new_headers", "keep_original": "keep_original"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        pattern: Pattern = opts.pattern or ctx.rng.choice(sorted(PATTERNS))  # type: ignore[assignment]
        keep, in_place = either(ctx, opts.keep_original), either(ctx, opts.in_place)
        column, how, new, stem, _ = PATTERNS[pattern]
        headers, rows = _rows(ctx.rng, ctx.faker, pattern)
        folder = ctx.rng.choice(["", "exports/", "import/"])
        params = Params(input=f"{folder}{stem}.csv", output=f"{folder}{stem}{'' if in_place else '_split'}.csv",
                        column=column, how=how, pattern=pattern, new_headers=new, keep_original=keep,
                        in_place=in_place)
        return params.with_files(input=write_csv(Table(kind=pattern, title=stem, headers=headers, rows=rows)))

    def reference(self, params: Params) -> ReferenceSolution:
        place = ("header, rows = header + new, [r + p for r, p in zip(rows, parts)]" if params.keep_original else
                 "header, rows = header[:c] + new + header[c + 1:], [r[:c] + p + r[c + 1:] for r, p in zip(rows, parts)]")
        script = f"""
            import csv
            with open({lit(params.input)}, newline="", encoding="utf-8") as f:
                header, *rows = list(csv.reader(f))
            c, new = header.index({lit(params.column)}), {lit(params.new_headers)}
            parts = []
            for row in rows:
                s = " ".join(row[c].split())
                parts.append(list({PATTERNS[params.pattern][4]}))
            {place}
            with open({lit(params.output)}, "w", newline="", encoding="utf-8") as out:
                csv.writer(out).writerows([header, *rows])
            print(parts[:3])
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read()[:400])",
                                    f"First I look at the {params.column} values.", f"Show {params.input}"),
                        script_step(script, f"I split each {params.column} ({params.how}) into {params.new_headers} "
                                    f"{'beside the kept column' if params.keep_original else 'in its place'}.",
                                    f"Split {params.column}"))
