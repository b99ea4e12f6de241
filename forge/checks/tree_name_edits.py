"""Tree checks for a bulk rename by a text edit, as PowerRename or a rename utility does it: a word
replaced in every name (as written, or whatever its case), a leading text or a trailing text before
the extension removed, a prefix added to names that lack it, or dates written day-month-year or
month-day-year rewritten YYYY-MM-DD; files at the top of the folder or in every subfolder too; a
CSV of the renames when asked. The folder is in place: the check works out the whole folder from
the original archive and accounts for every file (`tree_rules.compare_trees`).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from typing import Literal

from pydantic import Field, model_validator

from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import tree_view
from forge.checks.tree_reports import folder_contents
from forge.checks.tree_rules import compare_trees, place_entry
from forge.errors import CheckError
from forge.filetypes import read_view
from forge.views import Entry, TableView

Edit = Literal["replace", "strip_prefix", "strip_suffix", "add_prefix", "date_iso"]
# a date written with two-digit day and month and a four-digit year, one separator used twice
DATE = re.compile(r"(?<!\d)(\d\d)([-._])(\d\d)\2((?:19|20)\d\d)(?!\d)")


class NamesEdited(CheckOptions):
    folder: OutputPath = Field(description="The folder whose file names are edited in place.")
    edit: Edit
    find: str = Field(default="", description="replace: the text replaced; strip_prefix/strip_suffix: the text "
                                              "removed from the start of the name / the end before the extension.")
    replace: str = Field(default="", description="replace: the new text; add_prefix: the prefix added.")
    ignore_case: bool = Field(default=False, description="replace: `find` matches whatever its case.")
    date_order: Literal["dmy", "mdy"] = Field(default="dmy", description="date_iso: how the names write dates "
                                                                          "(14.03.2024 or 03-14-2024).")
    recursive: bool = Field(default=False, description="Files in subfolders are renamed too (else the top only).")
    report: str | None = Field(default=None, description="A CSV in `folder` with columns old,new: one row per "
                                                         "renamed file (paths in the folder), sorted by old path.")

    @model_validator(mode="after")
    def _has_text(self) -> NamesEdited:
        needs = {"replace": self.find, "strip_prefix": self.find, "strip_suffix": self.find,
                 "add_prefix": self.replace, "date_iso": "-"}
        if not needs[self.edit]:
            raise ValueError(f"the edit {self.edit!r} needs its text (find or replace)")
        return self


def _iso(match: re.Match[str], order: str) -> str:
    first, second, year = int(match[1]), int(match[3]), int(match[4])
    day, month = (first, second) if order == "dmy" else (second, first)
    try:
        return dt.date(year, month, day).isoformat()
    except ValueError:
        raise CheckError(f"{match[0]!r} is not a date written {order}: the task is ambiguous") from None


def _strip_suffix(name: str, opts: NamesEdited) -> str:
    stem, dot, ext = name.rpartition(".")
    if not dot or not stem:
        stem, ext = name, ""
    return stem.removesuffix(opts.find) + (f".{ext}" if ext else "") if stem.endswith(opts.find) else name


EDITS: dict[str, Callable[[str, NamesEdited], str]] = {
    "replace": lambda name, o: re.sub(re.escape(o.find), lambda _: o.replace, name,
                                      flags=re.IGNORECASE if o.ignore_case else 0),
    "strip_prefix": lambda name, o: name.removeprefix(o.find),
    "strip_suffix": _strip_suffix,
    "add_prefix": lambda name, o: name if name.startswith(o.replace) else o.replace + name,
    "date_iso": lambda name, o: DATE.sub(lambda m: _iso(m, o.date_order), name),
}


def edited_paths(paths: list[str], opts: NamesEdited) -> dict[str, str]:
    """Every file path -> its path after the edit (folder names never change)."""
    moved = {}
    for path in paths:
        parent, slash, name = path.rpartition("/")
        new = EDITS[opts.edit](name, opts) if opts.recursive or not slash else name
        if not new or new.startswith("."):
            raise CheckError(f"the edit leaves {path!r} without a name: the task is ambiguous")
        moved[path] = f"{parent}{slash}{new}"
    return moved


def renames_applied(state: FinalState, folder: str, moves: dict[str, str], report: str | None, what: str) -> Verdict:
    """Every file of the original folder at its new path (`moves`: old -> new, every file) with its
    content, nothing else; with `report`, that CSV in the folder holds the header old,new then one row
    per renamed file, sorted by old path, and is not counted as an extra file."""
    given = tree_view(state, folder, original=True).files()
    expected: dict[str, Entry] = {}
    for path, entry in sorted(given.items()):
        place_entry(expected, moves[path], entry, folder)
    after = tree_view(state, folder).files()
    if report is not None:
        if report not in after:
            return Verdict.of(False, f"{folder}/{report} does not exist")
        table = read_view(folder_contents(state, folder)[report], f"{folder}/{report}", TableView,
                          file_type="csv").get()
        rows = [[str(h) for h in table.header], *[[str(c) for c in row] for row in table.body]]
        want = [["old", "new"], *[[old, new] for old, new in sorted(moves.items()) if old != new]]
        for n, (have, row) in enumerate(zip(rows, want, strict=False), start=1):
            if have != row:
                return Verdict.of(False, f"row {n} of {folder}/{report} is {have}, expected {row}")
        if len(rows) != len(want):
            return Verdict.of(False, f"{folder}/{report} has {len(rows) - 1} renames, expected {len(want) - 1} "
                              "(one per renamed file)")
        after.pop(report)
    return compare_trees(after, expected, folder, what)


@register_check("tree.names_edited", NamesEdited, source="tree", view="tree")
def names_edited(state: FinalState, opts: NamesEdited) -> Verdict:
    """Every file (at the top, or at any depth with `recursive`) has the name the edit gives, in its
    folder, with its content; other files and every folder name stay; with `report`, a CSV old,new
    lists exactly the renamed files, sorted by old path; nothing else is added."""
    moves = edited_paths(sorted(tree_view(state, opts.folder, original=True).files()), opts)
    changed = sum(new != old for old, new in moves.items())
    if not changed:
        raise CheckError(f"no file name in {opts.folder}/ changes under the edit: the task is empty")
    return renames_applied(state, opts.folder, moves, opts.report, f"{changed} names edited ({opts.edit})")
