"""Fill the gaps of one column before a sheet is charted or averaged: a missing owner set to a stated
label, or missing readings, scores or hours imputed with the column's mean or median, or with the
mean or median of the row's own group (AVERAGEIF, MEDIAN(IF(...)) in Calc). Blanks filled down or
with zero are `clean_column`'s; here the fill is a stated text or a figure the sheet itself gives.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any, Literal

from faker import Faker

from forge.models import ReferenceSolution
from preparers.spreadsheet import Table
from preparers.fake import day_between
from workflows._prepared import PreparedWorkflow
from workflows._steps import lit
from workflows.spec import CheckTemplate, WorkflowContext, register_workflow
from workflows.spreadsheet._book import BookOptions, BookParams, book_spec, choose, names, rewrite, three_steps, workbook

Fill = Literal["text", "mean", "median", "group_mean", "group_median"]
RULE = {
    "text": '"{{ value }}"',
    "mean": "the average of the {{ column }} values that are there, rounded to {{ decimals }} decimal places",
    "median": "the median of the {{ column }} values that are there",
    "group_mean": ("the average of the {{ column }} values given for the same {{ group_by }}, rounded to "
                   "{{ decimals }} decimal places"),
    "group_median": "the median of the {{ column }} values given for the same {{ group_by }}",
}
_RULE = "".join(f"{{% if fill == {k!r} %}}{v}{{% endif %}}" for k, v in RULE.items())
LABELS = {"Department": ["Unassigned", "To be confirmed", "No department"],
          "Assignee": ["Unassigned", "Triage queue", "Nobody yet"],
          "Supplier": ["Unknown supplier", "To be sourced", "Not recorded"]}
STATIONS = ["Harbour", "Airport", "Hilltop", "Riverside", "Old Town", "Moorland", "Quarry"]
CLASSES = ["7A", "7B", "8A", "8B", "9A", "9C"]
TEAMS = ["Support", "Billing", "Onboarding", "Field Service", "Data", "Security"]


class Params(BookParams):
    column: str
    fill: Fill
    method: str
    value: str | None
    group_by: str | None
    decimals: int | None


class Options(BookOptions):
    fill: Fill | None = None


def _gaps(rng: random.Random, rows: list[list[Any]], c: int, g: int | None) -> list[list[Any]]:
    """About a sixth of column `c` emptied, the last row always; every group keeps a given value."""
    kept = [row[c] for row in rows]
    for row in rows:
        if rng.random() < 0.17:
            row[c] = None
    rows[-1][c] = None
    for key in sorted({row[g] for row in rows}) if g is not None else [None]:
        mine = [r for r, row in enumerate(rows) if g is None or row[g] == key]
        if all(rows[r][c] is None for r in mine):
            rows[mine[0]][c] = kept[mine[0]]
    return rows


def _figures(rng: random.Random, faker: Faker) -> tuple[Table, str, str]:
    """A sheet with a numeric column worth imputing and the column grouping it."""
    kind = rng.choice(["readings", "scores", "hours"])
    if kind == "readings":
        start, stations = dt.date(2025, rng.randint(1, 11), 1), rng.sample(STATIONS, rng.randint(3, 5))
        base = {s: rng.uniform(2, 22) for s in stations}
        rows = [[s, start + dt.timedelta(days=d), round(base[s] + rng.uniform(-4, 4), 1), round(rng.uniform(0, 12), 1)]
                for d in range(rng.randint(8, 20)) for s in stations]
        return Table(kind="readings", title="Station readings", headers=["Station", "Date", "Temp C", "Rain mm"],
                     rows=rows, subject="daily weather readings", numeric=["Temp C", "Rain mm"],
                     sheet_names=["Readings", "Daily"], file_stems=["station_readings", "weather_log"]), \
            "Temp C", "Station"
    if kind == "scores":
        classes = rng.sample(CLASSES, rng.randint(3, 4))
        level = {k: rng.uniform(55, 80) for k in classes}
        rows = [[k, faker.name(), min(100, round(level[k] + rng.uniform(-15, 15))), rng.randint(80, 100)]
                for k in classes for _ in range(rng.randint(12, 28))]
        return Table(kind="scores", title="Mock exam", headers=["Class", "Student", "Score", "Attendance %"],
                     rows=rows, subject="mock exam results", numeric=["Score", "Attendance %"],
                     sheet_names=["Results", "Mock exam"], file_stems=["mock_exam_results", "term_scores"]), \
            "Score", "Class"
    teams = rng.sample(TEAMS, rng.randint(3, 5))
    usual = {t: rng.uniform(30, 42) for t in teams}
    step, weeks = rng.choice([1, 2, 4]), rng.randint(5, 10)  # several weeks, so every team has gaps to fill
    first = rng.randint(1, 52 - step * (weeks - 1))
    rows = [[t, faker.name(), f"W{w:02d}", round(usual[t] + rng.uniform(-5, 5), 1)]
            for w in range(first, first + step * weeks, step) for t in teams]
    return Table(kind="hours", title="Timesheets", headers=["Team", "Employee", "Week", "Hours"], rows=rows,
                 subject="weekly timesheet entries", numeric=["Hours"], sheet_names=["Timesheets", "Hours"],
                 file_stems=["timesheets", "weekly_hours"]), "Hours", "Team"


def _labels(rng: random.Random, faker: Faker) -> tuple[Table, str]:
    """A sheet whose text column has gaps a stated label fills."""
    column = rng.choice(sorted(LABELS))
    if column == "Department":
        rows = [[f"E{n}", faker.name(), rng.choice(TEAMS), day_between(faker, -6 * 365, -30)]
                for n in sorted(rng.sample(range(1000, 9999), rng.randint(30, 120)))]
        headers, subject, stems = ["Employee ID", "Name", "Department", "Start Date"], "staff records", ["staff_list"]
    elif column == "Assignee":
        rows = [[f"T-{n}", faker.sentence(nb_words=5).rstrip("."), faker.first_name(), rng.choice(["Open", "Pending"])]
                for n in sorted(rng.sample(range(4000, 9999), rng.randint(30, 120)))]
        headers, subject, stems = ["Ticket", "Summary", "Assignee", "Status"], "support tickets", ["ticket_queue"]
    else:
        rows = [[f"SKU-{n}", faker.word().title() + " " + rng.choice(["Bracket", "Valve", "Cable", "Filter"]),
                 faker.company(), rng.randint(0, 400)] for n in sorted(rng.sample(range(10000, 99999), rng.randint(30, 120)))]
        headers, subject, stems = ["SKU", "Item", "Supplier", "On Hand"], "stock items", ["stock_list"]
    c = headers.index(column)
    for row in rows:
        row[c] = None if rng.random() < 0.2 else row[c]
    rows[-1][c] = None
    return Table(kind="labels", title=subject.capitalize(), headers=headers, rows=rows, subject=subject,
                 sheet_names=["Sheet1", "Data", "Export"], file_stems=stems), column


@register_workflow
class ImputeBlanks(PreparedWorkflow[Params]):
    states_values = ("value", "decimals")
    spec = book_spec(
        "spreadsheet.impute_blanks", Params, Options,
        phrasings=[
            ('Some {{ column }} cells on the sheet "{{ sheet }}" of {{ input }} ({{ subject }}) are empty. Fill every '
             "empty {{ column }} cell with " + _RULE + ". Every other cell, the header and the row order stay as "
             "they are.", "formal"),
            ("The {{ subject }} in {{ input }} (tab \"{{ sheet }}\") have gaps in {{ column }} and my chart breaks on "
             "them - could you fill each blank {{ column }} with " + _RULE + "? Nothing else should move.", "chatty"),
            ('{{ input }} / "{{ sheet }}": blank {{ column }} := ' + _RULE + "; all other cells unchanged.", "terse"),
            ("I need {{ input }} (\"{{ sheet }}\") without holes in {{ column }}: where a {{ column }} is missing, it "
             "should read " + _RULE + ", and the rest of the {{ subject }} exactly as now.", "formal"),
        ],
        criteria=["Every empty cell of the column holds its fill as a value.", "No other cell, row or column changed."],
        checks=[CheckTemplate(func="table.blanks_filled", bind={
            "table": "sheet", "column": "column", "method": "method", "value": "value", "group_by": "group_by",
            "decimals": "decimals"})],
        output="The workbook with the column's gaps filled",
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        fill: Fill = choose(ctx, "fill", sorted(RULE))
        if fill == "text":
            table, column = _labels(ctx.rng, ctx.faker)
            group_by, value = None, ctx.rng.choice(LABELS[column])
        else:
            table, column, by = _figures(ctx.rng, ctx.faker)
            group_by, value = (by if fill.startswith("group_") else None), None
            _gaps(ctx.rng, table.rows, table.index(column), table.index(by) if group_by else None)
        decimals = ctx.rng.choice([1, 2]) if fill.endswith("mean") else None
        params = Params(**names(ctx, table, "filled"), column=column, fill=fill, value=value, group_by=group_by,
                        method={"text": "value"}.get(fill, fill.removeprefix("group_")), decimals=decimals)
        return params.with_files(input=workbook([(params.sheet, table.headers, table.rows)], table))

    def reference(self, params: Params) -> ReferenceSolution:
        body = [f"""
            import statistics
            c = header.index({lit(params.column)})
            g = header.index({lit(params.group_by)}) if {lit(params.group_by)} else None
            given = {{}}
            for row in rows:
                if row[c] is not None and row[c] != "":
                    given.setdefault(row[g] if g is not None else None, []).append(row[c])
            print({{k: len(v) for k, v in given.items()}}, "values given per group")
            for row in rows:
                if row[c] is None or row[c] == "":
                    xs = given.get(row[g] if g is not None else None, [])
                    if {lit(params.method)} == "value":
                        row[c] = {lit(params.value)}
                    elif {lit(params.method)} == "mean":
                        row[c] = round(statistics.fmean(xs), {lit(params.decimals)})
                    else:
                        row[c] = statistics.median(xs)
        """, rewrite()]
        return three_steps(params, body, f"I fill each empty {params.column} ({params.fill.replace('_', ' ')}) from "
                           "the values the sheet gives, and write the sheet back otherwise unchanged.",
                           f"Fill the gaps in {params.column}")
