"""A module for a catalogue package whose function takes a mutable default argument (a tag list, a
cart dict, a visit history, teams of members, a set of ids already seen): the classic bug where the
second call without the argument still holds what the first call put in. The tests call it with
the caller's own container, and once without (which passes, being the first). What the
mutable-default tasks are made of.

    project, spec = add_default_module(rng, faker, "cart")
"""

from __future__ import annotations

import random

from faker import Faker
from pydantic import BaseModel

from preparers.code import ProjectContent
from workflows.code._added_module import base_package, with_module
from workflows.code._call_tests import call_tests, module_text


class DefaultModule(BaseModel):
    kind: str
    module: str
    about: str
    function: str
    parameter: str
    """The parameter with the mutable default."""
    holds: str
    """What the container holds, as a request says it."""
    empty: str
    """The new empty container, as code."""
    copied: str
    """A copy of the caller's container the function may change, as code (`{p}` the parameter)."""
    can_copy: bool = True
    """False where updating the caller's container is the function's purpose (a registry of ids seen)."""
    source: str
    calls: list[str]


DEFAULT_MODULES = {
    "tags": DefaultModule(
        kind="inventory", module="tagging", about="tags on stock items", function="add_tag", parameter="tags",
        holds="the item's tags", empty="[]", copied="list({p})", source='''
def add_tag(tag, tags=[]):
    """`tags` with `tag` added last (trimmed, lower case); a new list when none is given."""
    tags.append(tag.strip().lower())
    return tags


def tag_line(tags):
    """The tags as one line, sorted, separated by commas."""
    return ", ".join(sorted(tags))
''', calls=["add_tag(FIRST, LIST)", "add_tag(SECOND)", "tag_line(LIST)"]),
    "cart": DefaultModule(
        kind="shipping", module="cart", about="a web shop's cart", function="add_to_cart", parameter="cart",
        holds="the quantities by SKU", empty="{}", copied="dict({p})", source='''
def add_to_cart(sku, quantity, cart={}):
    """`cart` (SKU -> quantity) with `quantity` more of `sku`; a new cart when none is given."""
    cart[sku] = cart.get(sku, 0) + quantity
    return cart


def cart_units(cart):
    """How many units the cart holds."""
    return sum(cart.values())
''', calls=["add_to_cart(FIRST, 2, DICT)", "add_to_cart(SECOND, 1, DICT)", "add_to_cart(FIRST, 3)",
            "cart_units(DICT)"]),
    "history": DefaultModule(
        kind="text_tools", module="history", about="a help desk's page history", function="record_visit",
        parameter="history", holds="the pages visited", empty="[]", copied="list({p})", source='''
def record_visit(page, history=[], keep=5):
    """`history` with `page` added last, only the last `keep` pages kept; a new history when none is given."""
    history.append(page)
    del history[:-keep]
    return history


def last_page(history):
    """The page visited last, an empty string before any visit."""
    return history[-1] if history else ""
''', calls=["record_visit(FIRST, LONG)", "record_visit(SECOND, LIST, keep=2)", "record_visit(FIRST)",
            "last_page(LIST)"]),
    "teams": DefaultModule(
        kind="schedule", module="rota_teams", about="the rota's teams", function="add_member", parameter="teams",
        holds="each team's members", empty="{}", copied="{{team: list(members) for team, members in {p}.items()}}",
        source='''
def add_member(team, person, teams={}):
    """`teams` (team -> members) with `person` added to `team`; a new mapping when none is given."""
    teams.setdefault(team, []).append(person)
    return teams


def team_sizes(teams):
    """How many members each team has."""
    return {team: len(members) for team, members in teams.items()}
''', calls=["add_member(TEAM, FIRST, TEAMS)", "add_member(OTHER, SECOND, TEAMS)", "add_member(TEAM, SECOND)",
            "team_sizes(TEAMS)"]),
    "seen": DefaultModule(
        kind="shipping", module="scan_ids", about="parcel scans at the depot gate", function="new_ids", parameter="seen",
        holds="the ids already seen", empty="set()", copied="set({p})", can_copy=False,
        source='''
def new_ids(ids, seen=set()):
    """The ids not seen before, in order, each once; they are added to `seen` (a new set when none is given)."""
    fresh = []
    for parcel_id in ids:
        if parcel_id not in seen:
            seen.add(parcel_id)
            fresh.append(parcel_id)
    return fresh


def scan_count(ids):
    """How many scans there were, repeats included."""
    return len(ids)
''', calls=["new_ids(IDS, SET)", "new_ids(IDS)", "scan_count(IDS)"]),
}


def _values(name: str, rng: random.Random, faker: Faker) -> dict[str, str]:
    """The placeholders' values: two names, containers of the caller's (never holding both)."""
    if name == "tags":
        words = list(dict.fromkeys(faker.word() for _ in range(12)))
        return {"FIRST": repr(f" {words[0].title()} "), "SECOND": repr(words[1]), "LIST": repr(words[2:rng.randint(3, 5)])}
    if name == "cart":
        skus = [f"{rng.choice('ABCDEFGH')}{rng.choice('KLMNPR')}-{n}" for n in rng.sample(range(100, 999), 3)]
        return {"FIRST": repr(skus[0]), "SECOND": repr(skus[1]), "DICT": repr({skus[0]: rng.randint(1, 4),
                                                                                 skus[2]: rng.randint(1, 9)})}
    if name == "history":
        pages = [f"/help/{faker.slug()}" for _ in range(9)]
        return {"FIRST": repr(pages[0]), "SECOND": repr(pages[1]), "LONG": repr(pages[2:8]),
                "LIST": repr(pages[2:rng.randint(4, 6)])}
    if name == "teams":
        people = list(dict.fromkeys(faker.first_name() for _ in range(10)))
        teams = rng.sample(["early", "late", "night", "weekend", "support", "stores"], 3)
        return {"TEAM": repr(teams[0]), "OTHER": repr(teams[2]), "FIRST": repr(people[0]), "SECOND": repr(people[1]),
                "TEAMS": repr({teams[0]: people[2:4], teams[1]: people[4:rng.randint(5, 7)]})}
    ids = [f"PCL-{n}" for n in rng.sample(range(10000, 99999), 5)]
    scans = ids + rng.sample(ids, 2)
    rng.shuffle(scans)
    return {"IDS": repr(scans), "SET": "{" + ", ".join(map(repr, sorted(rng.sample(ids, 2)))) + "}"}  # in a stable order


def add_default_module(rng: random.Random, faker: Faker, name: str) -> tuple[ProjectContent, DefaultModule]:
    """A catalogue package (of the module's related kind) with the mutable-default module and its tests as the target."""
    spec = DEFAULT_MODULES[name]
    project, company = base_package(rng, faker, spec.kind)
    values = _values(name, rng, faker)
    calls = []
    for call in spec.calls:
        for key in sorted(values, key=len, reverse=True):
            call = call.replace(key, values[key])
        calls.append(call)
    tests, functions = call_tests(project.package, spec.module, spec.source, calls)
    return with_module(project, spec.module, module_text(spec.about, company, spec.source), tests, spec.about,
                       functions), spec
