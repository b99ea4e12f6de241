"""Boundary cases of `project.dict_idioms` on a real orders module (counting, grouping and a lookup
with a default, each through an `in` branch), run in a bubblewrap sandbox: get()/setdefault()/get(),
Counter and defaultdict pass, and so does only the asked kind with the others left; nothing done,
the LAST function left, try/except instead of an idiom (counting, lookup), get() where grouping asks
for defaultdict or setdefault(), a changed default, edited tests and a function gone fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._code_projects import project_case, seeded
from tests.unit.boundary_cases._code_rewrites import line_of, rewritten
from workflows.code._dict_modules import add_dict_module

FILES, MODULE, TESTS = seeded(lambda rng, faker: add_dict_module(rng, faker, "orders")[0])
SOURCE = FILES[MODULE]
COUNT = ("        if customer in counts:\n            counts[customer] += 1\n        else:\n"
         "            counts[customer] = 1\n")
GROUP = "        if customer not in groups:\n            groups[customer] = []\n        groups[customer].append(amount)\n"
LOOKUP = "    if customer in rates:\n        rate = rates[customer]\n    else:\n        rate = 0\n    return rate\n"
IDIOMS = {"count": (COUNT, "        counts[customer] = counts.get(customer, 0) + 1\n"),
          "group": (GROUP, "        groups.setdefault(customer, []).append(amount)\n"),
          "lookup": (LOOKUP, "    return rates.get(customer, 0)\n")}
ALL = {"counting": True, "grouping": True, "lookup": True}
NONE = {"counting": False, "grouping": False, "lookup": False}


def idioms(*kinds: str, source: str = SOURCE) -> str:
    return rewritten(source, [IDIOMS[kind] for kind in kinds])


def case(label: str, source: str, passes: bool, says: str = "", tests: str | None = None, **options: Any) -> Case:
    return project_case(label, FILES, {MODULE: source, TESTS: FILES[TESTS] if tests is None else tests}, {
        "file": f"proj/{MODULE}", "test_file": f"proj/{TESTS}", **ALL, **options}, passes, says)


EVERY = idioms("count", "group", "lookup")
COLLECTIONS = "from collections import Counter, defaultdict\n" + rewritten(SOURCE, [
    ("    counts = {}\n    for customer, _ in orders:\n" + COUNT + "    return counts",
     "    return dict(Counter(customer for customer, _ in orders))"),
    ("groups = {}", "groups = defaultdict(list)"), (GROUP, "        groups[customer].append(amount)\n"),
    ("    return groups", "    return dict(groups)"), IDIOMS["lookup"]])
LAST_LEFT = idioms("count", "group")
TRY_COUNT = rewritten(EVERY, [(IDIOMS["count"][1], "        try:\n            counts[customer] += 1\n"
                               "        except KeyError:\n            counts[customer] = 1\n")])

CASES = {
    "project.dict_idioms": [
        case("get, setdefault and get", EVERY, True),
        case("Counter and defaultdict", COLLECTIONS, True),
        case("only the lookup asked and replaced", idioms("lookup"), True, **{**NONE, "lookup": True}),
        case("nothing done", SOURCE, False,
             f"orders_per_customer still tests membership with in (line {line_of(SOURCE, '        if customer in')})"),
        case("the last function left", LAST_LEFT, False,
             f"discount_rate still tests membership with in (line {line_of(LAST_LEFT, '    if customer in')})"),
        case("try/except for counting", TRY_COUNT, False, "orders_per_customer does not use Counter, defaultdict or get()"),
        case("get() for grouping", rewritten(EVERY, [(IDIOMS["group"][1], "        groups[customer] = "
                                                      "groups.get(customer, []) + [amount]\n")]), False,
             "amounts_by_customer does not use defaultdict or setdefault()", **{**NONE, "grouping": True}),
        case("try/except for the lookup", rewritten(EVERY, [(IDIOMS["lookup"][1], "    try:\n        return "
                                                              "rates[customer]\n    except KeyError:\n        return 0\n")]),
             False, "discount_rate does not use get() with a default"),
        case("a changed default", rewritten(EVERY, [("rates.get(customer, 0)", "rates.get(customer, 1)")]), False,
             "the tests do not pass"),
        case("the tests edited", EVERY, False, f"proj/{TESTS} was changed; the tests must stay as they were",
             tests=FILES[TESTS] + "\n\ndef test_more():\n    assert True\n"),
        case("a function gone", EVERY.split("\n\n\ndef discount_rate")[0] + "\n", False,
             f"proj/{MODULE} no longer defines discount_rate"),
    ],
}
