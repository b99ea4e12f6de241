"""Boundary cases of the tree and project check libraries. Tree checks read the folder as the run
left it against the archive the task gave: a file exactly at the size bound, ties broken by name,
the last row of an inventory one byte or one day off. Project checks run the suite and the
instruction's examples in a real bubblewrap sandbox: the last example, a test removed, a total
not rounded to the 2 decimals asked for."""

from __future__ import annotations

import random
from typing import Any

from faker import Faker

from preparers.code import make_project
from preparers.filetypes.project import pack_project
from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case

TREE = {"a.jpg": b"x" * 1000, "b.pdf": b"y" * 1001, "c (1).pdf": b"y" * 1001, "d.zip": b"w" * 4000,
        "notes.txt": b"z" * 10}


def in_folder(files: dict[str, bytes], folder: str = "Downloads") -> dict[str, bytes]:
    return {f"{folder}/{name}": data for name, data in files.items()}


def tree_case(label: str, report: str, report_name: str, options: dict[str, Any], passes: bool, says: str = "",
              left: dict[str, bytes] | None = None, given: dict[str, bytes] = TREE) -> Case:
    return Case(label, None, {"folder": "Downloads", "file": report_name, **options}, passes, says,
                files={**in_folder(given if left is None else left), report_name: report.encode()},
                originals={"Downloads": pack_tree(given)})


LARGE = {"min_bytes": 1000}
BY_NAME = {"min_bytes": 1000, "order": "by_name"}
INVENTORY = {"path_column": "path", "size_column": "size"}
ROWS = "path,size\na.jpg,1000\nb.pdf,1001\nc (1).pdf,1001\nd.zip,4000\nnotes.txt,10\n"
KEPT = {k: v for k, v in TREE.items() if k != "c (1).pdf"}
PHOTOS = {"IMG_20240312_143022.jpg": b"a", "IMG_20240312_143022 (1).jpg": b"a", "PXL_20231201_080000.jpg": b"b",
          "notes.txt": b"c"}
DATED = ("photo,taken\nIMG_20240312_143022 (1).jpg,2024-03-12\nIMG_20240312_143022.jpg,2024-03-12\n"
         "PXL_20231201_080000.jpg,2023-12-01\n")
PHOTO = {"name_column": "photo", "date_column": "taken"}


def photo_case(label: str, csv: str, passes: bool, says: str = "") -> Case:
    return tree_case(label, csv, "photos.csv", PHOTO, passes, says, given=PHOTOS)


# --- project ------------------------------------------------------------------------------------

def _project() -> Any:
    faker = Faker()
    faker.seed_instance(9)
    return make_project(random.Random(9), faker, kind="pricing")


PROJECT = _project()
BUGGY = PROJECT.with_bug(PROJECT.bugs[0])
MODULE, TESTS = PROJECT.module, PROJECT.test_file


def project_case(label: str, files: dict[str, str], options: dict[str, Any], passes: bool, says: str = "",
                 given: dict[str, str] | None = None) -> Case:
    return Case(label, None, {"folder": "proj", "file": f"proj/{MODULE}", **options}, passes, says,
                files={f"proj/{k}": v.encode() for k, v in files.items()},
                originals={"proj": pack_project(BUGGY if given is None else given)})


def edited(base: dict[str, str], path: str, old: str, new: str) -> dict[str, str]:
    assert old in base[path], f"{old!r} is not in {path}"
    return {**base, path: base[path].replace(old, new)}


RENAMED = edited(dict(PROJECT.files), MODULE, "def order_total", "def order_amount")
RENAME = {"test_file": f"proj/{TESTS}", "old": "order_total", "new": "order_amount"}


def with_units_total(body: str, *, tested: bool = True) -> dict[str, str]:
    files = {**PROJECT.files, MODULE: PROJECT.files[MODULE] + f"\n\ndef units_total(lines):\n    return {body}\n"}
    if tested:
        first, rest = files[TESTS].split("\n", 1)
        files[TESTS] = (first.replace(" import ", " import units_total, ") + "\n" + rest
                        + "\n\ndef test_units_total():\n    assert units_total([]) == 0\n")
    return files


ADDED = {"test_file": f"proj/{TESTS}", "function": "units_total",
         "calls": ["units_total([])", "units_total([(2, 1.5), (3, 2.0), (4, 1.0)])"], "results": [0, 9]}
DATA = b"Item,Amount\nA,1.261\nB,2.02\nC,4.5\n"  # the sum 7.781, rounded to 2 decimals: 7.78


def totals(expression: str) -> dict[str, bytes]:
    module = ("import csv\n\n\ndef column_total(path, column):\n    with open(path) as f:\n"
              "        rows = list(csv.DictReader(f))\n"
              f"    return {expression}\n")
    tests = "from totals import column_total\n\n\ndef test_total():\n    assert column_total('data/x.csv', 'Amount') > 0\n"
    return {"tools/totals.py": module.encode(), "tools/test_totals.py": tests.encode(), "data/x.csv": DATA}


def data_case(label: str, expression: str, passes: bool, says: str = "", **options: Any) -> Case:
    return Case(label, None, {"folder": "tools", "file": "tools/totals.py", "test_file": "tools/test_totals.py",
                              "input_file": "data/x.csv", "function": "column_total", "column": "Amount", **options},
                passes, says, files=totals(expression), originals={"data/x.csv": DATA})


SUM = "sum(float(r[column]) for r in rows)"

CASES: dict[str, list[Case]] = {
    "tree.large_files_listed": [
        tree_case("strictly larger, largest first, ties by name", "d.zip\nb.pdf\nc (1).pdf\n", "big.txt", LARGE, True,
                  "3 files over 1000 bytes"),
        tree_case("with the folder's prefix", "Downloads/d.zip\nDownloads/b.pdf\nDownloads/c (1).pdf\n", "big.txt",
                  LARGE, True),
        tree_case("the file exactly at the bound listed", "d.zip\nb.pdf\nc (1).pdf\na.jpg\n", "big.txt", LARGE, False),
        tree_case("a bound one byte lower takes it", "d.zip\nb.pdf\nc (1).pdf\na.jpg\n", "big.txt",
                  {"min_bytes": 999}, True),
        tree_case("the last file missing", "d.zip\nb.pdf\n", "big.txt", LARGE, False),
        tree_case("a tie in the wrong order (the last two)", "d.zip\nc (1).pdf\nb.pdf\n", "big.txt", LARGE, False),
        tree_case("by name", "b.pdf\nc (1).pdf\nd.zip\n", "big.txt", BY_NAME, True),
        tree_case("by name asked, largest first given", "d.zip\nb.pdf\nc (1).pdf\n", "big.txt", BY_NAME, False),
        tree_case("the folder changed", "d.zip\nb.pdf\nc (1).pdf\n", "big.txt", LARGE, False, "changed",
                  left={k: v for k, v in TREE.items() if k != "notes.txt"}),
    ],
    "tree.duplicates_removed": [
        tree_case("the longer-named copy removed and listed", "c (1).pdf\n", "removed.txt", {}, True, left=KEPT),
        tree_case("the shorter name removed instead", "b.pdf\n", "removed.txt", {}, False, "b.pdf should have been kept",
                  left={k: v for k, v in TREE.items() if k != "b.pdf"}),
        tree_case("nothing removed", "", "removed.txt", {}, False, "is still there", left=TREE),
        tree_case("the last unique file removed too", "c (1).pdf\nnotes.txt\n", "removed.txt", {}, False,
                  "notes.txt should have been kept", left={k: v for k, v in KEPT.items() if k != "notes.txt"}),
        tree_case("a new file left", "c (1).pdf\n", "removed.txt", {}, False, "is still there",
                  left={**KEPT, "zz.txt": b"new"}),
        tree_case("the report missing the removed file", "", "removed.txt", {}, False, "expected the removed files",
                  left=KEPT),
        tree_case("the report listing an extra file", "c (1).pdf\nnotes.txt\n", "removed.txt", {}, False, left=KEPT),
    ],
    "tree.inventory_table": [
        tree_case("one row per file, sorted", ROWS, "inv.csv", INVENTORY, True, "5 files inventoried"),
        tree_case("the last size one byte over", ROWS.replace("notes.txt,10", "notes.txt,11"), "inv.csv", INVENTORY,
                  False, "row 6 of inv.csv"),
        tree_case("the last size one byte under", ROWS.replace("notes.txt,10", "notes.txt,9"), "inv.csv", INVENTORY,
                  False, "row 6 of inv.csv"),
        tree_case("the last row missing", ROWS.replace("notes.txt,10\n", ""), "inv.csv", INVENTORY, False,
                  "has 4 rows, expected 5"),
        tree_case("an extra row at the end", ROWS + "zz.txt,1\n", "inv.csv", INVENTORY, False, "has 6 rows"),
        tree_case("the last two rows swapped", ROWS.replace("d.zip,4000\nnotes.txt,10\n", "notes.txt,10\nd.zip,4000\n"),
                  "inv.csv", INVENTORY, False, "row 5 of inv.csv"),
        tree_case("the second column misnamed", ROWS.replace("path,size", "path,bytes"), "inv.csv", INVENTORY, False,
                  "has columns"),
        tree_case("an extra column", ROWS.replace("path,size", "path,size,x"), "inv.csv", INVENTORY, False),
        tree_case("the folder changed", ROWS, "inv.csv", INVENTORY, False, "changed", left=KEPT),
    ],
    "tree.photo_dates": [
        photo_case("one row per photo, by name", DATED, True, "3 photos dated"),
        photo_case("the last date a day off", DATED.replace("2023-12-01", "2023-12-02"), False, "row 4 of photos.csv"),
        photo_case("the last photo missing", DATED.rsplit("PXL", 1)[0], False, "has 2 rows, expected 3"),
        photo_case("a row that is no photo", DATED + "notes.txt,\n", False, "has 4 rows"),
        photo_case("not in character order", DATED.replace("IMG_20240312_143022 (1).jpg,2024-03-12\n", "")
                   .replace("PXL", "IMG_20240312_143022 (1).jpg,2024-03-12\nPXL"), False, "row 2 of photos.csv"),
        photo_case("the date column misnamed", DATED.replace("photo,taken", "photo,date"), False, "has columns"),
    ],
    "project.tests_pass": [
        project_case("the bug fixed", dict(PROJECT.files), {}, True, "tests pass"),
        project_case("the bug left", dict(BUGGY), {}, False, "the tests do not pass"),
        project_case("the failing test switched off", edited(dict(BUGGY), TESTS, "def test_bulk_discount_at_threshold",
                                                             "def _off"), {}, False, "was changed"),
        project_case("tests may change, but one fewer runs",
                     edited(dict(PROJECT.files), TESTS, "def test_line_total_3_units", "def _off"),
                     {"keep_tests": False}, False, "fewer than the project's"),
    ],
    "project.function_renamed": [
        project_case("renamed, tests updated", edited(RENAMED, TESTS, "order_total", "order_amount"), RENAME, True,
                     "renamed to 'order_amount'", given=dict(PROJECT.files)),
        project_case("the tests still use the old name", RENAMED, RENAME, False, "'order_total' is still used in",
                     given=dict(PROJECT.files)),
        project_case("not renamed", dict(PROJECT.files), RENAME, False, "defines no function 'order_amount'",
                     given=dict(PROJECT.files)),
    ],
    "project.function_added": [
        project_case("every example right", with_units_total("sum(q for q, _ in lines)"), ADDED, True,
                     "behaves as the examples say", given=dict(PROJECT.files)),
        project_case("only the last example wrong", with_units_total("sum(q for q, _ in lines[:2])"), ADDED, False,
                     "returns 5, expected 9", given=dict(PROJECT.files)),
        project_case("no test calls it", with_units_total("sum(q for q, _ in lines)", tested=False), ADDED, False,
                     "has no test that calls", given=dict(PROJECT.files)),
    ],
    "project.data_function": [
        data_case("the total rounded to 2 decimals", f"round({SUM}, 2)", True, "returns 7.78"),
        data_case("the total unrounded", SUM, False, "expected 7.78 (rounded to 2 decimals)"),
        data_case("rounded to 3 decimals", f"round({SUM}, 3)", False, "returns 7.781"),
        data_case("rounded to 1 decimal", f"round({SUM}, 1)", False, "returns 7.8"),
        data_case("the last row left out", "round(sum(float(r[column]) for r in rows[:-1]), 2)", False),
        data_case("the max, rounded", "round(max(float(r[column]) for r in rows), 2)", True, aggregate="max"),
    ],
}
