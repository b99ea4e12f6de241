"""Boundary cases of `project.records_as_class` on a real loans module ((title, borrower, days_out)
tuples read by position), run in a bubblewrap sandbox: a dataclass, a frozen one, one declared as
`dataclasses.dataclass` and a NamedTuple, each with the tests switched to instances, pass; nothing
done, a plain class, the wrong form either way, a renamed or an extra (last) field, a position left
in the LAST function, a tuple returned where a record was asked, the given record changed in place
and failing tests fail."""

from __future__ import annotations

import re
from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._code_projects import project_case, seeded
from tests.unit.boundary_cases._code_rewrites import line_of
from workflows.code._record_modules import add_record_module

FILES, MODULE, TESTS = seeded(lambda rng, faker: add_record_module(rng, faker, "loans")[0])
SOURCE, TEST_SOURCE = FILES[MODULE], FILES[TESTS]
FIELDS = ["title", "borrower", "days_out"]
ROWS = "    title: str\n    borrower: str\n    days_out: int\n"
BY_NAME = re.sub(r"loan\[(\d)\]", lambda m: "loan." + FIELDS[int(m.group(1))], SOURCE).replace(
    "return (loan.title, loan.borrower, 0)", "return Loan(loan.title, loan.borrower, 0)")
SWITCHED = re.sub(r"\('([^']*)', '([^']*)', (\d+)\)", r"Loan('\1', '\2', \3)", TEST_SOURCE).replace(
    "renewed\n", "renewed, Loan\n", 1)


def module(head: str = "from dataclasses import dataclass\n\n\n@dataclass", rows: str = ROWS,
           body: str = BY_NAME, klass: str = "class Loan:") -> str:
    first, rest = body.split("\n", 1)
    constants, functions = rest.split("\n\n\ndef ", 1)
    return f"{first}\n\n{head}\n{klass}\n{rows}{constants}\n\n\ndef {functions}"


def case(label: str, source: str, passes: bool, says: str = "", tests: str = SWITCHED, **options: Any) -> Case:
    return project_case(label, FILES, {MODULE: source, TESTS: tests}, {
        "file": f"proj/{MODULE}", "test_file": f"proj/{TESTS}", "klass": "Loan", "fields": FIELDS,
        "form": "dataclass", **options}, passes, says)


NAMEDTUPLE = "from typing import NamedTuple\n\n"
TUPLE_BACK = module(NAMEDTUPLE, klass="class Loan(NamedTuple):",
                    body=BY_NAME.replace("return Loan(loan.title", "return (loan.title"))
LEFT = module(body=BY_NAME.replace("return Loan(loan.title, loan.borrower", "return Loan(loan.title, loan[1]"))
CHANGED = module(body=BY_NAME.replace("    return Loan(loan.title, loan.borrower, 0)",
                                      "    loan.days_out = 0\n    return loan"))

CASES = {
    "project.records_as_class": [
        case("a dataclass, the tests switched", module(), True),
        case("a frozen dataclass", module("from dataclasses import dataclass\n\n\n@dataclass(frozen=True)"), True,
             form="frozen"),
        case("dataclasses.dataclass", module("import dataclasses\n\n\n@dataclasses.dataclass"), True),
        case("a NamedTuple", module(NAMEDTUPLE, klass="class Loan(NamedTuple):"), True, form="namedtuple"),
        case("nothing done", SOURCE, False, f"proj/{MODULE} defines no class Loan", tests=TEST_SOURCE),
        case("a plain class", module("", rows="    def __init__(self, title, borrower, days_out):\n        self.title, "
                                     "self.borrower, self.days_out = title, borrower, days_out\n"), False,
             "Loan is a plain class, not dataclass"),
        case("frozen where a plain dataclass was asked",
             module("from dataclasses import dataclass\n\n\n@dataclass(frozen=True)"), False,
             "Loan is frozen, not dataclass"),
        case("frozen=False where frozen was asked",
             module("from dataclasses import dataclass\n\n\n@dataclass(frozen=False)"), False,
             "Loan is dataclass, not frozen", form="frozen"),
        case("a NamedTuple where a dataclass was asked", module(NAMEDTUPLE, klass="class Loan(NamedTuple):"), False,
             "Loan is namedtuple, not dataclass"),
        case("a field renamed", module(rows=ROWS.replace("days_out: int", "days: int"),
                                       body=BY_NAME.replace("days_out", "days")), False,
             "Loan has the fields ['title', 'borrower', 'days'], expected ['title', 'borrower', 'days_out']"),
        case("an extra last field", module(rows=ROWS + "    fine: float = 0.0\n"), False,
             "Loan has the fields ['title', 'borrower', 'days_out', 'fine']"),
        case("a position left in the last function", LEFT, False,
             f"still reads a record by position on line {line_of(LEFT, 'loan[1]')}"),
        case("a tuple returned for a record", TUPLE_BACK, False, "returns a tuple, not a Loan", form="namedtuple"),
        case("the given record changed in place", CHANGED, False, "changed the records it was given"),
        case("failing tests", module(body=BY_NAME.replace("DAILY_FINE = 0.25", "DAILY_FINE = 0.3")), False,
             "the tests do not pass"),
    ],
}
