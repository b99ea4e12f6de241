"""The file modules of `_file_modules` as a developer would modernise them: pathlib for every path,
no `os` import, no builtin open() (Path's methods, or Path.open in a `with`), the same functions,
parameters and str results. The pathlib family's reference writes these under the module's own
docstring."""

from __future__ import annotations

MODERN = {
    "reports": '''
from pathlib import Path

REPORT_DIR = "reports"


def report_path(root, name):
    """Where the report `name` lives under `root`."""
    return str(Path(root) / REPORT_DIR / (name + ".txt"))


def save_report(root, name, lines):
    """Write `lines` as the report `name`, creating its folder; returns the report's path."""
    (Path(root) / REPORT_DIR).mkdir(parents=True, exist_ok=True)
    path = report_path(root, name)
    Path(path).write_text("\\n".join(lines) + "\\n")
    return path


def read_report(root, name):
    """The lines of the report `name`."""
    return Path(report_path(root, name)).read_text().splitlines()


def list_reports(root):
    """Names of the saved reports, sorted; none when the folder does not exist yet."""
    folder = Path(root) / REPORT_DIR
    if not folder.is_dir():
        return []
    return sorted(entry.stem for entry in folder.iterdir() if entry.name.endswith(".txt"))
''',
    "journal": '''
from pathlib import Path


def journal_file(folder, day):
    """The journal file of `day` (e.g. '2024-05-01') in `folder`."""
    return str(Path(folder) / (day + ".md"))


def add_note(folder, day, text):
    """Append `text` as a bullet to the day's journal."""
    with Path(journal_file(folder, day)).open("a") as handle:
        handle.write("- " + text + "\\n")


def notes(folder, day):
    """The day's notes without their bullets; none when the day has no journal."""
    path = Path(journal_file(folder, day))
    if not path.exists():
        return []
    with path.open() as handle:
        return [line[2:].rstrip("\\n") for line in handle if line.startswith("- ")]


def journal_days(folder):
    """The days that have a journal, sorted."""
    return sorted(entry.stem for entry in Path(folder).iterdir() if entry.name.endswith(".md"))


def journal_size(folder, day):
    """The size of the day's journal in bytes."""
    return Path(journal_file(folder, day)).stat().st_size
''',
    "exports": '''
import csv
from pathlib import Path


def export_file(folder, table):
    """Where the export of `table` goes under `folder`."""
    return str(Path(folder) / "exports" / (table + ".csv"))


def export_rows(folder, table, header, rows):
    """Write `header` and `rows` as the CSV export of `table`; returns the file's path."""
    path = Path(export_file(folder, table))
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows(rows)
    return str(path)


def read_rows(path):
    """(header, rows) of a CSV export."""
    with Path(path).open(newline="") as handle:
        rows = list(csv.reader(handle))
    return rows[0], rows[1:]


def exported_tables(folder):
    """The tables exported under `folder`, sorted."""
    base = Path(folder) / "exports"
    if not base.is_dir():
        return []
    return sorted(entry.stem for entry in base.iterdir() if entry.name.endswith(".csv"))
''',
    "backups": '''
import shutil
from pathlib import Path


def backup_name(path, number):
    """The name of backup `number` of `path`: 'book.xlsx' -> 'book.bak2.xlsx'."""
    given = Path(path)
    return str(given.with_name(given.stem + ".bak" + str(number) + given.suffix))


def make_backup(path):
    """Copy `path` to its next free backup name; returns that name."""
    number = 1
    while Path(backup_name(path, number)).exists():
        number += 1
    target = backup_name(path, number)
    shutil.copyfile(path, target)
    return target


def backups_of(path):
    """The file names of the backups of `path` in its folder, sorted."""
    given = Path(path)
    return sorted(entry.name for entry in given.parent.iterdir()
                  if entry.name.startswith(given.stem + ".bak") and entry.name.endswith(given.suffix))


def read_backup(path, number):
    """The text of backup `number` of `path`."""
    return Path(backup_name(path, number)).read_text()
''',
}
