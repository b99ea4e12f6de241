"""Boundary cases of `project.dunders_added` on a real product class (name, price kept as _price,
quantity), run in a bubblewrap sandbox: a __repr__ by the constructor's arguments, equality by all of
them, and an ordering by price (total_ordering) pass, with the tests as given or a new test; nothing
done, a repr naming the attribute or missing the LAST argument, an equality that ignores the last
argument or fails on other types, an ordering by the wrong field or without <=, and a test missing,
passing on the original or added unasked fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._code_projects import project_case, seeded
from workflows.code._property_classes import add_property_class

FILES, MODULE, TESTS = seeded(lambda rng, faker: add_property_class(rng, faker, "products")[0])
SOURCE, TEST_SOURCE = FILES[MODULE], FILES[TESTS]
SAMPLE = TEST_SOURCE.split("    product = ", 1)[1].split("\n", 1)[0]
REPR = ("\n    def __repr__(self):\n        return f\"Product(name={self.name!r}, price={self._price!r}, "
        "quantity={self.quantity!r})\"\n")
EQ = ("\n    def __eq__(self, other):\n        if not isinstance(other, Product):\n            return NotImplemented\n"
      "        return (self.name, self._price, self.quantity) == (other.name, other._price, other.quantity)\n")
LT = ("\n    def __lt__(self, other):\n        if not isinstance(other, Product):\n            return NotImplemented\n"
      "        return self._price < other._price\n")
NEW_TEST = f"\n\ndef test_repr():\n    assert repr({SAMPLE}).startswith('Product(name=')\n"


def extended(extra: str, ordered: bool = False) -> str:
    source = SOURCE.rstrip() + "\n" + extra
    if ordered:
        head, rest = source.split("\n", 1)
        source = f"{head}\n\nimport functools\n{rest}".replace("class Product:", "@functools.total_ordering\nclass Product:")
    return source


def case(label: str, source: str, passes: bool, says: str = "", tests: str = TEST_SOURCE, **options: Any) -> Case:
    return project_case(label, FILES, {MODULE: source, TESTS: tests}, {
        "file": f"proj/{MODULE}", "test_file": f"proj/{TESTS}", "klass": "Product", "keys": ["name", "price", "quantity"],
        "what": "repr", "test": False, **options}, passes, says)


SHOWN = "Product does not behave as asked: "
ORDER = {"what": "order", "order_by": "price"}

CASES = {
    "project.dunders_added": [
        case("a repr by the constructor's arguments", extended(REPR), True),
        case("equality by every argument", extended(EQ), True, what="eq"),
        case("sorted by price", extended(EQ + LT, ordered=True), True, **ORDER),
        case("a repr with a new test", extended(REPR), True, tests=TEST_SOURCE + NEW_TEST, test=True),
        case("nothing done", SOURCE, False, SHOWN + f"repr({SAMPLE}) is '<"),
        case("a repr naming the attribute", extended(REPR.replace("price={self._price", "_price={self._price")), False,
             SHOWN + f"repr({SAMPLE}) is \"Product(name="),
        case("a repr missing the last argument", extended(REPR.replace(", quantity={self.quantity!r}", "")), False,
             "quantity="),
        case("no equality", SOURCE, False, SHOWN + f"two {SAMPLE} built alike are not equal", what="eq"),
        case("an equality ignoring the last argument", extended(EQ.replace(", self.quantity)", ")").replace(
            ", other.quantity)", ")")), False, SHOWN + f"{SAMPLE} equals a copy whose quantity differs", what="eq"),
        case("an equality failing on other types", extended(EQ.replace(
            "        if not isinstance(other, Product):\n            return NotImplemented\n", "")), False, SHOWN,
             what="eq"),
        case("sorted by the wrong field", extended(EQ + LT.replace("_price < other._price", "quantity < other.quantity"),
                                                   ordered=True), False,
             SHOWN + f"{SAMPLE} against a copy with a larger price", **ORDER),
        case("no <= without total_ordering", extended(EQ + LT), False, SHOWN, **ORDER),
        case("no new test", extended(REPR), False, f"proj/{TESTS} has no new test", test=True),
        case("a new test passing on the original", extended(REPR), False,
             "the new tests also pass on the original module", test=True,
             tests=TEST_SOURCE + NEW_TEST.replace(".startswith('Product(name=')", " is not None")),
        case("a test added unasked", extended(REPR), False, f"proj/{TESTS} was changed; the tests must stay as they were",
             tests=TEST_SOURCE + NEW_TEST),
    ],
}
