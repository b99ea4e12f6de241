"""Wiki and README pages with pipe tables: a project tracker, a release history, a regional sales
summary, each table with a text, a number and a date column (numbers written as people write them:
thousands separators, a currency sign), and optionally a Total row at the bottom."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from faker import Faker

# kind -> (heading, sentence, columns: (header, kind, maker))
TABLES: dict[str, tuple[str, str, list[tuple[str, str]]]] = {
    "projects": ("Projects", "Where each project stands this quarter.",
                 [("Project", "text"), ("Owner", "name"), ("Budget", "money"), ("Deadline", "date")]),
    "releases": ("Release history", "Every release since the project went public.",
                 [("Version", "version"), ("Released", "date"), ("Downloads", "count"), ("Highlights", "note")]),
    "regions": ("Sales by region", "Figures from the CRM export, refreshed monthly.",
                [("Region", "region"), ("Manager", "name"), ("Revenue", "money"), ("Orders", "count"),
                 ("Last order", "date")]),
}
PROJECT_NAMES = ["Apollo", "billing revamp", "Data lake", "Helios", "intranet search", "Mobile app v3", "Orion",
                 "partner portal", "Quantum", "SSO rollout", "warehouse scanners", "Zephyr"]
REGIONS = ["North", "south-east", "Central", "West", "Nordics", "iberia", "Benelux", "Alps", "Baltics"]
NOTES = ["Faster imports", "Dark mode", "Bug fixes", "New API", "Plugin system", "CSV export", "Smaller install"]
KEY_COLUMNS = {"text": {"projects": "Project", "regions": "Region"}, "number": {"projects": "Budget",
               "releases": "Downloads", "regions": "Revenue"}, "date": {"projects": "Deadline", "releases": "Released",
                                                                         "regions": "Last order"}}


def _cell(rng: random.Random, faker: Faker, kind: str, n: int, pool: list[str]) -> tuple[str, Any]:
    if kind in ("text", "region"):
        return pool[n], None
    if kind == "name":
        return faker.name(), None
    if kind == "money":
        value = rng.randrange(5, 900) * 100
        return f"{rng.choice(['€', '$', ''])}{value:,}", value
    if kind == "count":
        value = rng.randrange(100, 99000)
        return f"{value:,}", value
    if kind == "date":
        return (dt.date(2025, 1, 1) + dt.timedelta(days=rng.randrange(365))).isoformat(), None
    if kind == "version":
        return pool[n], None
    return rng.choice(NOTES), None


def make_table(rng: random.Random, faker: Faker, kind: str, total: bool) -> list[str]:
    """The table's lines: header, separator (numbers right-aligned), 5-9 rows, a Total row when asked."""
    _, _, columns = TABLES[kind]
    count = rng.randint(5, 9)
    pool = rng.sample(PROJECT_NAMES if kind == "projects" else REGIONS, count) if kind != "releases" else \
        [f"2.{m}.0" for m in range(count + 2, 2, -1)][:count]
    money = "€" if rng.random() < 0.5 else "$"
    rows, sums = [], [0] * len(columns)
    for n in range(count):
        row = []
        for c, (_, cell_kind) in enumerate(columns):
            shown, value = _cell(rng, faker, cell_kind, n, pool)
            if cell_kind == "money":
                shown = money + shown.lstrip("€$")
            sums[c] += value or 0
            row.append(shown)
        rows.append(row)
    if total:
        rows.append(["Total", *[(money if k == "money" else "") + f"{sums[c]:,}" if k in ("money", "count") else ""
                                for c, (_, k) in enumerate(columns) if c]])
    header = [h for h, _ in columns]
    sep = ["---:" if k in ("money", "count") else "---" for _, k in columns]
    return [f"| {' | '.join(r)} |" for r in [header, sep, *rows]]


def make_page(rng: random.Random, faker: Faker, kind: str, total: bool, other: str | None) -> str:
    """A page: a title and intro, the table under its heading with a note after it, and (`other`) a
    second table under another heading."""
    heading, sentence, _ = TABLES[kind]
    lines = [f"# {faker.company()} - team wiki", "", "This page is updated by hand; please keep it tidy.", "",
             f"## {heading}", "", sentence, "", *make_table(rng, faker, kind, total), "",
             f"Questions about this table go to {faker.name()}.", ""]
    if other is not None:
        o_heading, o_sentence, _ = TABLES[other]
        block = [f"## {o_heading}", "", o_sentence, "", *make_table(rng, faker, other, rng.random() < 0.5), ""]
        lines = lines[:4] + block + lines[4:] if rng.random() < 0.5 else lines + block
    return "\n".join(lines).rstrip() + "\n"


def find_table_script(path: str, heading: str | None) -> str:
    """Oracle script lines reading `path` into `lines` and finding its table (the one under `heading`,
    else the first): `top` its header line, `end` one past its last row."""
    return f"""lines = open({path!r}, encoding="utf-8").read().splitlines()
start = 0
if {heading!r}:
    start = next(i for i, line in enumerate(lines) if line.startswith("#") and line.lstrip("#").strip() == {heading!r})
top = next(i for i in range(start, len(lines)) if lines[i].startswith("|"))
end = next((i for i in range(top, len(lines)) if not lines[i].startswith("|")), len(lines))"""
