"""Boundary cases of `project.loops_replaced` on a real orders module (a list built by append(), a
dict filled by key, a += total and an early return True), run in a bubblewrap sandbox: every loop
as its idiom passes, and so does only the asked kind with the others left; nothing done, the LAST
function still looping, list() or dict() around a generator, reduce() for sum(), a changed result,
edited tests and a function gone fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._code_projects import project_case, seeded
from tests.unit.boundary_cases._code_rewrites import line_of
from tests.unit.boundary_cases._code_rewrites import rewritten as replaced
from workflows.code._loop_modules import add_loop_module

FILES, MODULE, TESTS = seeded(lambda rng, faker: add_loop_module(rng, faker, "orders")[0])
SOURCE = FILES[MODULE]
LOOPS = {
    "list": ('    result = []\n    for order in orders:\n        if order["paid"]:\n            result.append(order["id"])\n'
             '    return result', '    return [order["id"] for order in orders if order["paid"]]'),
    "dict": ('    amounts = {}\n    for order in orders:\n        amounts[order["id"]] = order["amount"]\n    return amounts',
             '    return {order["id"]: order["amount"] for order in orders}'),
    "sum": ('    total = 0\n    for order in orders:\n        total += order["amount"]\n    return total',
            '    return sum(order["amount"] for order in orders)'),
    "flags": ('    for order in orders:\n        if order["amount"] < 0:\n            return True\n    return False',
              '    return any(order["amount"] < 0 for order in orders)'),
}
ALL = {"list_comp": True, "dict_comp": True, "sum_call": True, "any_all": True}


def rewritten(*kinds: str) -> str:
    return replaced(SOURCE, [LOOPS[kind] for kind in kinds])


def case(label: str, source: str, passes: bool, says: str = "", tests: str | None = None, **options: Any) -> Case:
    return project_case(label, FILES, {MODULE: source, TESTS: FILES[TESTS] if tests is None else tests}, {
        "file": f"proj/{MODULE}", "test_file": f"proj/{TESTS}", **ALL, **options}, passes, says)


EVERY = rewritten("list", "dict", "sum", "flags")
LAST_LEFT = rewritten("list", "dict", "sum")
ONLY = {k: False for k in ALL}

CASES = {
    "project.loops_replaced": [
        case("every loop as its idiom", EVERY, True),
        case("only the list loop asked and replaced", rewritten("list"), True, **{**ONLY, "list_comp": True}),
        case("any() written as not all()", EVERY.replace('any(order["amount"] < 0', 'not all(order["amount"] >= 0'),
             True),
        case("nothing done", SOURCE, False,
             f"paid_ids still loops with a for statement (line {line_of(SOURCE, '    for order')})"),
        case("the last function still looping", LAST_LEFT, False,
             f"has_refund still loops with a for statement (line {line_of(LAST_LEFT, '    for order')})"),
        case("list() around a generator", EVERY.replace('[order["id"] for order in orders if order["paid"]]',
                                                          'list(order["id"] for order in orders if order["paid"])'),
             False, "paid_ids does not use a list comprehension"),
        case("dict() around a generator", EVERY.replace('{order["id"]: order["amount"] for order in orders}',
                                                          'dict((order["id"], order["amount"]) for order in orders)'),
             False, "amounts_by_id does not use a dict comprehension", **{**ONLY, "dict_comp": True}),
        case("reduce() for sum()", "import functools\n" + EVERY.replace(
            'sum(order["amount"] for order in orders)',
            'functools.reduce(lambda total, order: total + order["amount"], orders, 0)'), False,
             "revenue does not use sum()", **{**ONLY, "sum_call": True}),
        case("a changed result", EVERY.replace('sum(order["amount"] for', 'round(sum(order["amount"] for').replace(
            "for order in orders)\n", "for order in orders), 1)\n", 1), False, "the tests do not pass"),
        case("the tests edited", EVERY, False, f"proj/{TESTS} was changed; the tests must stay as they were",
             tests=FILES[TESTS] + "\n\ndef test_more():\n    assert True\n"),
        case("a function gone", EVERY.split("\n\n\ndef has_refund")[0] + "\n", False,
             f"proj/{MODULE} no longer defines has_refund"),
    ],
}
