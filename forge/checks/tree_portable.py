"""Tree checks for names made safe to copy onto Windows or a FAT/exFAT stick: the characters Windows
refuses (< > : " \\ | ? *) replaced by '_' and trailing dots and spaces dropped, reserved device
names (CON, PRN, AUX, NUL, COM1-9, LPT1-9) given a '_' after the stem, names equal but for their
case numbered ' (2)', ' (3)' in plain character order; file names only, or folder names too; and a
CSV of the renames when asked. The folder is in place: the check works out the whole folder from
the original archive and accounts for every file (`tree_rules.compare_trees`).
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from pydantic import Field

from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import tree_view
from forge.checks.tree_reports import folder_contents
from forge.checks.tree_rules import compare_trees, place_entry
from forge.errors import CheckError
from forge.filetypes import read_view
from forge.views import Entry, TableView

_BAD = re.compile(r'[<>:"\\|?*]')
RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"COM{n}" for n in range(1, 10)), *(f"LPT{n}" for n in range(1, 10))}


class NamesPortable(CheckOptions):
    folder: OutputPath = Field(description="The folder whose names are fixed in place.")
    characters: bool = Field(default=False, description="< > : \" \\ | ? * become '_'; trailing dots and spaces go.")
    reserved: bool = Field(default=False, description="A reserved device name as the stem gets '_' after it.")
    case_clashes: bool = Field(default=False, description="Names equal but for case: all but the first (plain "
                                                          "character order) get ' (2)', ' (3)' before the extension.")
    folders: bool = Field(default=False, description="Folder names are fixed too (else only file names).")
    report: str | None = Field(default=None, description="A CSV in `folder` with columns old,new: one row per "
                                                         "renamed file (paths in the folder), sorted by old path.")


def fixed_name(name: str, opts: NamesPortable) -> str:
    """One name with the character and reserved-name rules applied."""
    if opts.characters:
        name = _BAD.sub("_", name).rstrip(". ")
    if opts.reserved:
        stem, dot, rest = name.partition(".")
        if stem.upper() in RESERVED:
            name = f"{stem}_{dot}{rest}"
    return name


def _numbered(name: str, n: int) -> str:
    stem, dot, ext = name.rpartition(".")
    return f"{stem} ({n}).{ext}" if dot and stem else f"{name} ({n})"


def portable_paths(paths: list[str], opts: NamesPortable) -> dict[str, str]:
    """Every file path -> its portable path (folders renamed the same way when `folders`)."""
    renamed = {}
    for path in paths:
        parts = path.split("/")
        renamed[path] = "/".join([fixed_name(p, opts) if opts.folders else p for p in parts[:-1]]
                                 + [fixed_name(parts[-1], opts)])
    if opts.case_clashes:
        by_folder: dict[tuple[str, str], list[str]] = {}
        for path in sorted(renamed, key=lambda p: renamed[p]):
            parent, _, name = renamed[path].rpartition("/")
            by_folder.setdefault((parent, name.casefold()), []).append(path)
        for same in by_folder.values():
            for n, path in enumerate(same[1:], start=2):
                parent, slash, name = renamed[path].rpartition("/")
                renamed[path] = f"{parent}{slash}{_numbered(name, n)}"
    return renamed


def _report_rows(state: FinalState, opts: NamesPortable) -> list[list[str]]:
    data = folder_contents(state, opts.folder)[opts.report or ""]
    table = read_view(data, f"{opts.folder}/{opts.report}", TableView, file_type="csv").get()
    return [[str(h) for h in table.header], *[[str(c) for c in row] for row in table.body]]


@register_check("tree.names_portable", NamesPortable, source="tree", view="tree")
def names_portable(state: FinalState, opts: NamesPortable) -> Verdict:
    """Every file is at its portable path (the asked rules applied to its name, and to its folders'
    names with `folders`) with its content; files needing no change stay; with `report`, a CSV old,new
    lists exactly the renamed files, sorted by old path; nothing else is added."""
    before = tree_view(state, opts.folder, original=True).files()
    moves = portable_paths(sorted(before), opts)
    changed = sorted(p for p, new in moves.items() if new != p)
    if not changed:
        raise CheckError(f"every name in {opts.folder}/ is already portable: the task is empty")
    expected: dict[str, Entry] = {}
    for path, entry in sorted(before.items()):
        place_entry(expected, moves[path], entry, opts.folder)
    after = tree_view(state, opts.folder).files()
    if opts.report:
        if opts.report not in after:
            return Verdict.of(False, f"{opts.folder}/{opts.report} does not exist")
        rows = _report_rows(state, opts)  # the table view trims cells, so a name's trailing space is compared trimmed
        want = [["old", "new"], *[[p.strip(), moves[p].strip()] for p in changed]]
        for n, (have, row) in enumerate(zip(rows, want, strict=False), start=1):
            if have != row:
                return Verdict.of(False, f"row {n} of {opts.folder}/{opts.report} is {have}, expected {row}")
        if len(rows) != len(want):
            return Verdict.of(False, f"{opts.folder}/{opts.report} has {len(rows) - 1} renames, expected "
                              f"{len(changed)} (one per renamed file, sorted by old path)")
        after = {p: e for p, e in after.items() if p != opts.report}
    return compare_trees(after, expected, opts.folder, f"{len(changed)} names made portable")
