"""Boundary cases of `project.pathlib_used` and `project.files_closed` on a real file module (a
journal: os.path for every path, two open()/close() pairs, no encoding), run in a bubblewrap
sandbox. pathlib: the module on pathlib passes each level it meets (os.listdir kept, builtin open()
kept); os.path left at the END or imported from, no pathlib, os still imported, open() still called,
Path results instead of str, a renamed parameter, a dropped function and edited tests fail. with:
both opens in `with` pass (Path.open too, UTF8 spelled either way); the last open left loose, a
close() kept, a missing or other encoding, changed behaviour and edited tests fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._code_projects import project_case, seeded
from workflows.code._file_modern import MODERN
from workflows.code._file_modules import add_file_module

FILES, MODULE, TESTS = seeded(lambda rng, faker: add_file_module(rng, faker, "journal"))
SOURCE = FILES[MODULE]
HEAD = SOURCE.split("\n", 1)[0] + "\n"
PATHLIB = HEAD + MODERN["journal"]
DAYS = 'sorted(entry.stem for entry in Path(folder).iterdir() if entry.name.endswith(".md"))'
LISTDIR = PATHLIB.replace("from pathlib", "import os\nfrom pathlib").replace(
    DAYS, 'sorted(Path(name).stem for name in os.listdir(folder) if name.endswith(".md"))')
NOTES_WITH = '    with path.open() as handle:\n        return [line[2:].rstrip("\\n") for line in handle if line.startswith("- ")]\n'
BUILTIN_OPEN = PATHLIB.replace(NOTES_WITH, '    with open(path) as handle:\n'
                               '        return [line[2:].rstrip("\\n") for line in handle if line.startswith("- ")]\n')
SIZE = "os.path.getsize(journal_file(folder, day))"
ADD = '    handle = open(journal_file(folder, day), "a")\n    handle.write("- " + text + "\\n")\n    handle.close()\n'
READ = ('    handle = open(path)\n    found = [line[2:].rstrip("\\n") for line in handle if line.startswith("- ")]\n'
        '    handle.close()\n')


def with_add(encoding: str = "") -> str:
    return f'    with open(journal_file(folder, day), "a"{encoding}) as handle:\n        handle.write("- " + text + "\\n")\n'


def with_read(encoding: str = "", close: str = "") -> str:
    return (f'    with open(path{encoding}) as handle:\n'
            f'        found = [line[2:].rstrip("\\n") for line in handle if line.startswith("- ")]\n{close}')


def managed(add: str = with_add(), read: str = with_read()) -> str:
    return SOURCE.replace(ADD, add).replace(READ, read)


UTF8 = ', encoding="utf-8"'
LAST_OS_PATH = PATHLIB.replace("from pathlib", "import os\nfrom pathlib").replace(
    "Path(journal_file(folder, day)).stat().st_size", SIZE)


def line_of(text: str, piece: str) -> int:
    return text.split(piece)[0].count("\n") + 1


def case(check: str, label: str, source: str, passes: bool, says: str = "", tests: str | None = None,
         **options: Any) -> Case:
    edits = {MODULE: source, **({TESTS: tests} if tests is not None else {})}
    return project_case(label, FILES, edits, {"file": f"proj/{MODULE}", **options}, passes, says)


def pathlib(label: str, source: str, passes: bool, says: str = "", level: str = "path_io", **more: Any) -> Case:
    return case("project.pathlib_used", label, source, passes, says, level=level, **more)


def closed(label: str, source: str, passes: bool, says: str = "", encoding: bool = False, **more: Any) -> Case:
    return case("project.files_closed", label, source, passes, says, encoding=encoding, **more)


CASES = {
    "project.pathlib_used": [
        pathlib("all on pathlib, no os, no builtin open", PATHLIB, True),
        pathlib("os.listdir kept, os.path asked gone", LISTDIR, True, level="os_path"),
        pathlib("builtin open kept, os asked gone", BUILTIN_OPEN, True, level="no_os"),
        pathlib("nothing done", SOURCE, False, f"proj/{MODULE} still uses os.path, on line 8", level="os_path"),
        pathlib("the last os.path call left", LAST_OS_PATH, False,
                f"proj/{MODULE} still uses os.path, on line {line_of(LAST_OS_PATH, SIZE)}", level="os_path"),
        pathlib("os.path imported from", PATHLIB.replace("from pathlib import Path", "from os.path import join\n"
                                                         "from pathlib import Path"), False,
                f"proj/{MODULE} still uses os.path, on line 3", level="os_path"),
        pathlib("no pathlib, paths joined by hand", SOURCE.replace("os.path.join(folder, day + \".md\")",
                                                                   "folder + os.sep + day + \".md\"").replace(
            "os.path.exists(path)", "os.access(path, os.F_OK)").replace(
            "os.path.splitext(name)[0]", "name[:-3]").replace(SIZE, "os.stat(journal_file(folder, day)).st_size"),
            False, f"proj/{MODULE} does not import pathlib", level="os_path"),
        pathlib("os still imported, no_os asked", LISTDIR, False, f"proj/{MODULE} still imports os, on line 3",
                level="no_os"),
        pathlib("the builtin open still called, path_io asked", BUILTIN_OPEN, False,
                f"proj/{MODULE} still calls the builtin open(), on line {line_of(BUILTIN_OPEN, 'open(path)')}"),
        pathlib("Path objects returned instead of str", PATHLIB.replace('return str(Path(folder) / (day + ".md"))',
                                                                        'return Path(folder) / (day + ".md")'),
                False, "the tests do not pass"),
        pathlib("a parameter renamed", PATHLIB.replace("def journal_size(folder, day):", "def journal_size(folder, date):")
                .replace("journal_file(folder, day)).stat()", "journal_file(folder, date)).stat()"), False,
                "journal_size's parameters changed"),
        pathlib("a function dropped", PATHLIB.split("\n\n\ndef journal_size")[0] + "\n", False,
                f"proj/{MODULE} no longer defines journal_size()"),
        pathlib("the tests edited", PATHLIB, False, f"proj/{TESTS} was changed", tests=FILES[TESTS] + "\n# ok\n"),
    ],
    "project.files_closed": [
        closed("both opens in with statements", managed(), True),
        closed("with utf-8 asked and given", managed(with_add(UTF8), with_read(UTF8)), True, encoding=True),
        closed("UTF8 spelled another way", managed(with_add(', encoding="UTF8"'), with_read(', encoding="utf_8"')),
               True, encoding=True),
        closed("Path.open in with statements", PATHLIB, True),
        closed("nothing done", SOURCE, False, f"proj/{MODULE} opens a file outside a with statement, on line 13"),
        closed("the last open left loose", managed(read=READ), False,
               f"proj/{MODULE} opens a file outside a with statement, on line 22"),
        closed("a close() kept inside the with", managed(read=with_read(close="        handle.close()\n")), False,
               f"proj/{MODULE} still closes a file by hand, on line 24"),
        closed("utf-8 asked, the last open without it", managed(with_add(UTF8), with_read()), False,
               f"the open() on line 22 of proj/{MODULE} does not pass encoding='utf-8'", encoding=True),
        closed("utf-8 asked, latin-1 given", managed(with_add(UTF8), with_read(', encoding="latin-1"')), False,
               f"the open() on line 22 of proj/{MODULE} does not pass encoding='utf-8'", encoding=True),
        closed("the bullet dropped while rewriting", managed(with_add().replace('"- " + text', "text")), False,
               "the tests do not pass"),
        closed("a parameter renamed", managed().replace("def add_note(folder, day, text):",
                                                        "def add_note(folder, day, note):").replace(
            '"- " + text', '"- " + note'), False, "add_note's parameters changed"),
        closed("the tests edited", managed(), False, f"proj/{TESTS} was changed", tests=FILES[TESTS] + "\n# ok\n"),
    ],
}
