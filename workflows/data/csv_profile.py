"""Profile a CSV export column by column before using it - a data dictionary an analyst writes for
a new source: each column's type (number, date or text), how many cells are filled and empty, how
many different values it holds, and (when asked) the smallest and largest value of number and date
columns; written as a CSV table or as a JSON object keyed by column; an export whose missing values
are typed as placeholders ("N/A", "-") that count as empty."""

from __future__ import annotations

from typing import Any, Literal

from forge.models import Check, ReferenceSolution
from preparers.data import Table, make_table, write_csv
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either
from workflows.spec import Brief, CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec
from workflows.spec import register_workflow

Format = Literal["csv", "json"]
PLACEHOLDERS = ["N/A", "-"]
CHECKS = {"csv": "table.column_profile", "json": "json.column_profile"}
_FIGURES = ("{{ fields[0] }} (number if every filled cell is a number, date if every one is a YYYY-MM-DD date, "
            "else text), {{ fields[1] }} (how many cells hold a value), {{ fields[2] }} (how many are empty"
            "{% if placeholders %}, counting cells that just say \"N/A\" or \"-\"{% endif %}), {{ fields[3] }} (how "
            "many different values){% if ranges %}, {{ fields[4] }} and {{ fields[5] }} (the smallest and largest "
            "value of a number or date column; {% if fmt == 'csv' %}left empty{% else %}null{% endif %} for text)"
            "{% endif %}")
_SHAPE = ("{% if fmt == 'csv' %}a CSV, {{ output }}, with one row per column of the file, in order: "
          "{{ name_column }} (the column's name), " + _FIGURES + "{% else %}a JSON file, {{ output }}: an object with "
          "one entry per column, named as the column, each an object with the fields " + _FIGURES + "{% endif %}")


class Options(SkillParams):
    fmt: Format | None = None
    ranges: bool | None = None
    placeholders: bool | None = None


class Params(Prepared):
    input: str
    output: str
    fmt: Format
    what: str
    fields: list[str]
    name_column: str
    ranges: bool
    placeholders: list[str]


def _holes(ctx: WorkflowContext, rows: list[list[Any]], width: int, placeholders: bool) -> list[list[Any]]:
    """Empty cells (or placeholders) in two columns other than the first (the id)."""
    out = [list(r) for r in rows]
    for col in ctx.rng.sample(range(1, width), 2):
        for r in ctx.rng.sample(range(len(out)), ctx.rng.randint(1, 3)):
            out[r][col] = ctx.rng.choice(PLACEHOLDERS) if placeholders else None
    return out


@register_workflow
class CsvProfile(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.csv_profile", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "Profile the {{ what }} export {{ input }} column by column for our data dictionary: write " + _SHAPE
            + ".",
            "Before we rely on {{ input }} ({{ what }}) I'd like to know what is in each column. Could you write "
            + _SHAPE + "?",
            "{{ input }} -> column profile: " + _SHAPE + ".",
        ],
        criteria=["Every column of the export is profiled once, by its name.",
                  "Types, counts and ranges are worked out from the cells as stated (placeholders as empty)."],
        files=[FileSlot(param="input", type="csv", role="input", description="The export to profile"),
               FileSlot(param="output", type="csv", types_by={"fmt": {"json": "json"}}, description="The profile")],
        checks=[CheckTemplate(func=func, bind={"fields": "fields", "name_column": "name_column", "ranges": "ranges",
                                               "placeholders": "placeholders"}) for func in CHECKS.values()],
    )

    def checks(self, brief: Brief) -> list[Check]:
        """The one check that reads the format asked for."""
        return [c for c in super().checks(brief) if c.func == CHECKS[str(brief.params["fmt"])]]

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        fmt: Format = opts.fmt or ctx.rng.choice(["csv", "json"])
        ranges, placeholders = either(ctx, opts.ranges), either(ctx, opts.placeholders)
        kind = ctx.rng.choice(["sales", "employees", "inventory", "budget"])
        table = make_table(ctx.rng, ctx.faker, kind=kind, rows=ctx.rng.randint(12, 30))
        rows = _holes(ctx, table.rows, len(table.headers), placeholders)
        names = ["type", "filled", "empty", "distinct"] if fmt == "json" else ["Type", "Filled", "Empty", "Distinct"]
        names += (["min", "max"] if fmt == "json" else ["Min", "Max"]) if ranges else []
        stem = {"sales": "orders", "employees": "staff", "inventory": "stock", "budget": "budget"}[kind]
        folder = ctx.rng.choice(["", "data/", "sources/"])
        params = Params(input=f"{folder}{stem}.csv", output=f"{folder}{stem}_profile.{fmt}", fmt=fmt,
                        what={"sales": "orders", "employees": "staff", "inventory": "stock", "budget": "budget"}[kind],
                        fields=names, name_column="Column", ranges=ranges,
                        placeholders=PLACEHOLDERS if placeholders else [])
        return params.with_files(input=write_csv(Table(kind=kind, title=stem, headers=table.headers, rows=rows)))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, json, re
            with open({lit(params.input)}, newline="", encoding="utf-8") as f:
                header, *rows = list(csv.reader(f))
            empty = {{p.casefold() for p in {lit(params.placeholders)}}}
            NUMBER = re.compile(r"^[+-]?(0|[1-9][0-9]*)(\\.[0-9]+)?$")  # as the csv reader types a number
            DATE = re.compile(r"^\\d{{4}}-\\d{{2}}-\\d{{2}}$")
            fields, ranges, fmt = {lit(params.fields)}, {params.ranges}, {lit(params.fmt)}
            profile = {{}}
            for c, name in enumerate(header):
                values = [r[c].strip() for r in rows if r[c].strip() and r[c].strip().casefold() not in empty]
                kind = ("number" if values and all(NUMBER.match(v) for v in values) else
                        "date" if values and all(DATE.match(v) for v in values) else "text")
                key = float if kind == "number" else str
                figures = [kind, len(values), len(rows) - len(values), len({{key(v) for v in values}})]
                if ranges:
                    low, high = (min(values, key=key), max(values, key=key)) if kind != "text" else (None, None)
                    if fmt == "json" and kind == "number":
                        low, high = json.loads(low), json.loads(high)
                    figures += [low, high]
                profile[name] = dict(zip(fields, figures))
            if fmt == "json":
                with open({lit(params.output)}, "w", encoding="utf-8") as f:
                    json.dump(profile, f, indent=2)
            else:
                with open({lit(params.output)}, "w", newline="", encoding="utf-8") as f:
                    out = csv.writer(f)
                    out.writerow([{lit(params.name_column)}, *fields])
                    for name, entry in profile.items():
                        out.writerow([name, *("" if v is None else v for v in entry.values())])
            print(json.dumps(profile, indent=1)[:1200])
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read()[:600])",
                                    f"First I look at {params.input}'s columns and how it writes missing values.",
                                    f"Show {params.input}"),
                        script_step(script, f"I go through each column with the csv module and write the profile "
                                    f"to {params.output}.", "Profile the columns"))
