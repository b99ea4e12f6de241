"""A module for a catalogue package written with explicit loops where Python has an idiom: a list
built by append() in a loop, a dict filled key by key, a total added up with +=, a loop that
returns True or False as soon as it knows. One function of each, with tests pinning them. What the
comprehension tasks are made of.

    project, spec = add_loop_module(rng, faker, "orders")
"""

from __future__ import annotations

import random

from faker import Faker
from pydantic import BaseModel

from preparers.code import ProjectContent
from workflows.code._added_module import base_package, with_module
from workflows.code._call_tests import call_tests, module_text


class LoopModule(BaseModel):
    kind: str
    module: str
    about: str
    source: str
    calls: list[str]
    """Test calls; DATA stands for the drawn data."""


LOOP_MODULES = {
    "orders": LoopModule(kind="shipping", module="order_checks", about="checks over a day's orders", source='''
def paid_ids(orders):
    """The ids of the paid orders, in the order given."""
    result = []
    for order in orders:
        if order["paid"]:
            result.append(order["id"])
    return result


def amounts_by_id(orders):
    """Each order's amount, by its id."""
    amounts = {}
    for order in orders:
        amounts[order["id"]] = order["amount"]
    return amounts


def revenue(orders):
    """The amounts added up."""
    total = 0
    for order in orders:
        total += order["amount"]
    return total


def has_refund(orders):
    """True when an order has a negative amount."""
    for order in orders:
        if order["amount"] < 0:
            return True
    return False
''', calls=["paid_ids(DATA)", "amounts_by_id(DATA)", "revenue(DATA)", "has_refund(DATA)", "has_refund(DATA[:1])"]),
    "grades": LoopModule(kind="stats", module="grades", about="exam grades of a class", source='''
def passed(results, pass_mark):
    """Names of the students at or above `pass_mark`, in the order given."""
    names = []
    for name, mark in results:
        if mark >= pass_mark:
            names.append(name)
    return names


def marks_by_name(results):
    """Each student's mark, by name."""
    marks = {}
    for name, mark in results:
        marks[name] = mark
    return marks


def total_marks(results):
    """Every mark added up."""
    total = 0
    for _, mark in results:
        total += mark
    return total


def everyone_sat(results):
    """False as soon as a student has no mark."""
    for _, mark in results:
        if mark is None:
            return False
    return True
''', calls=["passed(DATA, 50)", "marks_by_name(DATA)", "total_marks(DATA)", "everyone_sat(DATA)",
            "everyone_sat(DATA + [('Late', None)])"]),
    "files": LoopModule(kind="text_tools", module="disk_usage", about="disk usage of a folder listing", source='''
def large_files(sizes, limit):
    """Names of the files over `limit` bytes, sorted."""
    found = []
    for name, size in sorted(sizes.items()):
        if size > limit:
            found.append(name)
    return found


def sizes_in_kb(sizes):
    """Each file's size in kilobytes, rounded to 1 decimal."""
    result = {}
    for name, size in sizes.items():
        result[name] = round(size / 1024, 1)
    return result


def total_size(sizes):
    """Bytes over every file."""
    total = 0
    for size in sizes.values():
        total += size
    return total


def any_empty(sizes):
    """True when a file has 0 bytes."""
    for size in sizes.values():
        if size == 0:
            return True
    return False
''', calls=["large_files(DATA, 5000)", "sizes_in_kb(DATA)", "total_size(DATA)", "any_empty(DATA)",
            "any_empty({'empty.txt': 0})"]),
    "readings": LoopModule(kind="units", module="sensors", about="a sensor's temperature readings", source='''
def warm_hours(readings, threshold):
    """The hours (positions) whose reading is above `threshold`."""
    hours = []
    for hour, value in enumerate(readings):
        if value > threshold:
            hours.append(hour)
    return hours


def by_hour(readings):
    """Each reading by its hour, as HH:00."""
    table = {}
    for hour, value in enumerate(readings):
        table[f"{hour:02d}:00"] = value
    return table


def degree_hours(readings, base):
    """Degrees below `base` added up over the hours below it."""
    total = 0
    for value in readings:
        if value < base:
            total += base - value
    return total


def all_valid(readings):
    """False as soon as a reading is outside -50..60 degrees."""
    for value in readings:
        if value < -50 or value > 60:
            return False
    return True
''', calls=["warm_hours(DATA, 18)", "by_hour(DATA)", "degree_hours(DATA, 15)", "all_valid(DATA)",
            "all_valid(DATA + [99])"]),
}


def _data(name: str, rng: random.Random, faker: Faker) -> object:
    if name == "orders":
        return [{"id": f"SO-{n}", "amount": round(rng.uniform(-40, 400), 2) if i else round(rng.uniform(5, 400), 2),
                 "paid": rng.random() < 0.6} for i, n in enumerate(sorted(rng.sample(range(1001, 1999), 5)))]
    if name == "grades":
        return [(faker.first_name(), rng.choice([31, 44, 52, 58, 63, 71, 80, 94])) for _ in range(5)]
    if name == "files":
        return {f"{faker.word()}-{n}.{rng.choice(['pdf', 'csv', 'jpg'])}": rng.choice([0, 812, 4096, 9000, 120000])
                for n in range(5)}
    return [rng.choice([9.5, 12.0, 14.25, 16.5, 19.0, 21.75]) for _ in range(8)]


def add_loop_module(rng: random.Random, faker: Faker, name: str) -> tuple[ProjectContent, LoopModule]:
    """A catalogue package (of the module's related kind) with the loop module and its tests as the target."""
    spec = LOOP_MODULES[name]
    project, company = base_package(rng, faker, spec.kind)
    data = repr(_data(name, rng, faker))
    tests, functions = call_tests(project.package, spec.module, spec.source,
                                  [call.replace("DATA", data) for call in spec.calls])
    source = module_text(spec.about, company, spec.source)
    return with_module(project, spec.module, source, tests, spec.about, functions), spec
