"""Boundary cases of `project.export_added` on a real catalogue package (stock keeping: export_items
writes (sku, quantity, unit_cost) items), run in a bubblewrap sandbox: CSV of sku and quantity
sorted by sku passes, and so do a JSON array of every field in the given order, numbers written
with two decimals, an extra optional parameter and a new test; no header, every column when two
were asked, columns swapped, unsorted, sorted the wrong way or by another field, the LAST record
dropped, a repeat dropped, nothing written for no records, extra JSON keys, a JSON object instead
of an array, another name, a required extra parameter, and tests not as asked fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._code_projects import project_case, seeded
from workflows.code._all_kinds import make_package

FILES, MODULE, TESTS = seeded(lambda rng, faker: make_package(rng, faker, "inventory", neighbours=1))
SOURCE, TEST_SOURCE = FILES[MODULE], FILES[TESTS]
EXAMPLE = [["C-310", 2, 3.5], ["A-100", 30, 9.99], ["F-618", 12, 1.25]]


def with_export(body: str, imports: str = "import csv", signature: str = "items, path") -> str:
    first, rest = SOURCE.split("\n", 1)
    return f"{first}\n\n{imports}\n{rest.rstrip()}\n\n\ndef export_items({signature}):\n{body}"


def csv_body(header: str = '["sku", "quantity"]', order: str = "sorted(items)", row: str = "[sku, quantity]") -> str:
    return (f'    with open(path, "w", newline="") as handle:\n        writer = csv.writer(handle)\n'
            + (f"        writer.writerow({header})\n" if header else "")
            + f"        for sku, quantity, unit_cost in {order}:\n            writer.writerow({row})\n")


def json_body(row: str = '{"sku": sku, "quantity": quantity, "unit_cost": unit_cost}', wrap: str = "[{}]") -> str:
    rows = wrap.format(f"{row} for sku, quantity, unit_cost in items")
    return f'    with open(path, "w") as handle:\n        json.dump({rows}, handle)\n'


CSV = with_export(csv_body())
NEW_TEST = ("\n\ndef test_export_items(tmp_path):\n    from williams_core.stock import export_items\n"
            "    export_items([('B-2', 1, 2.0)], str(tmp_path / 'x.csv'))\n"
            "    assert (tmp_path / 'x.csv').read_text().splitlines() == ['sku,quantity', 'B-2,1']\n")


def case(label: str, source: str, passes: bool, says: str = "", tests: str = "", **options: Any) -> Case:
    return project_case(label, FILES, {MODULE: source, TESTS: TEST_SOURCE + tests}, {
        "file": f"proj/{MODULE}", "test_file": f"proj/{TESTS}", "function": "export_items",
        "fields": ["sku", "quantity", "unit_cost"], "columns": ["sku", "quantity"], "sort_by": "sku", "fmt": "csv",
        "example": EXAMPLE, "test": False, **options}, passes, says)


ALL = {"columns": ["sku", "quantity", "unit_cost"], "sort_by": None}
JSON_ALL = {**ALL, "fmt": "json"}

CASES = {
    "project.export_added": [
        case("CSV, sku and quantity, sorted by sku", CSV, True),
        case("JSON, every field, in the given order", with_export(json_body(), "import json"), True, **JSON_ALL),
        case("numbers written with two decimals", with_export(csv_body(
            '["sku", "quantity", "unit_cost"]', "items", '[sku, f"{quantity:.2f}", f"{unit_cost:.2f}"]')), True, **ALL),
        case("an extra optional parameter", with_export(csv_body(), signature="items, path, dialect='excel'"), True),
        case("with a new test", CSV, True, tests=NEW_TEST, test=True),
        case("no header row", with_export(csv_body(header="")), False,
             "the CSV header is ['A-100', '30'], expected ['sku', 'quantity']"),
        case("every column when two were asked", with_export(csv_body('["sku", "quantity", "unit_cost"]', row=
                                                                       "[sku, quantity, unit_cost]")), False,
             "the CSV header is ['sku', 'quantity', 'unit_cost'], expected ['sku', 'quantity']"),
        case("columns swapped", with_export(csv_body('["quantity", "sku"]', row="[quantity, sku]")), False,
             "the CSV header is ['quantity', 'sku']"),
        case("not sorted", with_export(csv_body(order="items")), False,
             "the example: record 1 is written as ['C-310', '2'], expected ['A-100', 30]"),
        case("sorted largest first", with_export(csv_body(order="sorted(items, reverse=True)")), False,
             "the example: record 1 is written as ['F-618', '12'], expected ['A-100', 30]"),
        case("sorted by quantity", with_export(csv_body(order="sorted(items, key=lambda i: i[1])")), False,
             "the example: record 1 is written as ['C-310', '2'], expected ['A-100', 30]"),
        case("the last record dropped", with_export(csv_body(order="sorted(items)[:-1]")), False,
             "the example: 2 records written, expected 3"),
        case("a repeated record dropped", with_export(csv_body(order="sorted(set(items))")), False,
             "the example reversed plus its first record again: 3 records written, expected 4"),
        case("nothing written for no records", with_export("    if not items:\n        return\n" + csv_body()), False,
             "export_items wrote nothing to the path it was given"),
        case("an extra JSON key", with_export(json_body(
            '{"sku": sku, "quantity": quantity, "unit_cost": unit_cost, "value": quantity * unit_cost}'),
            "import json"), False, "a JSON record has the keys ['quantity', 'sku', 'unit_cost', 'value']", **JSON_ALL),
        case("a JSON object keyed by sku", with_export(json_body(
            'sku: {"sku": sku, "quantity": quantity, "unit_cost": unit_cost}', "{{{}}}"), "import json"), False,
             "the JSON file holds a dict, not an array", **JSON_ALL),
        case("another name", CSV.replace("def export_items(", "def write_items("), False,
             f"proj/{MODULE} defines no top-level function export_items"),
        case("a required extra parameter", with_export(csv_body(), signature="items, path, header"), False,
             "export_items cannot be called as export_items(records, path)"),
        case("the tests edited, none asked", CSV, False, f"proj/{TESTS} was changed", tests=NEW_TEST),
        case("a test asked, none added", CSV, False, f"proj/{TESTS} has no new test that calls export_items()",
             test=True),
    ],
}
