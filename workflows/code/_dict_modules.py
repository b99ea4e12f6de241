"""A module for a catalogue package that handles dicts the long way: counting with an `if key in
counts` branch, grouping with an `if key not in groups` branch, looking up with a default through
`if key in table`. One function of each, with tests pinning them. What the dict-idiom tasks are
made of.

    project, spec = add_dict_module(rng, faker, "orders")
"""

from __future__ import annotations

import random

from faker import Faker
from pydantic import BaseModel

from preparers.code import ProjectContent
from workflows.code._added_module import base_package, with_module
from workflows.code._call_tests import call_tests, module_text


class DictModule(BaseModel):
    kind: str
    module: str
    about: str
    source: str
    calls: list[str]
    """Test calls; DATA stands for the drawn (name, value) pairs, NAME for one of the names, MISSING for none."""


DICT_MODULES = {
    "orders": DictModule(kind="shipping", module="order_stats", about="figures over a day's orders", source='''
def orders_per_customer(orders):
    """How many orders each customer placed."""
    counts = {}
    for customer, _ in orders:
        if customer in counts:
            counts[customer] += 1
        else:
            counts[customer] = 1
    return counts


def amounts_by_customer(orders):
    """Each customer's order amounts, in the order given."""
    groups = {}
    for customer, amount in orders:
        if customer not in groups:
            groups[customer] = []
        groups[customer].append(amount)
    return groups


def discount_rate(customer, rates):
    """The customer's discount rate, 0 for customers without one."""
    if customer in rates:
        rate = rates[customer]
    else:
        rate = 0
    return rate
''', calls=["orders_per_customer(DATA)", "amounts_by_customer(DATA)", "discount_rate(NAME, dict(DATA))",
            "discount_rate(MISSING, dict(DATA))"]),
    "logins": DictModule(kind="schedule", module="logins", about="a login audit", source='''
def logins_per_user(events):
    """How many times each user logged in."""
    counts = {}
    for user, _ in events:
        if user in counts:
            counts[user] += 1
        else:
            counts[user] = 1
    return counts


def hours_by_user(events):
    """The hours each user logged in at, in the order given."""
    hours = {}
    for user, hour in events:
        if user not in hours:
            hours[user] = []
        hours[user].append(hour)
    return hours


def last_hour(user, latest):
    """The hour of the user's last login, -1 for users never seen."""
    if user in latest:
        hour = latest[user]
    else:
        hour = -1
    return hour
''', calls=["logins_per_user(DATA)", "hours_by_user(DATA)", "last_hour(NAME, dict(DATA))",
            "last_hour(MISSING, dict(DATA))"]),
    "stock": DictModule(kind="inventory", module="movements", about="stock movements of a warehouse", source='''
def movements_per_sku(movements):
    """How many movements each SKU had."""
    counts = {}
    for sku, _ in movements:
        if sku in counts:
            counts[sku] += 1
        else:
            counts[sku] = 1
    return counts


def quantities_by_sku(movements):
    """Each SKU's moved quantities, in the order given."""
    moved = {}
    for sku, quantity in movements:
        if sku not in moved:
            moved[sku] = []
        moved[sku].append(quantity)
    return moved


def reorder_level(sku, levels):
    """The SKU's reorder level, 10 for SKUs without their own."""
    if sku in levels:
        level = levels[sku]
    else:
        level = 10
    return level
''', calls=["movements_per_sku(DATA)", "quantities_by_sku(DATA)", "reorder_level(NAME, dict(DATA))",
            "reorder_level(MISSING, dict(DATA))"]),
    "votes": DictModule(kind="stats", module="ballots", about="a survey's ballots", source='''
def votes_per_option(ballots):
    """How many ballots chose each option."""
    counts = {}
    for option, _ in ballots:
        if option in counts:
            counts[option] += 1
        else:
            counts[option] = 1
    return counts


def voters_by_option(ballots):
    """The voters of each option, in the order given."""
    voters = {}
    for option, voter in ballots:
        if option not in voters:
            voters[option] = []
        voters[option].append(voter)
    return voters


def option_label(option, labels):
    """The option's label, the option itself when it has none."""
    if option in labels:
        label = labels[option]
    else:
        label = option
    return label
''', calls=["votes_per_option(DATA)", "voters_by_option(DATA)", "option_label(NAME, dict(DATA))",
            "option_label(MISSING, dict(DATA))"]),
}


def _pairs(name: str, rng: random.Random, faker: Faker) -> tuple[list[tuple[str, object]], str]:
    """Six to eight (key, value) pairs over three keys (some repeated), and a key not among them."""
    keys = {"orders": lambda: faker.name(), "logins": lambda: faker.user_name(),
            "stock": lambda: f"{rng.choice('ABCDEF')}-{rng.randint(100, 999)}",
            "votes": lambda: rng.choice(["yes", "no", "later", "maybe", "never"])}[name]
    names = list(dict.fromkeys(keys() for _ in range(12)))[:4]
    while len(names) < 4:  # votes have five answers: twelve draws can repeat three of them (drawn on only then)
        names = list(dict.fromkeys([*names, keys()]))
    values = {"orders": lambda: round(rng.uniform(5, 400), 2), "logins": lambda: rng.randint(0, 23),
              "stock": lambda: rng.choice([-5, -2, 3, 8, 12, 20]), "votes": lambda: faker.first_name()}[name]
    return [(rng.choice(names[:3]), values()) for _ in range(rng.randint(6, 8))], names[3]


def add_dict_module(rng: random.Random, faker: Faker, name: str) -> tuple[ProjectContent, DictModule]:
    """A catalogue package (of the module's related kind) with the dict module and its tests as the target."""
    spec = DICT_MODULES[name]
    project, company = base_package(rng, faker, spec.kind)
    pairs, missing = _pairs(name, rng, faker)
    calls = [c.replace("DATA", repr(pairs)).replace("MISSING", repr(missing)).replace("NAME", repr(pairs[-1][0]))
             for c in spec.calls]
    tests, functions = call_tests(project.package, spec.module, spec.source, calls)
    return with_module(project, spec.module, module_text(spec.about, company, spec.source), tests, spec.about,
                       functions), spec
