"""The exports the validation families check, and their rules: a sign-up form's responses and a
timesheet tool's entries, each column with its good values and the slips people make (a blank, a
typo in an email, a date typed another way, a number out of range, a label not on the list).

A rule set picks which rules apply; slips against the others stay in the file, as distractors.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from faker import Faker

from forge.checks.table_validation import Rules, broken
from preparers.data import Table
from workflows._prepared import Prepared
from preparers.filetypes.csv import typed

RuleSet = Literal["required", "range", "format", "allowed", "all"]
Value = Callable[[random.Random, Faker], Any]


@dataclass(frozen=True)
class Scenario:
    id_column: str
    id_prefix: str
    stems: list[str]
    columns: dict[str, Value]  # column -> a good value
    slips: dict[str, list[Any]]  # column -> values that break its rule (besides a blank)
    rules: dict[str, dict[str, Any]] = field(default_factory=dict)  # rule set -> check options


def _email(rng: random.Random, faker: Faker) -> str:
    return f"{faker.first_name().lower()}.{faker.last_name().lower()}@{faker.free_email_domain()}".replace("'", "")


def _day(rng: random.Random, _: Faker) -> str:
    return (dt.date(2025, 3, 1) + dt.timedelta(days=rng.randrange(120))).isoformat()


SCENARIOS = {
    "signups": Scenario(
        "Submission ID", "S-", ["event_signups", "registration_export", "signup_form_responses"],
        {"Name": lambda r, f: f.name(), "Email": _email, "Phone": lambda r, f: f.phone_number(),
         "Age": lambda r, f: r.randint(18, 75), "Tickets": lambda r, f: r.choice([1, 1, 2, 2, 3, 4]),
         "Ticket Type": lambda r, f: r.choice(["Standard", "Standard", "VIP", "Student"]), "Event Date": _day},
        {"Email": ["jo.smith@gmail", "jo.smith.gmail.com", "jo smith@gmail.com", "jo@@mail.com"],
         "Age": [16, 17, 104, "thirty", 25.5], "Tickets": [0, 12, -1, "two"],
         "Ticket Type": ["vip", "Gold", "Premium", "Std"],
         "Event Date": ["2025-02-30", "03/14/2025", "2025-3-7", "tbc", "14 March 2025"]},
        {"required": {"required": ["Name", "Email", "Ticket Type"]},
         "range": {"ranges": {"Age": [18, 99], "Tickets": [1, 10]}, "whole": ["Age", "Tickets"]},
         "format": {"emails": ["Email"], "dates": ["Event Date"]},
         "allowed": {"allowed": {"Ticket Type": ["Standard", "VIP", "Student"]}}}),
    "timesheets": Scenario(
        "Entry ID", "T-", ["timesheet_entries", "hours_export", "timesheets_week"],
        {"Employee": lambda r, f: f.name(), "Email": _email, "Date": _day,
         "Project": lambda r, f: r.choice(["APOLLO", "HERMES", "ZEUS", "INTERNAL"]),
         "Hours": lambda r, f: r.choice([7.5, 8, 8, 6, 4.5, 9, 3.25]), "Break Minutes": lambda r, f: r.choice([30, 45, 60]),
         "Notes": lambda r, f: r.choice(["", "", "client call", "sprint review", "on site"])},
        {"Email": ["a.b@company", "a.b.company.com", "a b@company.com"], "Date": ["2025-04-31", "31/04/2025", "yesterday"],
         "Project": ["Apollo", "MARS", "apollo ", "TBD"], "Hours": [13.5, -2, "eight", 24],
         "Break Minutes": [120, -15, 7.5, "lunch"]},
        {"required": {"required": ["Employee", "Date", "Project"]},
         "range": {"ranges": {"Hours": [0, 12], "Break Minutes": [0, 90]}, "whole": ["Break Minutes"]},
         "format": {"emails": ["Email"], "dates": ["Date"]},
         "allowed": {"allowed": {"Project": ["APOLLO", "HERMES", "ZEUS", "INTERNAL"]}}}),
}
RULE_FIELDS = ("required", "ranges", "whole", "emails", "dates", "allowed")
RULE_SETS: list[RuleSet] = ["required", "range", "format", "allowed", "all"]
RULES_SAID = ("{{ rules_text }}. {% if required %}An empty cell only ever breaks the required rule{% else %}Empty "
              "cells break no rule{% endif %}.")


class RuleParams(Prepared):
    """The params of a family checking records against rules: the rules as stated, and as options."""

    rules_text: str
    required: list[str]
    ranges: dict[str, list[float]]
    whole: list[str]
    emails: list[str]
    dates: list[str]
    allowed: dict[str, list[str]]

    def rules(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in RULE_FIELDS}


EMPTY_RULES: dict[str, Any] = {"required": [], "ranges": {}, "whole": [], "emails": [], "dates": [], "allowed": {}}


def rules_for(kind: str, rule_set: RuleSet) -> dict[str, Any]:
    """The check options of a rule set (every rule of the scenario for `all`)."""
    chosen = SCENARIOS[kind].rules.values() if rule_set == "all" else [SCENARIOS[kind].rules[rule_set]]
    return {**EMPTY_RULES, **{k: v for rules in chosen for k, v in rules.items()}}


def _and(items: list[str], word: str = "and") -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {word} " + items[-1]


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def rules_text(rules: dict[str, Any]) -> str:
    """The rules as the instruction states them, each named (the name a report's Rule column uses)."""
    parts = [f"required: {_and(rules['required'])} must not be empty"] if rules["required"] else []
    for column, (low, high) in rules["ranges"].items():
        kind = "a whole number" if column in rules["whole"] else "a number"
        parts.append(f"range: {column} must be {kind} from {_number(low)} to {_number(high)}")
    parts += [f"format: {c} must be an email address (one @, no spaces, a dot in the part after the @)"
              for c in rules["emails"]]
    parts += [f"format: {c} must be a real date written YYYY-MM-DD" for c in rules["dates"]]
    parts += [f"allowed: {c} must be one of {_and(v, 'or')}, written exactly so" for c, v in rules["allowed"].items()]
    return "; ".join(parts)


def breaks(rules: dict[str, Any], column: str, value: Any) -> bool:
    """Whether `value`, once written to the CSV and read back, breaks one of `rules`."""
    return broken(typed(str(value)), column, Rules(file="out.csv", input_file="in.csv", **rules)) is not None


def make_export(rng: random.Random, faker: Faker, kind: str, rules: dict[str, Any]) -> Table:
    """25-60 records, about a third with a slip or two (a blank or a typical mistake, in any column);
    at least three slips break the chosen rules, so the others are distractors."""
    scenario = SCENARIOS[kind]
    headers = [scenario.id_column, *scenario.columns]
    while True:
        rows = []
        for number in sorted(rng.sample(range(10000, 99999), rng.randint(25, 60))):
            row = [f"{scenario.id_prefix}{number}", *(make(rng, faker) for make in scenario.columns.values())]
            for _ in range(rng.choice([0, 0, 0, 1, 1, 2])):
                c = rng.randrange(1, len(headers))
                slips = scenario.slips.get(headers[c], [])
                row[c] = rng.choice(slips) if slips and rng.random() < 0.75 else ""
            rows.append(row)
        if sum(breaks(rules, h, v) for row in rows for h, v in zip(headers, row, strict=True)) >= 3:
            return Table(kind=kind, title=kind, headers=headers, rows=rows, subject="records", file_stems=scenario.stems)


# The reference solutions' validator, as a person would write it: `checked` holds (line, row, [(column, rule)]).
BROKEN_SCRIPT = '''
import csv, datetime as dt, re
rules = {rules}
ORDER = ["required", "range", "format", "allowed"]
def broken(column, value):
    value = value.strip()
    if not value:
        return "required" if column in rules["required"] else None
    if column in rules["ranges"]:
        low, high = rules["ranges"][column]
        try:
            number = float(value)
        except ValueError:
            return "range"
        if not low <= number <= high or (column in rules["whole"] and not re.fullmatch(r"-?\\d+", value)):
            return "range"
    if column in rules["emails"] and not re.fullmatch(r"[^@\\s]+@[^@\\s]+\\.[^@\\s.]+", value):
        return "format"
    if column in rules["dates"]:
        try:
            assert re.fullmatch(r"\\d{{4}}-\\d{{2}}-\\d{{2}}", value) and dt.date.fromisoformat(value)
        except (AssertionError, ValueError):
            return "format"
    if column in rules["allowed"] and value not in rules["allowed"][column]:
        return "allowed"
header, *rows = list(csv.reader(open({input}, newline="", encoding="utf-8")))
checked = [(line, row, [(c, rule) for c, v in zip(header, row) if (rule := broken(c, v))])
           for line, row in enumerate(rows, start=2)]
'''
