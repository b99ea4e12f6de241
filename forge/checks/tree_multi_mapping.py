"""A folder's files renamed from a list kept in another app's file (a CSV export, a workbook): each row
names a file at the top of the folder and its new name. The expected folder comes from the folder as
the task gave it and the list's rows (read through the table view, so one check serves csv and xlsx),
then EVERY file is accounted for, like the rule-based tree checks: a row applied wrong, a file left
behind, a changed byte or a stray file fails.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from pydantic import Field

from forge.checks._compare import text
from forge.checks.source import input_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import tree_view
from forge.checks.tree_rules import compare_trees, place_entry
from forge.errors import CheckError
from forge.views import Entry, TableView


class RenamedFromTable(CheckOptions):
    folder: OutputPath = Field(description="The folder whose files are renamed (in place).")
    mapping_file: InputPath = Field(description="The list of old and new names (csv, xlsx).")
    table: str | None = Field(default=None, description="The list's sheet or table; None: its first.")
    old_column: str = Field(description="The column naming a file as it is now (a name at the folder's top).")
    new_column: str = Field(description="The column giving its new name.")
    keep_extension: bool = Field(default=False, description="The new names have no extension: each file keeps "
                                                            "its own (new name + the old suffix).")
    into: str | None = Field(default=None, description="Renamed COPIES go into this subfolder of the folder and "
                                                       "the originals stay; None: the files are renamed where they are.")


def planned(state: FinalState, opts: RenamedFromTable, present: set[str]) -> dict[str, str]:
    """Old name -> new path inside the folder, for the list's rows whose file is there (rows naming a
    file the folder no longer has are skipped, as the task says)."""
    table = input_view(state, opts.mapping_file, TableView).get(opts.table)
    old, new = table.need_col(opts.old_column, opts.mapping_file), table.need_col(opts.new_column, opts.mapping_file)
    plan: dict[str, str] = {}
    for row in table.body:
        name, target = text(row[old]), text(row[new])
        if not name or name not in present:
            continue
        if not target or "/" in target:
            raise CheckError(f"{opts.mapping_file} gives {name!r} the new name {target!r}: the task is ambiguous")
        if opts.keep_extension:
            target += PurePosixPath(name).suffix
        plan[name] = f"{opts.into}/{target}" if opts.into else target
    return plan


@register_check("tree.renamed_from_table", RenamedFromTable, source="tree", view="tree")
def renamed_from_table(state: FinalState, opts: RenamedFromTable) -> Verdict:
    """Every file the list names (at the folder's top) has the list's new name (its own extension
    kept when the list gives bare names) with its content; with `into`, as a copy in that subfolder
    beside the untouched original; rows for files not in the folder are skipped; every other file
    stays as it was; nothing else in the folder."""
    before = tree_view(state, opts.folder, original=True).files()
    plan = planned(state, opts, {p for p in before if "/" not in p})
    if not plan:
        raise CheckError(f"no row of {opts.mapping_file} names a file of {opts.folder}/: nothing to rename")
    expected: dict[str, Entry] = {}
    for path, entry in before.items():
        if opts.into or path not in plan:
            place_entry(expected, path, entry, opts.folder)
        if path in plan:
            place_entry(expected, plan[path], entry, opts.folder)
    how = f"copied renamed into {opts.into}/" if opts.into else "renamed"
    return compare_trees(tree_view(state, opts.folder).files(), expected, opts.folder, f"{len(plan)} {how} from the list")
