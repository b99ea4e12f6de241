"""A module for a catalogue package whose function builds a whole list before returning it (large
orders, a log's error messages, parcels in batches, running balances, meter changes), and a helper
in the same module that needs that list (len(), an index, a truth test). Tests pin both. What the
generator tasks are made of.

    project, spec = add_lazy_module(rng, faker, "orders")
"""

from __future__ import annotations

import random

from faker import Faker
from pydantic import BaseModel

from preparers.code import ProjectContent
from workflows.code._added_module import base_package, with_module
from workflows.code._call_tests import call_tests, module_text


class LazyModule(BaseModel):
    kind: str
    module: str
    about: str
    function: str
    """The list-building function."""
    caller: str
    """The module's helper that uses the list as a list."""
    items: str
    """What the function yields, as a request says it."""
    why: str
    """Why the whole list hurts, as a request says it."""
    source: str
    calls: list[str]
    """Test calls; DATA stands for the drawn data, ARG for the drawn second argument, QUIET for data
    that gives an empty result."""


LAZY_MODULES = {
    "orders": LazyModule(
        kind="shipping", module="order_filters", about="filters over a day's orders", function="large_orders",
        caller="large_order_share", items="the large (id, amount) pairs",
        why="the nightly export now feeds it a whole year of orders straight from a database cursor", source='''
def large_orders(orders, minimum):
    """The orders of at least `minimum`, as (id, amount) pairs in the order given."""
    found = []
    for order_id, amount in orders:
        if amount >= minimum:
            found.append((order_id, amount))
    return found


def large_order_share(orders, minimum):
    """The share of the orders that are large, in percent (1 decimal); 0.0 for no orders."""
    if not orders:
        return 0.0
    return round(100 * len(large_orders(orders, minimum)) / len(orders), 1)
''', calls=["large_orders(DATA, ARG)", "large_orders(QUIET, ARG)", "large_order_share(DATA, ARG)",
            "large_order_share(QUIET, ARG)"]),
    "logs": LazyModule(
        kind="schedule", module="log_scan", about="a scan of the job runner's log", function="error_messages",
        caller="last_error", items="the ERROR lines' messages",
        why="it is now run over log files of several gigabytes, read line by line",
        source='''
def error_messages(lines):
    """The message of each ERROR line ("LEVEL message"), in the order given."""
    messages = []
    for line in lines:
        level, _, message = line.partition(" ")
        if level == "ERROR":
            messages.append(message.strip())
    return messages


def last_error(lines):
    """The last ERROR line's message, an empty string when there is none."""
    messages = error_messages(lines)
    if messages:
        return messages[-1]
    return ""
''', calls=["error_messages(DATA)", "error_messages(QUIET)", "last_error(DATA)", "last_error(QUIET)"]),
    "batches": LazyModule(
        kind="shipping", module="dispatch", about="parcel dispatch in batches", function="batches",
        caller="batch_count", items="the batches (lists of parcel ids)",
        why="the depot now streams every parcel of the week through it from the scanner feed", source='''
def batches(parcels, size):
    """The parcels in lists of `size` (the last one may be shorter), in the order given."""
    result = []
    batch = []
    for parcel in parcels:
        batch.append(parcel)
        if len(batch) == size:
            result.append(batch)
            batch = []
    if batch:
        result.append(batch)
    return result


def batch_count(parcels, size):
    """How many vans of `size` parcels the parcels need."""
    return len(batches(parcels, size))
''', calls=["batches(DATA, ARG)", "batches(QUIET, ARG)", "batch_count(DATA, ARG)", "batch_count(QUIET, ARG)"]),
    "balances": LazyModule(
        kind="ledger", module="balances", about="an account's running balance", function="running_totals",
        caller="final_balance", items="the balance after each amount",
        why="the statement job now runs it over every transaction since the account opened", source='''
def running_totals(amounts):
    """The balance after each amount, starting from 0 (2 decimals)."""
    totals = []
    balance = 0
    for amount in amounts:
        balance = round(balance + amount, 2)
        totals.append(balance)
    return totals


def final_balance(amounts):
    """The balance after the last amount, 0 when there is none."""
    totals = running_totals(amounts)
    if not totals:
        return 0
    return totals[-1]
''', calls=["running_totals(DATA)", "running_totals(QUIET)", "final_balance(DATA)", "final_balance(QUIET)"]),
    "meters": LazyModule(
        kind="stats", module="meter_changes", about="changes between meter readings", function="changes",
        caller="largest_rise", items="the change from each reading to the next",
        why="the smart meters now send a reading every minute and the report reads years of them", source='''
def changes(readings):
    """The change from each meter reading to the next (1 decimal), in the order given."""
    result = []
    previous = None
    for reading in readings:
        if previous is not None:
            result.append(round(reading - previous, 1))
        previous = reading
    return result


def largest_rise(readings):
    """The largest change between two readings in a row, 0.0 with fewer than two readings."""
    rises = changes(readings)
    if not rises:
        return 0.0
    return max(rises)
''', calls=["changes(DATA)", "changes(QUIET)", "largest_rise(DATA)", "largest_rise(QUIET)"]),
}


def _orders(rng: random.Random, faker: Faker) -> tuple[list[object], object, list[object]]:
    """Orders, a minimum between two of their amounts (at least two reach it, one does not), none reaching it."""
    ids = sorted(rng.sample(range(1001, 9999), rng.randint(6, 8)))
    amounts = sorted({round(rng.uniform(5, 900), 2) for _ in ids})[:len(ids)]
    while len(amounts) < len(ids):
        amounts.append(round(amounts[-1] + rng.uniform(1, 50), 2))
    cut = rng.randint(1, len(amounts) - 2)
    minimum = int(amounts[cut - 1]) + 1 if int(amounts[cut - 1]) + 1 < amounts[cut] else amounts[cut - 1] + 0.005
    rng.shuffle(amounts)
    data = [(f"SO-{n}", amount) for n, amount in zip(ids, amounts, strict=True)]
    quiet = [(f"SO-{ids[-1] + 1}", round(minimum / 2, 2))]
    return data, round(minimum, 3), quiet


MESSAGES = {"ERROR": ["disk full on /var/spool", "job {} timed out after 300 s", "cannot reach the mail relay",
                      "job {} exited with status 2", "lock file left by job {}", "permission denied on /srv/{}"],
            "INFO": ["job {} started", "job {} finished", "user {} logged in", "queue drained"],
            "WARNING": ["job {} is slow", "disk 85% full", "retrying job {}"]}


def _logs(rng: random.Random, faker: Faker) -> tuple[list[object], object, list[object]]:
    """Log lines with two to three ERROR lines among them, and lines with none."""
    def line(level: str) -> str:
        return f"{level} " + rng.choice(MESSAGES[level]).format(rng.choice([faker.user_name(), rng.randint(10, 99)]))
    quiet = [line(rng.choice(["INFO", "WARNING"])) for _ in range(rng.randint(2, 4))]
    data = [line(rng.choice(["INFO", "WARNING"])) for _ in range(rng.randint(3, 5))]
    for _ in range(rng.randint(2, 3)):
        data.insert(rng.randint(0, len(data)), line("ERROR"))
    return data, None, quiet


def _parcels(rng: random.Random, faker: Faker) -> tuple[list[object], object, list[object]]:
    """Parcel ids, more than two batches of a size that does not divide them, and no parcels."""
    size = rng.randint(2, 4)
    count = size * rng.randint(2, 3) + rng.randint(1, size - 1)
    return [f"PCL-{n}" for n in rng.sample(range(10000, 99999), count)], size, []


def _amounts(rng: random.Random, faker: Faker) -> tuple[list[object], object, list[object]]:
    """Payments in and out (some negative), and no amounts."""
    return [round(rng.uniform(-250, 600), 2) * (1 if i % 3 else -1) for i in range(rng.randint(5, 7))], None, []


def _readings(rng: random.Random, faker: Faker) -> tuple[list[object], object, list[object]]:
    """Rising meter readings (1 decimal), and a single reading."""
    start = round(rng.uniform(1000, 9000), 1)
    readings = [start]
    for _ in range(rng.randint(4, 6)):
        readings.append(round(readings[-1] + rng.uniform(0.5, 40), 1))
    return readings, None, readings[:1]


DATA = {"orders": _orders, "logs": _logs, "batches": _parcels, "balances": _amounts, "meters": _readings}


def add_lazy_module(rng: random.Random, faker: Faker, name: str) -> tuple[ProjectContent, LazyModule]:
    """A catalogue package (of the module's related kind) with the list-building module and its tests as the target."""
    spec = LAZY_MODULES[name]
    project, company = base_package(rng, faker, spec.kind)
    data, arg, quiet = DATA[name](rng, faker)
    calls = [c.replace("DATA", repr(data)).replace("QUIET", repr(quiet)).replace("ARG", repr(arg))
             for c in spec.calls]
    tests, functions = call_tests(project.package, spec.module, spec.source, calls)
    return with_module(project, spec.module, module_text(spec.about, company, spec.source), tests, spec.about,
                       functions), spec
