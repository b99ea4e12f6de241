"""Tree checks for files grouped into a folder per client (or project) by the code their names start
with (`ACME_invoice_2024-03.pdf`, `Birch Dental - contract.docx`): the part before the first
separator names the folder, in capitals when codes typed in any case are one client; the code
stripped from the names inside or kept; a client with a single file left at the top when asked;
moved or copied. The folder is in place: the check works out the whole folder from the original
archive and accounts for every file (`tree_rules.compare_trees`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import tree_view
from forge.checks.tree_rules import compare_trees, place_entry
from forge.errors import CheckError
from forge.views import Entry


class GroupedByPrefix(CheckOptions):
    folder: OutputPath = Field(description="The folder grouped in place; only its top-level files are grouped.")
    separator: str = Field(min_length=1, description="What ends the code in a name, e.g. '_' or ' - '.")
    fold_case: bool = Field(default=False, description="Codes in any case are one group; its folder is the code "
                                                       "in capitals. Else each code as written is its own folder.")
    strip: bool = Field(default=False, description="Inside its folder a file loses the code and the separator.")
    singles_stay: bool = Field(default=False, description="A code with a single top-level file gets no folder: "
                                                          "that file stays where it is.")
    mode: Literal["move", "copy"] = "move"


def code_of(name: str, opts: GroupedByPrefix) -> tuple[str, str] | None:
    """(the group folder, the name inside it) of a top-level file, or None when its name has no code."""
    code, sep, rest = name.partition(opts.separator)
    if not sep or not code.strip() or not rest.strip() or "/" in name:
        return None
    return (code.upper() if opts.fold_case else code), (rest if opts.strip else name)


def groups(files: dict[str, Entry], opts: GroupedByPrefix) -> dict[str, str]:
    """Top-level path -> its place in the group folder (with singles_stay, for codes of two files or more)."""
    coded = {p: found for p in files if (found := code_of(p, opts)) is not None}
    counts: dict[str, int] = {}
    for folder, _ in coded.values():
        counts[folder] = counts.get(folder, 0) + 1
    return {p: f"{folder}/{name}" for p, (folder, name) in sorted(coded.items())
            if counts[folder] > 1 or not opts.singles_stay}


@register_check("tree.grouped_by_prefix", GroupedByPrefix, source="tree", view="tree")
def grouped_by_prefix(state: FinalState, opts: GroupedByPrefix) -> Verdict:
    """Every top-level file whose name starts with a code and the separator is in the folder named
    by the code (in capitals with fold_case), under its name (without the code with strip), moved or
    copied as asked; with singles_stay a code's only file stays at the top; everything else stays
    where it was; nothing is added."""
    before = tree_view(state, opts.folder, original=True).files()
    moves = groups(before, opts)
    if not moves:
        raise CheckError(f"no file at the top of {opts.folder}/ starts with a code: the task is empty")
    expected: dict[str, Entry] = {}
    for path, entry in sorted(before.items()):
        if path not in moves or opts.mode == "copy":
            place_entry(expected, path, entry, opts.folder)
        if path in moves:
            place_entry(expected, moves[path], entry, opts.folder)
    folders = len({target.split("/", 1)[0] for target in moves.values()})
    return compare_trees(tree_view(state, opts.folder).files(), expected, opts.folder,
                         f"{len(moves)} files {opts.mode}d into {folders} client folders")
