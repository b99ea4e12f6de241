"""A catalogue package whose module already checks its input: every validation of the kind put in
place (a ValueError guard at the top of its function) and a pytest.raises(ValueError) test per rule.
What error-handling refactors start from (a module's own exception class, ...).

    project = guarded_package(rng, faker, "payroll")
"""

from __future__ import annotations

import ast
import random

from faker import Faker

from forge.errors import PreparerError
from preparers.code import ProjectContent
from preparers.code import _run_tests as _failing
from workflows.code._all_kinds import KINDS, make_package

# each module's own exception, as a developer would name it
EXCEPTIONS = {"inventory": "StockError", "shipping": "ShippingError", "payroll": "PayrollError",
              "ledger": "LedgerError", "loans": "LoanError", "text_tools": "TextError", "units": "UnitError",
              "schedule": "ScheduleError", "stats": "StatsError", "parking": "ParkingError"}


def insert_guard(source: str, function: str, guard: str) -> str:
    """`source` with `guard` at the top of `function`'s body (after its docstring)."""
    lines = source.split("\n")
    node = next(n for n in ast.parse(source).body if isinstance(n, ast.FunctionDef) and n.name == function)
    first = node.body[0]
    at = first.end_lineno if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) else first.lineno - 1
    lines[at:at] = ["    " + line for line in guard.split("\n")]
    return "\n".join(lines)


def guarded_package(rng: random.Random, faker: Faker, kind_name: str, *, neighbours: int | None = None) -> ProjectContent:
    """A package of `kind_name` whose module rejects every bad input of the kind with ValueError, tested."""
    project, kind = make_package(rng, faker, kind_name, neighbours=neighbours), KINDS[kind_name]
    source, tests = project.files[project.module], project.files[project.test_file]
    for rule, validation in sorted(kind.validations.items()):
        source = insert_guard(source, validation.function, validation.guard)
        body = "\n".join(f"    with pytest.raises(ValueError):\n        {call}" for call in validation.bad_calls)
        tests = tests.rstrip("\n") + f"\n\n\ndef test_{validation.function}_rejects_{rule}():\n{body}\n"
    name = project.module.rsplit("/", 1)[1].removesuffix(".py")
    if failing := _failing(source, tests, project.package, name):
        raise PreparerError(f"the guarded {kind_name!r} module fails its own tests: {failing}")
    files = {**project.files, project.module: source, project.test_file: tests}
    return project.model_copy(update={"files": files})
