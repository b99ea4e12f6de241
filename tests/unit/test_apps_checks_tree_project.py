"""The tree and project check libraries. Tree checks read the folder as the run left it (a bounded
walk) against the archive the task gave; project checks run the suite in a real sandbox."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from faker import Faker

from preparers.code import make_project
from preparers.filetypes.project import pack_project
from preparers.filetypes.tree import pack_tree
from tests.conftest import require
from tests.unit._apps_state import check, state

TREE = {"a.jpg": b"x" * 1000, "b.pdf": b"y" * 1001, "c (1).pdf": b"y" * 1001, "notes.txt": b"z" * 10}


def unpacked(files: dict[str, bytes], folder: str = "Downloads") -> dict[str, bytes]:
    return {f"{folder}/{name}": data for name, data in files.items()}


@pytest.mark.parametrize(("report", "passed"), [
    ("b.pdf\nc (1).pdf\n", True),               # exactly 1000 bytes is not larger than 1000
    ("Downloads/b.pdf\nDownloads/c (1).pdf\n", True),
    ("a.jpg\nb.pdf\nc (1).pdf\n", False),        # the file at the bound is listed
    ("c (1).pdf\nb.pdf\n", False),               # equal sizes: ties go by name
    ("b.pdf\n", False),
])
def test_large_files_listed(tmp_path: Path, report: str, passed: bool) -> None:
    final = state(tmp_path, {**unpacked(TREE), "big.txt": report.encode()}, {"Downloads": pack_tree(TREE)})
    result = check("tree.large_files_listed", final, folder="Downloads", file="big.txt", min_bytes=1000)
    assert result.passed is passed, result.message


def test_large_files_listed_fails_when_the_folder_changed(tmp_path: Path) -> None:
    moved = {k: v for k, v in TREE.items() if k != "notes.txt"}
    final = state(tmp_path, {**unpacked(moved), "big.txt": b"b.pdf\nc (1).pdf\n"}, {"Downloads": pack_tree(TREE)})
    assert not check("tree.large_files_listed", final, folder="Downloads", file="big.txt", min_bytes=1000).passed


@pytest.mark.parametrize(("left", "report", "passed"), [
    (["a.jpg", "b.pdf", "notes.txt"], "c (1).pdf\n", True),
    (["a.jpg", "c (1).pdf", "notes.txt"], "b.pdf\n", False),           # kept the longer name
    (["a.jpg", "b.pdf", "c (1).pdf", "notes.txt"], "", False),          # nothing removed
    (["a.jpg", "b.pdf"], "c (1).pdf\nnotes.txt\n", False),              # removed a unique file
    (["a.jpg", "b.pdf", "notes.txt"], "", False),                        # report incomplete
])
def test_duplicates_removed(tmp_path: Path, left: list[str], report: str, passed: bool) -> None:
    final = state(tmp_path, {**unpacked({k: TREE[k] for k in left}), "removed.txt": report.encode()},
                  {"Downloads": pack_tree(TREE)})
    result = check("tree.duplicates_removed", final, folder="Downloads", file="removed.txt")
    assert result.passed is passed, result.message


@pytest.mark.parametrize(("csv", "passed"), [
    ("path,size\na.jpg,1000\nb.pdf,1001\nc (1).pdf,1001\nnotes.txt,10\n", True),
    ("path,size\na.jpg,1000\nb.pdf,1001\nc (1).pdf,1001\nnotes.txt,11\n", False),   # a size off by one
    ("path,size\nb.pdf,1001\na.jpg,1000\nc (1).pdf,1001\nnotes.txt,10\n", False),   # not sorted by path
    ("file,size\na.jpg,1000\nb.pdf,1001\nc (1).pdf,1001\nnotes.txt,10\n", False),   # wrong header
])
def test_inventory_table(tmp_path: Path, csv: str, passed: bool) -> None:
    final = state(tmp_path, {**unpacked(TREE), "inv.csv": csv.encode()}, {"Downloads": pack_tree(TREE)})
    result = check("tree.inventory_table", final, folder="Downloads", file="inv.csv", path_column="path",
                   size_column="size")
    assert result.passed is passed, result.message


# --- project (the suite runs in a bubblewrap sandbox) ----------------------------------------------

NEEDS_BWRAP = require(shutil.which("bwrap") is not None, "bubblewrap (bwrap) is not installed")


def project() -> tuple[object, dict[str, str]]:
    faker = Faker()
    faker.seed_instance(9)
    content = make_project(random.Random(9), faker, kind="pricing")
    return content, content.with_bug(content.bugs[0])


@NEEDS_BWRAP
@pytest.mark.parametrize("variant", ["fixed", "still_buggy", "tests_edited"])
def test_tests_pass(tmp_path: Path, variant: str) -> None:
    content, buggy = project()
    files = dict(content.files) if variant != "still_buggy" else dict(buggy)
    if variant == "tests_edited":
        files = dict(buggy)
        files[content.test_file] = files[content.test_file].replace("def test_bulk_discount_at_threshold", "def _off")
    final = state(tmp_path, {f"proj/{k}": v.encode() for k, v in files.items()}, {"proj": pack_project(buggy)})
    result = check("project.tests_pass", final, folder="proj", file=f"proj/{content.module}")
    assert result.passed is (variant == "fixed"), result.message


@NEEDS_BWRAP
@pytest.mark.parametrize(("rename_tests", "passed"), [(True, True), (False, False)])
def test_function_renamed(tmp_path: Path, rename_tests: bool, passed: bool) -> None:
    content, _ = project()
    files = dict(content.files)
    files[content.module] = files[content.module].replace("def order_total", "def order_amount")
    if rename_tests:
        files[content.test_file] = files[content.test_file].replace("order_total", "order_amount")
    final = state(tmp_path, {f"proj/{k}": v.encode() for k, v in files.items()}, {"proj": pack_project(content.files)})
    result = check("project.function_renamed", final, folder="proj", file=f"proj/{content.module}",
                   test_file=f"proj/{content.test_file}", old="order_total", new="order_amount")
    assert result.passed is passed, result.message


@NEEDS_BWRAP
@pytest.mark.parametrize(("body", "passed"), [("return sum(q for q, _ in lines)", True),
                                               ("return len(lines)", False)])
def test_function_added(tmp_path: Path, body: str, passed: bool) -> None:
    content, _ = project()
    files = dict(content.files)
    files[content.module] += f"\n\ndef units_total(lines):\n    {body}\n"
    first, rest = files[content.test_file].split("\n", 1)
    files[content.test_file] = (first.replace(" import ", " import units_total, ") + "\n" + rest
                                + "\n\ndef test_units_total():\n    assert units_total([]) == 0\n")
    final = state(tmp_path, {f"proj/{k}": v.encode() for k, v in files.items()}, {"proj": pack_project(content.files)})
    result = check("project.function_added", final, folder="proj", file=f"proj/{content.module}",
                   test_file=f"proj/{content.test_file}", function="units_total",
                   calls=["units_total([(2, 1.5), (3, 2.0)])"], results=[5])
    assert result.passed is passed, result.message


@NEEDS_BWRAP
@pytest.mark.parametrize(("rounding", "passed"), [("round(total, 2)", True), ("round(total, 1)", False)])
def test_data_function(tmp_path: Path, rounding: str, passed: bool) -> None:
    module = ("import csv\n\n\ndef column_total(path, column):\n    with open(path) as f:\n"
              f"        total = sum(float(r[column]) for r in csv.DictReader(f))\n    return {rounding}\n")
    tests = ("from totals import column_total\n\n\ndef test_total():\n"
             "    assert column_total('data/x.csv', 'Amount') > 0\n")
    data = b"Item,Amount\nA,1.26\nB,2.02\n"
    final = state(tmp_path, {"tools/totals.py": module.encode(), "tools/test_totals.py": tests.encode(),
                             "data/x.csv": data}, {"data/x.csv": data})
    result = check("project.data_function", final, folder="tools", file="tools/totals.py",
                   test_file="tools/test_totals.py", input_file="data/x.csv", function="column_total", column="Amount")
    assert result.passed is passed, result.message


PHOTOS = {"IMG_20240312_143022.jpg": b"a", "IMG_20240312_143022 (1).jpg": b"a", "PXL_20231201_080000.jpg": b"b",
          "notes.txt": b"c"}


@pytest.mark.parametrize(("csv", "passed"), [
    ("photo,taken\nIMG_20240312_143022 (1).jpg,2024-03-12\nIMG_20240312_143022.jpg,2024-03-12\n"
     "PXL_20231201_080000.jpg,2023-12-01\n", True),
    ("photo,taken\nIMG_20240312_143022.jpg,2024-03-12\nIMG_20240312_143022 (1).jpg,2024-03-12\n"
     "PXL_20231201_080000.jpg,2023-12-01\n", False),                      # not in character order
    ("photo,taken\nIMG_20240312_143022 (1).jpg,2024-03-12\nIMG_20240312_143022.jpg,2024-03-12\n"
     "PXL_20231201_080000.jpg,2023-12-02\n", False),                      # a date off by a day
    ("photo,taken\nIMG_20240312_143022 (1).jpg,2024-03-12\nIMG_20240312_143022.jpg,2024-03-12\n"
     "PXL_20231201_080000.jpg,2023-12-01\nnotes.txt,\n", False),          # a row that is no photo
])
def test_photo_dates(tmp_path: Path, csv: str, passed: bool) -> None:
    final = state(tmp_path, {**unpacked(PHOTOS), "photos.csv": csv.encode()}, {"Downloads": pack_tree(PHOTOS)})
    result = check("tree.photo_dates", final, folder="Downloads", file="photos.csv", name_column="photo",
                   date_column="taken")
    assert result.passed is passed, result.message
