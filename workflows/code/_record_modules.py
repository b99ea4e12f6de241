"""A records module for a catalogue package, written with bare tuples read by position (item[1],
entry[2], ...): stock items, timesheet entries, parcels, library loans; one function of each builds
a new record, one returns one of those given. The tests pass tuples and compare tuples. What the
dataclass tasks are made of.

    project, spec = add_record_module(rng, faker, "stock")
"""

from __future__ import annotations

import random

from faker import Faker
from pydantic import BaseModel

from preparers.code import ProjectContent
from workflows.code._added_module import base_package, with_module
from workflows.code._call_tests import call_tests, module_text


class RecordModule(BaseModel):
    kind: str
    module: str
    klass: str
    fields: list[str]
    types: list[str]
    what: str
    source: str
    calls: list[str]
    """Test calls; RECORDS stands for the drawn records, RECORD for the first of them."""


RECORD_MODULES = {
    "stock": RecordModule(kind="inventory", module="items", klass="StockItem", fields=["sku", "quantity", "unit_cost"],
                          types=["str", "int", "float"],
                          what="stock items", source='''
def stock_value(items):
    """What the items on the shelves are worth, rounded to cents."""
    return round(sum(item[1] * item[2] for item in items), 2)


def low_stock(items, level):
    """SKUs of the items with `level` units or fewer, sorted."""
    return sorted(item[0] for item in items if item[1] <= level)


def most_valuable(items):
    """The item whose stock is worth most (the first on a tie)."""
    return max(items, key=lambda item: item[1] * item[2])


def restocked(item, units):
    """The item after a delivery of `units`."""
    return (item[0], item[1] + units, item[2])
''', calls=["stock_value(RECORDS)", "low_stock(RECORDS, 10)", "most_valuable(RECORDS)", "restocked(RECORD, 12)"]),
    "timesheets": RecordModule(kind="payroll", module="entries", klass="TimeEntry", fields=["day", "employee", "hours"],
                               types=["str", "str", "float"],
                               what="timesheet entries", source='''
def hours_for(entries, employee):
    """`employee`'s hours over the entries, rounded to 2 decimals."""
    return round(sum(entry[2] for entry in entries if entry[1] == employee), 2)


def days_worked(entries, employee):
    """The days `employee` has an entry for, sorted, once each."""
    return sorted({entry[0] for entry in entries if entry[1] == employee})


def longest(entries):
    """The entry with the most hours (the first on a tie)."""
    return max(entries, key=lambda entry: entry[2])


def corrected(entry, hours):
    """The entry with its hours corrected."""
    return (entry[0], entry[1], hours)
''', calls=["hours_for(RECORDS, EMPLOYEE)", "days_worked(RECORDS, EMPLOYEE)", "longest(RECORDS)",
            "corrected(RECORD, 7.5)"]),
    "parcels": RecordModule(kind="shipping", module="parcels", klass="Parcel", fields=["tracking", "weight_kg", "zone"],
                            types=["str", "float", "str"],
                            what="parcels", source='''
import math

RATES = {"domestic": 4.5, "europe": 9.0, "world": 17.5}


def postage(parcel):
    """The zone's rate plus 1.20 for each started kilogram after the first."""
    extra = max(math.ceil(parcel[1]) - 1, 0)
    return round(RATES[parcel[2]] + 1.2 * extra, 2)


def heavy(parcels, limit):
    """Tracking numbers of the parcels over `limit` kg, in the order given."""
    return [parcel[0] for parcel in parcels if parcel[1] > limit]


def heaviest(parcels):
    """The heaviest parcel (the first on a tie)."""
    return max(parcels, key=lambda parcel: parcel[1])


def rerouted(parcel, zone):
    """The parcel sent to another zone."""
    return (parcel[0], parcel[1], zone)
''', calls=["postage(RECORD)", "heavy(RECORDS, 5)", "heaviest(RECORDS)", "rerouted(RECORD, 'world')"]),
    "loans": RecordModule(kind="loans", module="lending", klass="Loan", fields=["title", "borrower", "days_out"],
                          types=["str", "str", "int"],
                          what="library loans", source='''
LOAN_DAYS = 21
DAILY_FINE = 0.25


def overdue(loans):
    """Titles of the loans out for longer than LOAN_DAYS, sorted."""
    return sorted(loan[0] for loan in loans if loan[2] > LOAN_DAYS)


def fines(loans):
    """DAILY_FINE for each day past LOAN_DAYS, over every loan, rounded to cents."""
    return round(sum(max(loan[2] - LOAN_DAYS, 0) * DAILY_FINE for loan in loans), 2)


def longest_out(loans):
    """The loan out the longest (the first on a tie)."""
    return max(loans, key=lambda loan: loan[2])


def renewed(loan):
    """The loan renewed today: out for 0 days again."""
    return (loan[0], loan[1], 0)
''', calls=["overdue(RECORDS)", "fines(RECORDS)", "longest_out(RECORDS)", "renewed(RECORD)"]),
}


def _records(name: str, rng: random.Random, faker: Faker) -> list[tuple[object, ...]]:
    """Three or four records whose values differ (no ties), drawn for the kind."""
    count = rng.randint(3, 4)
    people = [faker.name().replace("'", "") for _ in range(2)]
    if name == "stock":
        skus = rng.sample(["A-100", "B-220", "C-310", "D-405", "E-512", "F-618"], count)
        units = rng.sample([2, 5, 8, 14, 20, 31], count)
        return [(s, u, rng.choice([1.25, 3.5, 9.99, 12.0, 24.5])) for s, u in zip(skus, units, strict=True)]
    if name == "timesheets":
        hours = rng.sample([4.0, 6.5, 7.25, 8.0, 9.5, 10.75], count)
        return [(f"2024-06-{n + 3:02d}", people[n % 2], h) for n, h in enumerate(hours)]
    if name == "parcels":
        weights = rng.sample([0.4, 1.5, 2.0, 3.2, 6.8, 7.5, 12.1], count)
        return [(f"TR{rng.randint(10**7, 10**8 - 1)}", w, rng.choice(["domestic", "europe", "world"])) for w in weights]
    days = rng.sample([3, 12, 20, 24, 30, 45], count)
    return [(faker.sentence(nb_words=3).rstrip(".").replace("'", ""), rng.choice(people), d) for d in days]


def add_record_module(rng: random.Random, faker: Faker, name: str) -> tuple[ProjectContent, RecordModule]:
    """A catalogue package (of the module's related kind) with the records module and its tests as the target."""
    spec = RECORD_MODULES[name]
    project, company = base_package(rng, faker, spec.kind)
    records = _records(name, rng, faker)
    calls = [call.replace("RECORDS", repr(records)).replace("RECORD", repr(records[0]))
             .replace("EMPLOYEE", repr(records[0][1])) for call in spec.calls]
    tests, functions = call_tests(project.package, spec.module, spec.source, calls)
    source = module_text(f"{spec.what} as ({', '.join(spec.fields)}) records", company, spec.source)
    return with_module(project, spec.module, source, tests, f"{spec.what} as tuples", functions), spec
