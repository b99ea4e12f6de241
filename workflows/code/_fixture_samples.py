"""Two modules of a catalogue package whose two test files build the same sample at the top of
every test that needs it (a list of order records, a timesheet CSV written to tmp_path, a filled
shopping cart): the copy-pasted setup a shared pytest fixture replaces. Optionally the tests
already have a conftest.py with another fixture. What the fixture tasks are made of.

    project, sample = add_sample(rng, faker, "records", existing_conftest=True)
"""

from __future__ import annotations

import ast
import random
import tempfile
from pathlib import Path

from faker import Faker
from pydantic import BaseModel

from preparers.code import ProjectContent
from workflows.code._added_module import base_package, with_module


class Sample(BaseModel):
    kind: str
    fixture: str
    what: str
    modules: dict[str, str]
    """stem -> source ({company} and {package} filled in); the first is the task's module."""
    tests: dict[str, list[str]]
    """stem -> the calls its tests assert (a `{fixture}` in a call needs the sample)."""
    extra: dict[str, dict[str, str]]
    """stem -> tests of their own (name -> call), kept as they are (no sample)."""
    about: dict[str, str]


ORDERS = '''"""Sales orders for {company}: totals and lookups over order records (dicts)."""


def order_total(orders):
    """The sum of the orders' amounts, rounded to cents."""
    return round(sum(order["amount"] for order in orders), 2)


def orders_for(orders, customer):
    """The ids of `customer`'s orders, in the order given."""
    return [order["id"] for order in orders if order["customer"] == customer]


def largest_order(orders):
    """The id of the order with the highest amount (the first on a tie); no id at all without orders."""
    if not orders:
        return None
    return max(orders, key=lambda order: order["amount"])["id"]
'''
ORDER_REPORT = '''"""Order reports for {company}."""


def customers(orders):
    """Every customer with an order, sorted, once each."""
    return sorted({{order["customer"] for order in orders}})


def summary_line(orders):
    """'N orders, total X' with the total to 2 decimals."""
    total = sum(order["amount"] for order in orders)
    return f"{{len(orders)}} orders, total {{total:.2f}}"
'''
TIMESHEETS = '''"""Timesheet imports for {company}: hours read from a CSV export (date,employee,hours)."""

import csv


def read_entries(path):
    """The export's rows as (date, employee, hours) tuples, in file order."""
    with open(path, newline="", encoding="utf-8") as handle:
        return [(row["date"], row["employee"], float(row["hours"])) for row in csv.DictReader(handle)]


def total_hours(path):
    """Hours over every row, rounded to 2 decimals."""
    return round(sum(hours for _, _, hours in read_entries(path)), 2)


def employees(path):
    """Everyone with an entry, sorted, once each."""
    return sorted({{employee for _, employee, _ in read_entries(path)}})
'''
OVERTIME = '''"""Overtime from {company}'s timesheet exports."""

from {package}.timesheets import read_entries

DAY_LIMIT = 8


def long_days(path):
    """(date, employee) of each entry over DAY_LIMIT hours, in file order."""
    return [(day, employee) for day, employee, hours in read_entries(path) if hours > DAY_LIMIT]


def hours_of(path, employee):
    """`employee`'s hours over the export, rounded to 2 decimals."""
    return round(sum(hours for _, name, hours in read_entries(path) if name == employee), 2)
'''
CARTS = '''"""Shopping carts for {company}'s web shop."""


class Cart:
    """The lines of a cart: (sku, quantity, unit price)."""

    def __init__(self):
        self.lines = []

    def add(self, sku, quantity, price):
        self.lines.append((sku, quantity, price))

    def total(self):
        """What the lines cost, rounded to cents."""
        return round(sum(quantity * price for _, quantity, price in self.lines), 2)

    def units(self):
        return sum(quantity for _, quantity, _ in self.lines)
'''
DISCOUNTS = '''"""Discounts and free shipping for {company}'s carts."""

FREE_SHIPPING_FROM = 50


def discounted_total(cart, percent):
    """The cart's total less `percent` per cent, rounded to cents."""
    return round(cart.total() * (100 - percent) / 100, 2)


def ships_free(cart):
    """Carts from FREE_SHIPPING_FROM up ship for free."""
    return cart.total() >= FREE_SHIPPING_FROM
'''

SAMPLES = {
    "records": Sample(kind="shipping", fixture="orders", what="list of order records",
                      modules={"orders": ORDERS, "order_report": ORDER_REPORT},
                      tests={"orders": ["order_total(orders)", "orders_for(orders, {customer!r})", "largest_order(orders)"],
                             "order_report": ["customers(orders)", "summary_line(orders)"]},
                      extra={"orders": {"total_of_no_orders": "order_total([])"},
                             "order_report": {"summary_of_no_orders": "summary_line([])"}},
                      about={"orders": "order totals and lookups", "order_report": "order reports"}),
    "file": Sample(kind="payroll", fixture="timesheet", what="timesheet CSV written to tmp_path",
                   modules={"timesheets": TIMESHEETS, "overtime": OVERTIME},
                   tests={"timesheets": ["total_hours(timesheet)", "employees(timesheet)", "read_entries(timesheet)[-1]"],
                          "overtime": ["long_days(timesheet)", "hours_of(timesheet, {customer!r})"]},
                   extra={"timesheets": {}, "overtime": {}},
                   about={"timesheets": "timesheet CSV imports", "overtime": "overtime from timesheets"}),
    "object": Sample(kind="inventory", fixture="cart", what="shopping cart filled with a few lines",
                     modules={"carts": CARTS, "discounts": DISCOUNTS},
                     tests={"carts": ["cart.total()", "cart.units()"],
                            "discounts": ["discounted_total(cart, {percent})", "ships_free(cart)"]},
                     extra={"carts": {"empty_cart_total": "Cart().total()"},
                            "discounts": {"empty_cart_pays_shipping": "ships_free(Cart())"}},
                     about={"carts": "shopping carts", "discounts": "cart discounts and free shipping"}),
}
CONFTEST = '''"""Fixtures shared by the tests."""

import random

import pytest


@pytest.fixture(autouse=True)
def fixed_seed():
    """Every test starts from the same random state."""
    random.seed({seed})
'''


def _setup(kind: str, rng: random.Random, names: list[str]) -> list[str]:
    """The sample's setup lines, as every test that needs it starts."""
    skus = rng.sample(["A-100", "B-220", "C-310", "D-405", "E-512", "F-618"], 3)
    if kind == "records":
        rows = [{"id": f"SO-{number}", "customer": rng.choice(names), "amount": round(rng.uniform(20, 900), 2)}
                for number in sorted(rng.sample(range(1001, 1999), 4))]
        return [f"orders = {rows!r}"]
    if kind == "file":
        days = sorted(f"2024-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}" for _ in range(4))
        rows = "".join(f"{day},{rng.choice(names)},{rng.choice([4, 6.5, 7.5, 8, 9.25, 10.5])}\n" for day in days)
        return ['timesheet = tmp_path / "timesheet.csv"', f"timesheet.write_text({'date,employee,hours' + chr(10) + rows!r})"]
    return ["cart = Cart()"] + [f"cart.add({sku!r}, {rng.randint(1, 4)}, {rng.choice([4.5, 9.99, 12.0, 19.9])})"
                                for sku in skus]


def _results(sources: dict[str, str], package: str, setup: list[str],
             calls: dict[str, list[str]]) -> dict[str, list[object]]:
    """What each call returns on the modules as written (run here, on our own code)."""
    namespace: dict[str, object] = {}
    for stem, source in sources.items():
        code = "\n".join(line for line in source.splitlines() if not line.startswith(f"from {package}."))
        exec(compile(code, f"{package}/{stem}.py", "exec"), namespace)  # noqa: S102 - our own source
    with tempfile.TemporaryDirectory() as tmp:
        namespace["tmp_path"] = Path(tmp)
        exec("\n".join(setup), namespace)  # noqa: S102 - our own setup
        return {stem: [eval(call, namespace) for call in each] for stem, each in calls.items()}  # our own calls


def _assert(call: str, want: object) -> str:
    return f"    assert {call} {'is' if want is None or isinstance(want, bool) else '=='} {want!r}"


def _public(source: str) -> list[str]:
    return [n.name for n in ast.parse(source).body if isinstance(n, ast.FunctionDef | ast.ClassDef)]


def _test_module(package: str, imports: dict[str, list[str]], setup: list[str], calls: list[str],
                 extra: dict[str, str], results: list[object], extra_results: list[object]) -> str:
    needs_tmp = any("tmp_path" in line for line in setup)
    body = [f"from {package}.{stem} import {', '.join(names)}" for stem, names in imports.items()] + [""]
    for call, want in zip(calls, results, strict=True):
        name = call.split("(")[0].replace(".", "_").replace("cart_", "")
        body += ["", f"def test_{name}({'tmp_path' if needs_tmp else ''}):", *(f"    {line}" for line in setup),
                 _assert(call, want), ""]
    for (name, call), want in zip(extra.items(), extra_results, strict=True):
        body += ["", f"def test_{name}():", _assert(call, want), ""]
    return "\n".join(body).rstrip() + "\n"


def add_sample(rng: random.Random, faker: Faker, kind: str, *, existing_conftest: bool) -> tuple[ProjectContent, Sample, str]:
    """A catalogue package with the sample's two modules and their two test files (the first pair the
    task's module and test file), and the second test file's path; tests/conftest.py with an
    autouse fixture when `existing_conftest`."""
    sample = SAMPLES[kind]
    project, company = base_package(rng, faker, sample.kind)
    names = [faker.name().replace("'", "") for _ in range(3)]
    setup = _setup(kind, rng, names)
    values = {"customer": names[0] if kind == "records" else names[1], "percent": rng.choice([5, 10, 15, 20])}
    for line in setup:  # a customer with an entry, so the call shows something
        for name in names:
            if name in line:
                values["customer"] = name
    calls = {stem: [c.format(**values) for c in each] for stem, each in sample.tests.items()}
    sources = {stem: source.format(company=company.replace('"', "'"), package=project.package)
               for stem, source in sample.modules.items()}
    results = _results(sources, project.package, setup, calls)
    extra = _results(sources, project.package, [], {stem: list(each.values()) for stem, each in sample.extra.items()})
    stems = list(sample.modules)
    for stem in reversed(stems):
        imports = {stem: _public(sources[stem])}
        if stem != stems[0] and (used := [n for n in _public(sources[stems[0]]) if any(n in line for line in setup)]):
            imports = {stems[0]: used, **imports}
        tests = _test_module(project.package, imports, setup, calls[stem], sample.extra[stem], results[stem], extra[stem])
        project = with_module(project, stem, sources[stem], tests, sample.about[stem], _public(sources[stem]))
    if existing_conftest:
        project = project.model_copy(update={"files": {**project.files,
                                                       "tests/conftest.py": CONFTEST.format(seed=rng.randint(1, 999))}})
    return project, sample, f"tests/test_{stems[1]}.py"
