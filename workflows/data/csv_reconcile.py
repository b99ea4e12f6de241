"""Reconcile two snapshots of the same list (last month's and this month's supplier price list,
last month's and this month's staff list) matched by their key column, and write a report of what
changed: a status per differing record, the changed values with old and new, or both in one table;
ignoring a column that changes on every export, and (messy exports) differences of case or spacing."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from faker import Faker

from forge.checks.table_reconcile import COLUMNS, Report
from forge.models import ReferenceSolution
from preparers.data import Table, write_csv
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either, retyped
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

FORM = {"status": "one row per {{ key }} that differs, with the header {{ key }},Status, where Status is \"added\" "
                  "(only in {{ new }}), \"removed\" (only in {{ old }}) or \"changed\" (in both, some value differs)",
        "changes": "one row per changed value of a record present in both files, with the header {{ key }},Field,Old "
                   "Value,New Value (the column's name, its value in {{ old }}, its value in {{ new }}); records only "
                   "in one file are not listed",
        "full": "the header {{ key }},Status,Field,Old Value,New Value: one row \"added\" or \"removed\" (Field and the "
                "values left empty) per {{ key }} in only one file, and one row \"changed\" per changed value of a "
                "record in both (the column's name, its old and its new value)"}
_FORM = "".join(f"{{% if report == {k!r} %}}{v}{{% endif %}}" for k, v in FORM.items())
_ORDER = ("rows ordered by {{ key }}{% if report != 'status' %}, a record's fields in the files' column order"
          "{% endif %}")
_IGNORE = "{% if ignore %} Ignore the {{ ignore[0] }} column: it changes on every export.{% endif %}"
_LOOSE = ("{% if loose_text %} Text that differs only in upper/lower case or spacing is not a change (the exports "
          "are retyped by hand).{% endif %}")
# per kind: key, other columns, the volatile column, file names (old, new, report), the columns that change
KINDS: dict[str, Any] = {
    "prices": ("SKU", ["Product", "Category", "Unit Price", "Stock"], "Last Synced",
               ("price_list_{0:%Y_%m}.csv", "price_list_{1:%Y_%m}.csv", "price_changes_{1:%Y_%m}.csv"),
               ["Category", "Unit Price", "Stock"]),
    "staff": ("Employee ID", ["Name", "Department", "Job Title", "Office"], "Last Login",
              ("staff_{0:%Y_%m}.csv", "staff_{1:%Y_%m}.csv", "staff_changes_{1:%Y_%m}.csv"),
              ["Department", "Job Title", "Office"]),
}
CATEGORIES = ["Fasteners", "Hand Tools", "Power Tools", "Garden", "Lighting", "Plumbing"]
PRODUCTS = ["Hex bolt M8", "Claw hammer", "Cordless drill", "Garden hose 20 m", "LED bulb E27", "Pipe wrench",
            "Wood screws 4x40", "Spirit level", "Hedge trimmer", "Work lamp", "Tap washer set", "Utility knife",
            "Masking tape", "Sanding block", "Cable ties", "Angle grinder", "Wheelbarrow", "Padlock 40 mm"]
DEPARTMENTS = ["Finance", "Operations", "Marketing", "Sales", "Engineering", "Support"]
TITLES = ["Analyst", "Coordinator", "Manager", "Specialist", "Associate", "Team Lead"]
OFFICES = ["London", "Leeds", "Glasgow", "Cardiff", "Belfast", "Bristol"]


class Options(SkillParams):
    report: Report | None = None
    ignore_column: bool | None = None
    loose_text: bool | None = None


class Params(Prepared):
    old: str
    new: str
    output: str
    key: str
    report: Report
    ignore: list[str]
    loose_text: bool


def _value(rng: random.Random, faker: Faker, column: str) -> Any:
    return {"Product": lambda: rng.choice(PRODUCTS), "Category": lambda: rng.choice(CATEGORIES),
            "Unit Price": lambda: rng.randrange(150, 30000) / 100, "Stock": lambda: rng.randint(0, 500),
            "Name": faker.name, "Department": lambda: rng.choice(DEPARTMENTS),
            "Job Title": lambda: rng.choice(TITLES), "Office": lambda: rng.choice(OFFICES)}[column]()


def make_snapshots(rng: random.Random, faker: Faker, kind: str, volatile: bool,
                   messy: bool) -> tuple[list[str], list[list[Any]], list[list[Any]]]:
    """Two snapshots: some records gone, some new, a few with one or two values changed (and, messy,
    some unchanged text retyped); the new export in another row order."""
    key, columns, stamp, _, changing = KINDS[kind]
    prefix = "SKU-" if kind == "prices" else "E"
    ids = [f"{prefix}{n}" for n in sorted(rng.sample(range(1000, 9999), rng.randint(18, 32)))]
    old = {i: {c: _value(rng, faker, c) for c in columns} for i in ids}
    gone = rng.sample(ids, rng.randint(1, 3))
    fresh = [f"{prefix}{n}" for n in rng.sample(range(10000, 12000), rng.randint(1, 3))]
    new = {i: dict(r) for i, r in old.items() if i not in gone} | {i: {c: _value(rng, faker, c) for c in columns}
                                                                    for i in fresh}
    kept = [i for i in ids if i not in gone]
    for i in rng.sample(kept, rng.randint(3, 6)):
        for column in rng.sample(changing, rng.choice([1, 1, 2])):
            while _loose(new[i][column]) == _loose(old[i][column]):
                new[i][column] = _value(rng, faker, column)
    if messy:
        texts = [(i, c) for i in kept for c in columns if isinstance(new[i][c], str) and new[i][c] == old[i][c]]
        for i, c in rng.sample(texts, min(len(texts), rng.randint(3, 5))):
            new[i][c] = retyped(rng, new[i][c])
    header = [key, *columns, *([stamp] if volatile else [])]
    start = dt.datetime(2025, rng.randint(1, 11), 1, 6)
    when = lambda: [f"{start + dt.timedelta(minutes=rng.randrange(40000)):%Y-%m-%d %H:%M}"][:volatile]  # noqa: E731
    old_rows = [[i, *old[i].values(), *when()] for i in ids]
    new_rows = [[i, *new[i].values(), *when()] for i in new]
    rng.shuffle(new_rows)
    return header, old_rows, new_rows


def _loose(value: Any) -> Any:
    return " ".join(value.split()).casefold() if isinstance(value, str) else value


@register_workflow
class CsvReconcile(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.csv_reconcile", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "Compare {{ old }} (the previous export) with {{ new }} (the current one), matching records on {{ key }}, "
            "and write the differences to {{ output }}: " + _FORM + "; " + _ORDER + "." + _IGNORE + _LOOSE,
            "I need to know what changed between {{ old }} and {{ new }} before I sign them off. Could you reconcile "
            "them by {{ key }} and put a report in {{ output }}? The report: " + _FORM + ", " + _ORDER
            + "." + _IGNORE + _LOOSE,
            "diff {{ old }} vs {{ new }} on {{ key }} -> {{ output }}: " + _FORM + "; " + _ORDER + "." + _IGNORE + _LOOSE,
        ],
        criteria=["Every added, removed and changed record is reported, nothing else.",
                  "The report has the asked form and order; old and new values are right."],
        files=[FileSlot(param="old", type="csv", role="input", description="The previous export"),
               FileSlot(param="new", type="csv", role="input", description="The current export"),
               FileSlot(param="output", type="csv", description="The differences report")],
        checks=[CheckTemplate(func="table.differences_reported", paths={"input_file": "old", "other_file": "new"},
                              bind={"key": "key", "report": "report", "ignore": "ignore", "loose_text": "loose_text"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        report: Report = opts.report or ctx.rng.choice(list(FORM))  # type: ignore[assignment]
        volatile, loose = either(ctx, opts.ignore_column), either(ctx, opts.loose_text)
        kind = ctx.rng.choice(sorted(KINDS))
        key, _, stamp, names, _ = KINDS[kind]
        header, old, new = make_snapshots(ctx.rng, ctx.faker, kind, volatile, loose)
        month = dt.date(ctx.rng.choice([2024, 2025]), ctx.rng.randint(2, 12), 1)
        old_name, new_name, out_name = (n.format(month - dt.timedelta(days=1), month) for n in names)
        folder = ctx.rng.choice(["", "exports/", "reconcile/"])
        params = Params(old=folder + old_name, new=folder + new_name, output=folder + out_name, key=key,
                        report=report, ignore=[stamp] if volatile else [], loose_text=loose)
        table = lambda rows: write_csv(Table(kind=kind, title=kind, headers=header, rows=rows))  # noqa: E731
        return params.with_files(old=table(old), new=table(new))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv
            key, form, ignore = {lit(params.key)}, {lit(params.report)}, {lit(params.ignore)}
            def load(path):
                with open(path, newline="", encoding="utf-8") as f:
                    rows = list(csv.DictReader(f))
                return rows[0].keys() if rows else [], {{r[key]: r for r in rows}}
            header, old = load({lit(params.old)})
            _, new = load({lit(params.new)})
            def norm(v):
                v = v.strip()
                return " ".join(v.split()).casefold() if {params.loose_text} else v
            fields = [h for h in header if h != key and h not in ignore]
            out = [[key, *{lit(COLUMNS[params.report])}]]
            for k in sorted(old.keys() | new.keys(), key=str.casefold):
                a, b = old.get(k), new.get(k)
                if a is None or b is None:
                    if form != "changes":
                        out.append([k, "added" if a is None else "removed"] + [""] * (len(out[0]) - 2))
                    continue
                changed = [f for f in fields if norm(a[f]) != norm(b[f])]
                if form == "status":
                    out += [[k, "changed"]] if changed else []
                else:
                    out += [[k, *(["changed"] if form == "full" else []), f, a[f], b[f]] for f in changed]
            with open({lit(params.output)}, "w", newline="", encoding="utf-8") as f:
                csv.writer(f).writerows(out)
            print(len(old), "old,", len(new), "new,", len(out) - 1, "report rows")
        """
        show = f"print(open({lit(params.old)}).read()[:400]); print(open({lit(params.new)}).read()[:400])"
        return solution(script_step(show,
                                    "First I look at both exports' columns.", "Show both exports"),
                        script_step(script, f"I index both by {params.key}, compare every record field by field and "
                                    f"write the {params.report} report to {params.output}.", "Reconcile the exports"))
