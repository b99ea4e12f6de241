"""Boundary cases of `project.property_made` on a real product class (get_price()/set_price() around
a stored price, get_stock_value() worked out), run in a bubblewrap sandbox: a price property with
a setter refusing negatives (the tests switched, or the old methods kept as wrappers with the
tests as given) and a read-only stock_value pass; nothing done, the LAST test still calling the
setter, a plain attribute, no setter where one is asked, a setter on a read-only value, no
ValueError, a refused value that still changed, an old setter that skips the check, the old
methods gone while the tests still call them and edited tests fail."""

from __future__ import annotations

import re
from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._code_projects import project_case, seeded
from tests.unit.boundary_cases._code_rewrites import line_of
from workflows.code._property_classes import add_property_class

FILES, MODULE, TESTS = seeded(lambda rng, faker: add_property_class(rng, faker, "products")[0])
SOURCE, TEST_SOURCE = FILES[MODULE], FILES[TESTS]
ACCESSORS = ("    def get_price(self):\n        return self._price\n\n    def set_price(self, price):\n"
             "        self._price = price\n")
CHECK = "        if price < 0:\n            raise ValueError('negative price')\n"
SETTER = "\n    @price.setter\n    def price(self, price):\n" + CHECK + "        self._price = price\n"
PROPERTY = "    @property\n    def price(self):\n        return self._price\n" + SETTER
WRAPPERS = "\n    def get_price(self):\n        return self.price\n\n    def set_price(self, price):\n        self.price = price\n"
SWITCHED = re.sub(r"\.set_price\((.*)\)", r".price = \1", TEST_SOURCE).replace(".get_price()", ".price")
COMPUTED = SOURCE.replace("    def get_stock_value(self):", "    @property\n    def stock_value(self):")
COMPUTED_TESTS = TEST_SOURCE.replace(".get_stock_value()", ".stock_value")


def module(prop: str = PROPERTY, extra: str = "") -> str:
    return SOURCE.replace(ACCESSORS, prop).rstrip("\n") + "\n" + extra


def case(label: str, source: str, passes: bool, says: str = "", tests: str = SWITCHED, **options: Any) -> Case:
    return project_case(label, FILES, {MODULE: source, TESTS: tests}, {
        "file": f"proj/{MODULE}", "test_file": f"proj/{TESTS}", "klass": "Product", "attribute": "price",
        "getter": "get_price", "setter": "set_price", "reject_negative": True, "compat": False, **options}, passes, says)


LAST_LEFT = re.sub(r"\.price = (.*)$", r".set_price(\1)", SWITCHED, flags=re.M)
COMPUTED_OPTIONS = {"attribute": "stock_value", "getter": "get_stock_value", "setter": None, "reject_negative": False}

CASES = {
    "project.property_made": [
        case("a property refusing negatives, the tests switched", module(), True),
        case("the old methods kept as wrappers, the tests as given", module(extra=WRAPPERS), True, tests=TEST_SOURCE,
             compat=True),
        case("a read-only stock_value", COMPUTED, True, tests=COMPUTED_TESTS, **COMPUTED_OPTIONS),
        case("nothing done", SOURCE, False, f"proj/{MODULE} still uses get_price on line {line_of(SOURCE, 'def get_price')}",
             tests=TEST_SOURCE),
        case("the last test still calling the setter", module(), False,
             f"proj/{TESTS} still uses set_price on line {line_of(LAST_LEFT, '.set_price(')}", tests=LAST_LEFT),
        case("a plain attribute", SOURCE.replace(ACCESSORS, "").replace("self._price", "self.price"), False,
             "Product.price is no property"),
        case("no setter where one is asked", module("    @property\n    def price(self):\n        return self._price\n"),
             False, "the tests do not pass"),
        case("a setter on a read-only value", COMPUTED + "\n    @stock_value.setter\n    def stock_value(self, value):\n"
             "        self.quantity = value / self._price\n", False,
             "Product.stock_value can be set; it must stay read-only", tests=COMPUTED_TESTS, **COMPUTED_OPTIONS),
        case("no ValueError", module(PROPERTY.replace(CHECK, "")), False, "= -1 raised no ValueError"),
        case("a refused value that still changed", module(PROPERTY.replace(
            CHECK + "        self._price = price\n", "        self._price = price\n" + CHECK)), False,
             "= -1 changed price to -1"),
        case("an old setter that skips the check", module(extra=WRAPPERS.replace("self.price = price",
                                                                                  "self._price = price")),
             False, ".set_price(-1) raised no ValueError", tests=TEST_SOURCE, compat=True),
        case("the old methods gone, the tests as given", module(), False, "the tests do not pass", tests=TEST_SOURCE,
             compat=True),
        case("the tests edited with the old methods kept", module(extra=WRAPPERS), False,
             f"proj/{TESTS} was changed; with the old methods kept the tests stay as they were", compat=True),
    ],
}
