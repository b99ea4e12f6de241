"""Boundary cases of `project.serialisation_added` on a real product class (name, price kept as
_price, quantity), run in a bubblewrap sandbox: to_dict()/from_dict(), to_json()/from_json() and
save()/load() keyed by the constructor's parameters pass, with the tests as given or a new
round-trip test; nothing done, the loading method missing, the attribute names as keys, JSON
returned as a dict, a loader that is no class method, one that drops a value, a save that writes
nothing, a test missing, passing on the original or added unasked fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._code_projects import project_case, seeded
from workflows.code._property_classes import add_property_class

FILES, MODULE, TESTS = seeded(lambda rng, faker: add_property_class(rng, faker, "products")[0])
SOURCE, TEST_SOURCE = FILES[MODULE], FILES[TESTS]
DATA = "{'name': self.name, 'price': self._price, 'quantity': self.quantity}"
TO_DICT = f"\n    def to_dict(self):\n        return {DATA}\n"
FROM_DICT = "\n    @classmethod\n    def from_dict(cls, data):\n        return cls(**data)\n"
JSON = (f"\n    def to_json(self):\n        return json.dumps({DATA})\n"
        "\n    @classmethod\n    def from_json(cls, text):\n        return cls(**json.loads(text))\n")
FILE = (f"\n    def save(self, path):\n        with open(path, 'w') as handle:\n            json.dump({DATA}, handle)\n"
        "\n    @classmethod\n    def load(cls, path):\n        with open(path) as handle:\n"
        "            return cls(**json.load(handle))\n")
SAMPLE = TEST_SOURCE.split("    product = ", 1)[1].split("\n", 1)[0]
ROUND_TRIP = (f"\n\ndef test_round_trip():\n    product = {SAMPLE}\n"
              "    assert Product.from_dict(product.to_dict()).to_dict() == product.to_dict()\n")


def methods(extra: str, imports: str = "") -> str:
    head, rest = SOURCE.split("\n", 1)
    return f"{head}\n{imports}{rest.rstrip()}\n{extra}"


def case(label: str, source: str, passes: bool, says: str = "", tests: str = TEST_SOURCE, **options: Any) -> Case:
    return project_case(label, FILES, {MODULE: source, TESTS: tests}, {
        "file": f"proj/{MODULE}", "test_file": f"proj/{TESTS}", "klass": "Product", "keys": ["name", "price", "quantity"],
        "format": "dict", "test": False, **options}, passes, says)


SHOWN = "Product does not save and load as asked: "

CASES = {
    "project.serialisation_added": [
        case("to_dict and from_dict", methods(TO_DICT + FROM_DICT), True),
        case("to_json and from_json", methods(JSON, "\nimport json\n"), True, format="json"),
        case("save and load", methods(FILE, "\nimport json\n"), True, format="file"),
        case("with a round-trip test", methods(TO_DICT + FROM_DICT), True, tests=TEST_SOURCE + ROUND_TRIP, test=True),
        case("nothing done", SOURCE, False, "Product has no to_dict() method"),
        case("the loader missing", methods(TO_DICT), False, "Product has no from_dict() method"),
        case("attribute names as keys", methods(TO_DICT.replace("'price': self._price", "'_price': self._price")
                                               + FROM_DICT.replace("cls(**data)", "cls(data['name'], data['_price'], "
                                                                                  "data['quantity'])")), False,
             SHOWN + f"{SAMPLE} saves {{'name'"),
        case("JSON returned as a dict", methods(JSON.replace("return json.dumps(", "return dict(") .replace(
            "json.loads(text)", "text"), "\nimport json\n"), False, SHOWN + "to_json() returns a dict, not the JSON text",
             format="json"),
        case("a loader that is no class method", methods(TO_DICT + FROM_DICT.replace("    @classmethod\n", "")), False,
             SHOWN),
        case("a loader that drops a value", methods(TO_DICT + FROM_DICT.replace(
            "cls(**data)", "cls(data['name'], data['price'], 0)")), False, SHOWN + "Product.from_dict(...) builds"),
        case("a save that writes nothing", methods(FILE.replace(
            "        with open(path, 'w') as handle:\n            json.dump(", "        print(").replace(
            ", handle)\n", ")\n", 1), "\nimport json\n"), False, SHOWN + "save(path) wrote no file", format="file"),
        case("no new test", methods(TO_DICT + FROM_DICT), False, f"proj/{TESTS} has no new test that calls to_dict()",
             test=True),
        case("a new test passing on the original", methods(TO_DICT + FROM_DICT), False,
             "the new tests also pass on the original module", test=True, tests=TEST_SOURCE + ROUND_TRIP.replace(
                 "    assert Product", "    if hasattr(product, 'to_dict'):\n        assert Product")),
        case("a test added unasked", methods(TO_DICT + FROM_DICT), False,
             f"proj/{TESTS} was changed; the tests must stay as they were", tests=TEST_SOURCE + ROUND_TRIP),
    ],
}
