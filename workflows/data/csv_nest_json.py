"""Turn a flat CSV export into nested JSON for an API or a document store: order lines grouped into
orders (and orders into their customers), timesheet entries into projects (and projects into
clients); an array in first-appearance order or an object keyed by the outer id, optionally with a
total on each group. The reverse of `data.json_flatten`."""

from __future__ import annotations

import datetime as dt
import random

from faker import Faker

from forge.models import ReferenceSolution
from preparers._corpora import corpus
from preparers.data import Table, write_csv
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

# per kind: levels outermost first (singular name, its columns, its list's name), the total (field, columns)
KINDS = {
    "orders": {"levels": [("customer", ["Customer ID", "Customer", "Country"], "orders"),
                          ("order", ["Order ID", "Order Date"], "items")],
               "flat": ("order", ["Order ID", "Order Date", "Customer ID", "Customer", "Country"], "items"),
               "total": ("Order Total", ["Quantity", "Unit Price"]), "rows": "lines", "stem": "order_lines"},
    "timesheets": {"levels": [("client", ["Client ID", "Client"], "projects"),
                              ("project", ["Project Code", "Project", "Manager"], "entries")],
                   "flat": ("project", ["Project Code", "Project", "Manager", "Client ID", "Client"], "entries"),
                   "total": ("Total Hours", ["Hours"]), "rows": "entries", "stem": "timesheet_entries"},
}
TASKS = ["Design review", "Site visit", "Client call", "Testing", "Documentation", "Data migration", "Workshop"]


class Options(SkillParams):
    two_levels: bool | None = None
    keyed: bool | None = None
    total: bool | None = None


class Params(Prepared):
    input: str
    output: str
    levels: list[list[str]]
    children: list[str]
    layout: str
    outer: str
    keyed: bool
    total_field: str | None
    total_of: list[str]
    decimals: int | None
    inner: str
    total_text: str | None


def _orders(rng: random.Random, faker: Faker) -> Table:
    customers = [(f"CU-{n}", faker.company(), faker.country())
                 for n in rng.sample(range(100, 999), rng.randint(4, 7))]
    day, rows = dt.date(rng.choice([2024, 2025]), rng.randint(1, 12), 1), []
    for number in sorted(rng.sample(range(20000, 29999), rng.randint(8, 16))):
        customer, when = rng.choice(customers), day + dt.timedelta(days=rng.randrange(40))
        for n, (name, price) in rng.sample(list(enumerate(corpus("products")["services"])), rng.randint(1, 4)):
            rows.append([f"SO-{number}", when, *customer, f"SKU-{1000 + 37 * n}", name, rng.randint(1, 12), price])
    rows.sort(key=lambda r: (r[1], r[0]))
    return Table(kind="orders", title="Order lines", headers=["Order ID", "Order Date", "Customer ID", "Customer",
                 "Country", "SKU", "Product", "Quantity", "Unit Price"], rows=rows,
                 numeric=["Quantity", "Unit Price"])


def _timesheets(rng: random.Random, faker: Faker) -> Table:
    clients = [(f"CL-{n}", faker.company()) for n in rng.sample(range(10, 99), rng.randint(3, 5))]
    projects = [(f"PRJ-{n}", f"{faker.bs().title()}", faker.name(), *rng.choice(clients))
                for n in rng.sample(range(100, 999), rng.randint(4, 8))]
    people, day = [faker.name() for _ in range(5)], dt.date(rng.choice([2024, 2025]), rng.randint(1, 12), 1)
    rows = [[day + dt.timedelta(days=rng.randrange(21)), *project[3:], *project[:3], rng.choice(people),
             rng.choice(TASKS), rng.randrange(2, 33) / 4] for project in rng.choices(projects, k=rng.randint(20, 45))]
    rows.sort(key=lambda r: (r[0], r[4], r[6]))
    return Table(kind="timesheets", title="Timesheet entries", headers=["Date", "Client ID", "Client", "Project Code",
                 "Project", "Manager", "Employee", "Task", "Hours"], rows=rows, numeric=["Hours"])


def _names(columns: list[str]) -> str:
    return ", ".join(columns[:-1]) + " and " + columns[-1]


@register_workflow
class CsvNestJson(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.csv_nest_json", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "Convert {{ input }} into nested JSON in {{ output }}: {{ layout }}. Use the CSV's column names as the "
            "field names, numbers as JSON numbers and dates as they are written. {% if keyed %}The file is a JSON "
            "object mapping each {{ levels[0][0] }} to its {{ outer }} record (the record keeps its {{ levels[0][0] }} "
            "too){% else %}The file is a JSON array of the {{ outer }} records, in the order each {{ levels[0][0] }} "
            "first appears in the CSV{% endif %}; the lists keep the CSV's row order.{% if total_field %} Add a "
            "\"{{ total_field }}\" field to each {{ inner }}: {{ total_text }}.{% endif %}",
            "The API we're loading into wants nested records, not the flat rows of {{ input }}. Could you build "
            "{{ output }} with {{ layout }}? Field names exactly as the CSV headers, numbers not quoted. "
            "{% if keyed %}Make the top level an object keyed by {{ levels[0][0] }}.{% else %}Top level is a list, "
            "{{ outer }}s in order of first appearance.{% endif %}{% if total_field %} Oh, and each {{ inner }} needs a "
            "\"{{ total_field }}\": {{ total_text }}.{% endif %}",
            "{{ input }} -> {{ output }}: nest as {{ layout }}; header names as keys, numbers typed, row order kept; "
            "{% if keyed %}top level: object by {{ levels[0][0] }}{% else %}top level: array, first-appearance order"
            "{% endif %}{% if total_field %}; plus \"{{ total_field }}\" on each {{ inner }} = "
            "{{ total_text }}{% endif %}.",
        ],
        criteria=["Every CSV row appears once, under the right group, with its values typed.",
                  "Groups and fields are named as asked; the top level has the asked shape.",
                  "A requested total is right and rounded as asked."],
        files=[FileSlot(param="input", type="csv", role="input", description="A flat CSV export"),
               FileSlot(param="output", type="json", description="The nested JSON")],
        checks=[CheckTemplate(func="json.nested_from_table", bind={
            "levels": "levels", "children": "children", "keyed": "keyed", "total_field": "total_field",
            "total_of": "total_of", "decimals": "decimals"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        two, keyed, total = either(ctx, opts.two_levels), either(ctx, opts.keyed), either(ctx, opts.total)
        kind = ctx.rng.choice(sorted(KINDS))
        spec = KINDS[kind]
        table = (_orders if kind == "orders" else _timesheets)(ctx.rng, ctx.faker)
        levels = spec["levels"] if two else [spec["flat"]]
        named = [c for _, columns, _ in levels for c in columns]
        leaf = [h for h in table.headers if h not in named]
        (outer, columns, child), *inner_level = levels
        layout = f'one object per {outer} with {_names(columns)} and a list "{child}"'
        for name, columns, child in inner_level:
            layout += f' of its {name}s, each {name} with {_names(columns)} and a list "{child}"'
        layout += f" holding, for each of its {spec['rows']}, {_names(leaf)}"
        field, of = spec["total"]
        inner = levels[-1][0]
        total_text = (f"the sum of {' × '.join(of)} over its {spec['rows']}, rounded to 2 decimals"
                      if len(of) > 1 else f"the sum of its {of[0]}")
        folder = ctx.rng.choice(["", "exports/", "api/"])
        params = Params(input=f"{folder}{spec['stem']}.csv", output=f"{folder}{outer}s.json",
                        levels=[c for _, c, _ in levels], children=[c for _, _, c in levels], layout=layout, outer=outer,
                        inner=inner, keyed=keyed, total_field=field if total else None,
                        total_of=of if total else [], decimals=2 if total and len(of) > 1 else None,
                        total_text=total_text if total else None)
        return params.with_files(input=write_csv(table))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, json, math
            def typed(text):
                for kind in (int, float):
                    try:
                        return kind(text)
                    except ValueError:
                        pass
                return text
            with open({lit(params.input)}, newline="", encoding="utf-8") as f:
                rows = [{{k: typed(v) for k, v in row.items()}} for row in csv.DictReader(f)]
            levels, children = {lit(params.levels)}, {lit(params.children)}
            named = [c for level in levels for c in level]
            leaf = [c for c in rows[0] if c not in named]
            def nest(group_rows, depth):
                groups = {{}}
                for row in group_rows:
                    groups.setdefault(row[levels[depth][0]], []).append(row)
                out = []
                for group in groups.values():
                    record = {{c: group[0][c] for c in levels[depth]}}
                    if depth + 1 < len(levels):
                        record[children[depth]] = nest(group, depth + 1)
                    else:
                        record[children[depth]] = [{{c: r[c] for c in leaf}} for r in group]
                        if {lit(params.total_field)}:
                            record[{lit(params.total_field)}] = round(sum(math.prod(r[c] for c in {lit(params.total_of)})
                                                                         for r in group), 2)  # quarter hours: exact
                    out.append(record)
                return out
            records = nest(rows, 0)
            result = {{str(r[levels[0][0]]): r for r in records}} if {params.keyed} else records
            with open({lit(params.output)}, "w", encoding="utf-8") as f:
                json.dump(result, f, indent=2, ensure_ascii=False)
            print(len(rows), "rows ->", len(records), "records")
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read()[:600])",
                                    f"First I look at the columns of {params.input}.", f"Show {params.input}"),
                        script_step(script, f"I group the rows by {' then '.join(c[0] for c in params.levels)}, "
                                    f"nest them into {', '.join(params.children)} lists and write {params.output}.",
                                    f"Nest {params.input}"))
