"""A file-handling module for a catalogue package, written the old way: paths joined with os.path,
files opened without `with` and closed by hand, no encoding given. What the pathlib and
with-statement tasks are made of; its tests (pytest's tmp_path) pin the behaviour, paths as str.

    project = add_file_module(rng, faker, "reports")   # the package with `reports.py` as the target
"""

from __future__ import annotations

import random

from faker import Faker
from pydantic import BaseModel

from preparers.code import ProjectContent
from workflows.code._added_module import base_package, with_module


class FileModule(BaseModel):
    kind: str
    module: str
    about: str
    source: str
    tests: str


FILE_MODULES = {
    "reports": FileModule(kind="payroll", module="reports", about="text reports kept under a reports folder", source='''
import os

REPORT_DIR = "reports"


def report_path(root, name):
    """Where the report `name` lives under `root`."""
    return os.path.join(root, REPORT_DIR, name + ".txt")


def save_report(root, name, lines):
    """Write `lines` as the report `name`, creating its folder; returns the report's path."""
    folder = os.path.join(root, REPORT_DIR)
    if not os.path.isdir(folder):
        os.makedirs(folder)
    path = report_path(root, name)
    handle = open(path, "w")
    handle.write("\\n".join(lines) + "\\n")
    handle.close()
    return path


def read_report(root, name):
    """The lines of the report `name`."""
    handle = open(report_path(root, name))
    text = handle.read()
    handle.close()
    return text.splitlines()


def list_reports(root):
    """Names of the saved reports, sorted; none when the folder does not exist yet."""
    folder = os.path.join(root, REPORT_DIR)
    if not os.path.isdir(folder):
        return []
    return sorted(os.path.splitext(name)[0] for name in os.listdir(folder) if name.endswith(".txt"))
''', tests='''
def test_report_path():
    assert report_path("root", "q1") == os.path.join("root", "reports", "q1.txt")


def test_save_and_read_report(tmp_path):
    path = save_report(str(tmp_path), "q1", ["Sales up", "Costs flat"])
    assert path == os.path.join(str(tmp_path), "reports", "q1.txt")
    assert (tmp_path / "reports" / "q1.txt").read_text() == "Sales up\\nCosts flat\\n"
    assert read_report(str(tmp_path), "q1") == ["Sales up", "Costs flat"]


def test_list_reports(tmp_path):
    assert list_reports(str(tmp_path)) == []
    save_report(str(tmp_path), "q2", ["b"])
    save_report(str(tmp_path), "q1", ["a"])
    (tmp_path / "reports" / "notes.md").write_text("not a report")
    assert list_reports(str(tmp_path)) == ["q1", "q2"]
'''),
    "journal": FileModule(kind="schedule", module="journal", about="a day-by-day journal of notes", source='''
import os


def journal_file(folder, day):
    """The journal file of `day` (e.g. '2024-05-01') in `folder`."""
    return os.path.join(folder, day + ".md")


def add_note(folder, day, text):
    """Append `text` as a bullet to the day's journal."""
    handle = open(journal_file(folder, day), "a")
    handle.write("- " + text + "\\n")
    handle.close()


def notes(folder, day):
    """The day's notes without their bullets; none when the day has no journal."""
    path = journal_file(folder, day)
    if not os.path.exists(path):
        return []
    handle = open(path)
    found = [line[2:].rstrip("\\n") for line in handle if line.startswith("- ")]
    handle.close()
    return found


def journal_days(folder):
    """The days that have a journal, sorted."""
    return sorted(os.path.splitext(name)[0] for name in os.listdir(folder) if name.endswith(".md"))


def journal_size(folder, day):
    """The size of the day's journal in bytes."""
    return os.path.getsize(journal_file(folder, day))
''', tests='''
def test_journal_file():
    assert journal_file("notes", "2024-05-01") == os.path.join("notes", "2024-05-01.md")


def test_add_and_read_notes(tmp_path):
    assert notes(str(tmp_path), "2024-05-01") == []
    add_note(str(tmp_path), "2024-05-01", "Call the supplier")
    add_note(str(tmp_path), "2024-05-01", "Café order: 3 boxes")
    assert notes(str(tmp_path), "2024-05-01") == ["Call the supplier", "Café order: 3 boxes"]
    assert journal_size(str(tmp_path), "2024-05-01") == len("- Call the supplier\\n- Café order: 3 boxes\\n".encode())


def test_journal_days(tmp_path):
    add_note(str(tmp_path), "2024-05-02", "b")
    add_note(str(tmp_path), "2024-05-01", "a")
    (tmp_path / "todo.txt").write_text("x")
    assert journal_days(str(tmp_path)) == ["2024-05-01", "2024-05-02"]
'''),
    "exports": FileModule(kind="inventory", module="exports", about="CSV exports of tables", source='''
import csv
import os


def export_file(folder, table):
    """Where the export of `table` goes under `folder`."""
    return os.path.join(folder, "exports", table + ".csv")


def export_rows(folder, table, header, rows):
    """Write `header` and `rows` as the CSV export of `table`; returns the file's path."""
    path = export_file(folder, table)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    handle = open(path, "w", newline="")
    writer = csv.writer(handle)
    writer.writerow(header)
    writer.writerows(rows)
    handle.close()
    return path


def read_rows(path):
    """(header, rows) of a CSV export."""
    handle = open(path, newline="")
    rows = list(csv.reader(handle))
    handle.close()
    return rows[0], rows[1:]


def exported_tables(folder):
    """The tables exported under `folder`, sorted."""
    base = os.path.join(folder, "exports")
    if not os.path.isdir(base):
        return []
    return sorted(os.path.splitext(name)[0] for name in os.listdir(base) if name.endswith(".csv"))
''', tests='''
def test_export_file():
    assert export_file("out", "stock") == os.path.join("out", "exports", "stock.csv")


def test_export_and_read_rows(tmp_path):
    path = export_rows(str(tmp_path), "stock", ["sku", "name"], [["A-1", "Crème, fine"], ["B-2", "Bolts"]])
    assert path == os.path.join(str(tmp_path), "exports", "stock.csv")
    assert read_rows(path) == (["sku", "name"], [["A-1", "Crème, fine"], ["B-2", "Bolts"]])


def test_exported_tables(tmp_path):
    assert exported_tables(str(tmp_path)) == []
    export_rows(str(tmp_path), "stock", ["sku"], [])
    export_rows(str(tmp_path), "orders", ["id"], [["1"]])
    assert exported_tables(str(tmp_path)) == ["orders", "stock"]
'''),
    "backups": FileModule(kind="ledger", module="backups", about="numbered backups of files", source='''
import os
import shutil


def backup_name(path, number):
    """The name of backup `number` of `path`: 'book.xlsx' -> 'book.bak2.xlsx'."""
    stem, extension = os.path.splitext(path)
    return stem + ".bak" + str(number) + extension


def make_backup(path):
    """Copy `path` to its next free backup name; returns that name."""
    number = 1
    while os.path.exists(backup_name(path, number)):
        number += 1
    target = backup_name(path, number)
    shutil.copyfile(path, target)
    return target


def backups_of(path):
    """The file names of the backups of `path` in its folder, sorted."""
    folder = os.path.dirname(path) or "."
    stem, extension = os.path.splitext(os.path.basename(path))
    return sorted(name for name in os.listdir(folder) if name.startswith(stem + ".bak") and name.endswith(extension))


def read_backup(path, number):
    """The text of backup `number` of `path`."""
    handle = open(backup_name(path, number))
    text = handle.read()
    handle.close()
    return text
''', tests='''
def test_backup_name():
    assert backup_name(os.path.join("books", "ledger.txt"), 2) == os.path.join("books", "ledger.bak2.txt")


def test_make_and_read_backups(tmp_path):
    original = tmp_path / "ledger.txt"
    original.write_text("balance 120.50\\n")
    first = make_backup(str(original))
    original.write_text("balance 99.10\\n")
    second = make_backup(str(original))
    assert (first, second) == (str(tmp_path / "ledger.bak1.txt"), str(tmp_path / "ledger.bak2.txt"))
    assert read_backup(str(original), 1) == "balance 120.50\\n"
    assert backups_of(str(original)) == ["ledger.bak1.txt", "ledger.bak2.txt"]
'''),
}


def _functions(source: str) -> list[str]:
    return [line[4:].split("(")[0] for line in source.splitlines() if line.startswith("def ")]


def add_file_module(rng: random.Random, faker: Faker, name: str) -> ProjectContent:
    """A catalogue package (of the module's related kind) with the file module and its tests as the target."""
    spec = FILE_MODULES[name]
    project, company = base_package(rng, faker, spec.kind)
    names = _functions(spec.source)
    tests = f"import os\n\nfrom {project.package}.{spec.module} import {', '.join(sorted(names))}\n\n" + spec.tests
    return with_module(project, spec.module, f'"""{spec.about.capitalize()} for {company}."""\n' + spec.source, tests,
                       spec.about, names)
