"""A class module for a catalogue package written Java-style: a get_x()/set_x() pair around a stored
value and a get_y() that works something out, used so in its tests. What the property tasks are
made of.

    project, spec = add_property_class(rng, faker, "products")
"""

from __future__ import annotations

import ast
import random

from faker import Faker
from pydantic import BaseModel

from preparers.code import ProjectContent
from workflows.code._added_module import base_package, with_module


class PropertyClass(BaseModel):
    kind: str
    module: str
    klass: str
    stored: str
    """The stored value's name: get_<stored>() and set_<stored>() wrap self._<stored>."""
    computed: str
    """The worked-out value's name: get_<computed>()."""
    what: str
    source: str
    args: list[str]
    """Constructor calls the tests use (formatted with the drawn values)."""
    new: str
    """The value the setter test stores (formatted with the drawn values)."""


PROPERTY_CLASSES = {
    "products": PropertyClass(kind="inventory", module="catalog", klass="Product", stored="price",
                              computed="stock_value", what="a product in the catalogue", source='''
class Product:
    """A product on sale: its unit price and the units in stock."""

    def __init__(self, name, price, quantity):
        self.name = name
        self._price = price
        self.quantity = quantity

    def get_price(self):
        return self._price

    def set_price(self, price):
        self._price = price

    def get_stock_value(self):
        """What the units in stock are worth at the current price, rounded to cents."""
        return round(self._price * self.quantity, 2)
''', args=["{word!r}, {price}, {count}", "{other!r}, {price2}, 0"], new="{new}"),
    "employees": PropertyClass(kind="payroll", module="staff", klass="Employee", stored="hourly_rate",
                               computed="weekly_pay", what="an employee on hourly pay", source='''
class Employee:
    """Someone paid by the hour, with the hours of their usual week."""

    def __init__(self, name, hourly_rate, hours):
        self.name = name
        self._hourly_rate = hourly_rate
        self.hours = hours

    def get_hourly_rate(self):
        return self._hourly_rate

    def set_hourly_rate(self, hourly_rate):
        self._hourly_rate = hourly_rate

    def get_weekly_pay(self):
        """A usual week's pay, hours over 40 paid at one and a half times the rate, rounded to cents."""
        extra = max(self.hours - 40, 0)
        return round((self.hours - extra) * self._hourly_rate + extra * self._hourly_rate * 1.5, 2)
''', args=["{name!r}, {rate}, {hours}", "{name2!r}, {rate2}, 20"], new="{new_rate}"),
    "tanks": PropertyClass(kind="units", module="tanks", klass="Tank", stored="level", computed="free_space",
                           what="a storage tank", source='''
class Tank:
    """A tank with a capacity and a current level, both in litres."""

    def __init__(self, label, capacity, level):
        self.label = label
        self.capacity = capacity
        self._level = level

    def get_level(self):
        return self._level

    def set_level(self, level):
        self._level = level

    def get_free_space(self):
        """Litres that still fit in, never below 0."""
        return max(self.capacity - self._level, 0)
''', args=["{word!r}, {capacity}, {count}", "{other!r}, {capacity}, {capacity}"], new="{new_level}"),
    "subscriptions": PropertyClass(kind="ledger", module="subscriptions", klass="Subscription", stored="monthly_fee",
                                   computed="total_cost", what="a customer's subscription", source='''
class Subscription:
    """A plan paid monthly, with the months paid so far."""

    def __init__(self, plan, monthly_fee, months):
        self.plan = plan
        self._monthly_fee = monthly_fee
        self.months = months

    def get_monthly_fee(self):
        return self._monthly_fee

    def set_monthly_fee(self, monthly_fee):
        self._monthly_fee = monthly_fee

    def get_total_cost(self):
        """What the months so far cost, every twelfth month free, rounded to cents."""
        return round((self.months - self.months // 12) * self._monthly_fee, 2)
''', args=["{plan!r}, {price}, {months}", "{plan2!r}, {price2}, 3"], new="{new}"),
}


def _values(rng: random.Random, faker: Faker) -> dict[str, object]:
    words = rng.sample(["Desk", "Lamp", "Chair", "Shelf", "Rack", "North", "South", "Rain"], 2)
    plans = rng.sample(["Basic", "Family", "Pro", "Student", "Team"], 2)
    return {"word": words[0], "other": words[1], "price": round(rng.uniform(5, 300), 2),
            "price2": round(rng.uniform(5, 300), 2), "count": rng.randint(2, 40), "name": faker.name(),
            "name2": faker.name(), "rate": rng.choice([14.5, 18.25, 22.0, 31.4]), "rate2": rng.choice([12.0, 16.75]),
            "hours": rng.choice([38, 42, 45, 50]), "capacity": rng.choice([500, 750, 1000]), "plan": plans[0],
            "plan2": plans[1], "months": rng.randint(13, 40), "new": round(rng.uniform(5, 300), 2),
            "new_rate": rng.choice([19.5, 24.0, 27.8]), "new_level": rng.choice([120, 260, 480])}


def _tests(spec: PropertyClass, package: str, values: dict[str, object]) -> str:
    namespace: dict[str, object] = {}
    exec(compile(spec.source, spec.module, "exec"), namespace)  # noqa: S102 - our own source
    calls = [f"{spec.klass}({a.format(**values)})" for a in spec.args]
    body = [f"from {package}.{spec.module} import {spec.klass}", ""]
    var, new = spec.klass.lower(), eval(spec.new.format(**values))  # our own value
    for n, call in enumerate(calls, start=1):
        made = eval(call, namespace)  # our own class
        body += ["", f"def test_{spec.stored}_{n}():", f"    {var} = {call}",
                 f"    assert {var}.get_{spec.stored}() == {getattr(made, 'get_' + spec.stored)()!r}", "",
                 "", f"def test_{spec.computed}_{n}():", f"    {var} = {call}",
                 f"    assert {var}.get_{spec.computed}() == {getattr(made, 'get_' + spec.computed)()!r}", ""]
    moved = eval(calls[0], namespace)  # our own class
    getattr(moved, f"set_{spec.stored}")(new)
    body += ["", f"def test_set_{spec.stored}():", f"    {var} = {calls[0]}", f"    {var}.set_{spec.stored}({new!r})",
             f"    assert {var}.get_{spec.stored}() == {new!r}",
             f"    assert {var}.get_{spec.computed}() == {getattr(moved, 'get_' + spec.computed)()!r}", ""]
    return "\n".join(body).rstrip() + "\n"


def constructor_keys(spec: PropertyClass) -> list[str]:
    """The class's constructor parameters, in order (what saved data and a repr are keyed by)."""
    init = next(n for n in ast.walk(ast.parse(spec.source)) if isinstance(n, ast.FunctionDef) and n.name == "__init__")
    return [a.arg for a in init.args.args[1:]]


def add_property_class(rng: random.Random, faker: Faker, name: str) -> tuple[ProjectContent, PropertyClass]:
    """A catalogue package (of the class's related kind) with the class module and its tests as the target."""
    spec = PROPERTY_CLASSES[name]
    project, company = base_package(rng, faker, spec.kind)
    source = f'"""{spec.klass} records for {company.replace(chr(34), chr(39))}."""\n\n' + spec.source
    return with_module(project, spec.module, source, _tests(spec, project.package, _values(rng, faker)),
                       spec.what, [spec.klass]), spec
