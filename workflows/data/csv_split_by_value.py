"""Split a CSV export into one file per value of a column, as people do before sending each region's
orders to its manager, each department its staff list, each warehouse its stock lines, or before
archiving orders by year: three values with a file each, or two with a file each and the rest in a
third; the split column dropped (the file name says it) or kept; values typed by hand in several
cases, or dates written in mixed styles, to be read as one."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any, Literal

from faker import Faker

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.data import Table, make_table, write_csv
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either, retyped
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

By = Literal["category", "year"]
SLOTS = ("first", "second", "third")
# per table kind: the column split by, what one value is called, the files' stem, the value pool
KINDS: dict[str, tuple[str, str, str, list[str] | None]] = {
    "sales": ("Region", "region", "orders", ["North", "South", "East", "West", "Central"]),
    "employees": ("Department", "department", "staff",
                  ["Sales", "Engineering", "Support", "Finance", "Marketing", "Operations"]),
    "inventory": ("Warehouse", "warehouse", "stock", None),  # warehouse towns from Faker
}
_DATE_STYLES = ["%d/%m/%Y", "%b %d, %Y", "%d.%m.%Y", "%Y-%m-%d"]

_PARTS = ("{% if by_year %}the {{ first_value }} orders to {{ first }}, the {{ second_value }} orders to "
          "{{ second }}{% if rest %} and every order from an earlier year to {{ third }}{% else %} and the "
          "{{ third_value }} orders to {{ third }}{% endif %}{% else %}the {{ first_value }} rows to {{ first }}, "
          "the {{ second_value }} rows to {{ second }}{% if rest %} and the rows of every other {{ word }} to "
          "{{ third }}{% else %} and the {{ third_value }} rows to {{ third }}{% endif %}{% endif %}")
_RULES = ("{% if drop and rest %} Leave the {{ column }} column out of {{ first }} and {{ second }} - their names "
          "say it - but keep it in {{ third }}.{% elif drop %} Leave the {{ column }} column out of the new files - "
          "the file name says it.{% endif %}"
          "{% if messy and by_year %} The {{ column }} column came from several systems, so the dates are written "
          "in different styles; go by the year.{% elif messy %} The {{ column }} values were typed by hand, so the "
          "same {{ word }} shows up in different capitals or with stray spaces - those are the same {{ word }}."
          "{% endif %}")


class Options(SkillParams):
    by: By | None = None
    rest: bool | None = None
    drop: bool | None = None
    messy: bool | None = None


class Params(Prepared):
    input: str
    first: str
    second: str
    third: str
    column: str
    word: str
    by_year: bool
    rest: bool
    drop: bool
    messy: bool
    fold_case: bool
    third_drop: bool
    first_value: str
    second_value: str
    third_value: str | None
    first_values: list[str]
    second_values: list[str]
    third_values: list[str]


def _assign(rng: random.Random, rows: int, values: list[str], named: int) -> list[str]:
    """A value per row: every value at least twice (the unnamed ones together at least twice)."""
    for _ in range(50):
        drawn = [rng.choice(values) for _ in range(rows)]
        rest = sum(drawn.count(v) for v in values[named:])
        if all(drawn.count(v) >= 2 for v in values[:named]) and (rest >= 2 or named == len(values)):
            return drawn
    raise WorkflowError("could not give every value two rows")


def _messy(rng: random.Random, cells: list[str], targets: set[str]) -> list[str]:
    """A fifth of the values retyped; at least one row of each target value in another case."""
    out = [retyped(rng, v) if rng.random() < 0.2 else v for v in cells]
    for value in targets:
        at = rng.choice([i for i, v in enumerate(cells) if v == value])
        out[at] = rng.choice([value.upper(), value.lower()]) if value.upper() != value else value.lower()
    return out


def _category(rng: random.Random, faker: Faker, kind: str, rest: bool, messy: bool) -> tuple[Table, list[str]]:
    column, _, _, pool = KINDS[kind]
    table = make_table(rng, faker, kind=kind, rows=rng.randint(18, 40))
    names = pool or sorted({faker.city() for _ in range(12)})
    values = rng.sample(names, rng.randint(4, 5) if rest else 3)
    col = table.headers.index(column)
    cells = _assign(rng, len(table.rows), values, 2 if rest else 3)
    if messy:
        cells = _messy(rng, cells, {values[0], values[-1]})
    rows = [[*r[:col], v, *r[col + 1:]] for r, v in zip(table.rows, cells, strict=True)]
    return table.model_copy(update={"rows": rows}), values


def _yearly(rng: random.Random, faker: Faker, rest: bool, messy: bool) -> tuple[Table, list[str]]:
    """Orders over three years (or four to five, the rest archived), in date order."""
    table = make_table(rng, faker, kind="sales", rows=rng.randint(24, 45))
    last = rng.choice([2024, 2025])
    years = [str(y) for y in range(last - (rng.randint(3, 4) if rest else 2), last + 1)][::-1]
    per_row = _assign(rng, len(table.rows), years, 2 if rest else 3)
    days = sorted(dt.date(int(y), 1, 1) + dt.timedelta(days=rng.randrange(365)) for y in per_row)
    col = table.headers.index("Date")
    cells: list[Any] = [d.strftime(rng.choice(_DATE_STYLES)) if messy else d for d in days]
    if messy and all(isinstance(c, str) and c[4:5] == "-" for c in cells):
        cells[0] = days[0].strftime(_DATE_STYLES[0])
    ids = sorted(r[0] for r in table.rows)
    rows = [[ids[n], *r[1:col], cells[n], *r[col + 1:]] for n, r in enumerate(table.rows)]
    return table.model_copy(update={"rows": rows}), years


def _slug(value: str) -> str:
    return "_".join(value.lower().split())


@register_workflow
class CsvSplitByValue(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.csv_split_by_value", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "Split {{ input }} into separate CSV files by {% if by_year %}the year of {{ column }}{% else %}"
            "{{ column }}{% endif %}: " + _PARTS + ". Every file starts with the header row and keeps its rows "
            "exactly as they are, in the original order." + _RULES,
            "Each {% if by_year %}year's orders are filed on their own{% else %}{{ word }} gets its own list"
            "{% endif %} from now on. Could you cut {{ input }} up by {% if by_year %}the year in its "
            "{{ column }} column{% else %}its {{ column }} column{% endif %} - " + _PARTS + "? Same header in "
            "each, rows unchanged and in the order they have now." + _RULES,
            "{{ input }} -> one CSV per {% if by_year %}year of {{ column }}{% else %}{{ column }}{% endif %}: "
            + _PARTS + " (header on top, rows as they are, original order)." + _RULES,
        ],
        criteria=["Each file holds exactly the rows of its value (or the rest), whole and in the original order.",
                  "Every file has the header row; the split column is dropped only when asked."],
        files=[FileSlot(param="input", type="csv", role="input", description="The export to split"),
               *(FileSlot(param=s, type="csv", description="One part of the export") for s in SLOTS)],
        checks=[CheckTemplate(func="table.split_part", paths={"file": s, "input_file": "input"},
                              bind={"column": "column", "values": f"{s}_values", "by_year": "by_year",
                                    "fold_case": "fold_case",
                                    **({"others": "rest", "drop_column": "third_drop"} if s == "third"
                                       else {"drop_column": "drop"})}) for s in SLOTS],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        by: By = opts.by or ctx.rng.choice(["category", "category", "year"])
        rest, messy = either(ctx, opts.rest), either(ctx, opts.messy)
        drop = by == "category" and either(ctx, opts.drop)
        if by == "year":
            if opts.drop:
                raise WorkflowError("a date column cannot be dropped: the year is not the date")
            table, values = _yearly(ctx.rng, ctx.faker, rest, messy)
            column, word, stem = "Date", "year", "orders"
        else:
            kind = ctx.rng.choice(sorted(KINDS))
            table, values = _category(ctx.rng, ctx.faker, kind, rest, messy)
            column, word, stem, _ = KINDS[kind]
        folder = ctx.rng.choice(["", "exports/", "data/"])
        tail = (f"before_{values[1]}" if by == "year" else "other") if rest else _slug(values[2])
        paths = [f"{folder}{stem}_{_slug(v)}.csv" for v in values[:2]] + [f"{folder}{stem}_{tail}.csv"]
        params = Params(input=f"{folder}{stem}{'_all' if by == 'category' else '_history'}.csv",
                        **dict(zip(SLOTS, paths, strict=True)), column=column, word=word, by_year=by == "year",
                        rest=rest, drop=drop, messy=messy, fold_case=messy and by == "category",
                        third_drop=drop and not rest, first_value=values[0], second_value=values[1],
                        third_value=None if rest else values[2], first_values=[values[0]],
                        second_values=[values[1]], third_values=values[:2] if rest else [values[2]])
        return params.with_files(input=write_csv(table))

    def reference(self, params: Params) -> ReferenceSolution:
        parts = [(params.first, params.first_values, False, params.drop),
                 (params.second, params.second_values, False, params.drop),
                 (params.third, params.third_values, params.rest, params.third_drop)]
        body = ('return re.search(r"(?<!\\d)(\\d{4})(?!\\d)", cell).group(1)  # the year, however written'
                if params.by_year else 'return " ".join(cell.split()).casefold()  # case and spacing aside'
                if params.fold_case else "return cell.strip()")
        script = f"""
            import csv, re
            with open({lit(params.input)}, newline="", encoding="utf-8") as f:
                header, *body = list(csv.reader(f))
            col = header.index({lit(params.column)})
            def value(cell):
                {body}
            for path, values, others, drop in {lit(parts)}:
                keep = [i for i in range(len(header)) if not (drop and i == col)]
                named = {{value(v) for v in values}}
                rows = [r for r in body if (value(r[col]) in named) != others]
                with open(path, "w", newline="", encoding="utf-8") as f:
                    csv.writer(f).writerows([[header[i] for i in keep]] + [[r[i] for i in keep] for r in rows])
                print(path, len(rows), "rows")
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read()[:500])",
                                    f"First I look at {params.input}'s header and how {params.column} is written.",
                                    f"Show {params.input}"),
                        script_step(script, f"I read {params.input} with the csv module and write each part's "
                                    f"rows, by {params.column}, to its own file.", "Split the export"))
