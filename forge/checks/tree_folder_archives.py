"""Tree checks for each subfolder packed into an archive of its own (every client's folder zipped to
send, a year's finished project folders packed away): `<subfolder>.zip` or `.tar.gz` beside it,
holding the subfolder's files at any depth, either inside the subfolder itself (opening it gives the
folder) or straight at the archive's root; every subfolder, or only those whose name starts with a
year before a stated one; the subfolders deleted afterwards or kept. The folder is in place: each
archive is read within bounds (`tree_rules.archive_members`) and compared member by member with the
subfolder it was made of, and every other file is accounted for (`tree_rules.compare_trees`).
"""

from __future__ import annotations

import hashlib
import re
from typing import Literal

from pydantic import Field

from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import tree_view
from forge.checks.tree_rules import Archived, archive_members, compare_trees
from forge.errors import CheckError
from forge.views import Entry

_YEAR = re.compile(r"^((?:19|20)\d\d)(?!\d)")


class FoldersArchived(CheckOptions):
    folder: OutputPath = Field(description="The folder whose top-level subfolders are packed (in place).")
    format: Literal["zip", "tar.gz"]
    wrapped: bool = Field(description="True: members are <subfolder>/<path>; False: <path> at the archive's root.")
    before_year: int | None = Field(default=None, description="Only subfolders whose name starts with a year "
                                                              "before this one; None: every subfolder.")
    remove_folders: bool = Field(default=False, description="Each packed subfolder is deleted afterwards.")


def packed_folders(paths: list[str], opts: FoldersArchived) -> list[str]:
    """The top-level subfolders (holding files) the task packs."""
    tops = sorted({p.split("/", 1)[0] for p in paths if "/" in p})
    if opts.before_year is None:
        return tops
    return [t for t in tops if (year := _YEAR.match(t)) and int(year[1]) < opts.before_year]


def _members_differ(got: dict[str, bytes], wanted: dict[str, Entry], where: str) -> str | None:
    got = {name.removeprefix("./"): data for name, data in got.items()}
    for name, entry in sorted(wanted.items()):
        if name not in got:
            return f"{where} has no member {name!r}; it holds {sorted(got)[:6]}"
        if hashlib.sha256(got[name]).hexdigest() != entry.sha256:
            return f"{where} member {name!r} differs from the file it was made of"
    if extra := sorted(set(got) - set(wanted)):
        return f"{where} holds {extra[0]!r}, which is not a file of the folder it packs; {len(extra)} such"
    return None


@register_check("tree.folders_archived", FoldersArchived, source="tree", view="tree")
def folders_archived(state: FinalState, opts: FoldersArchived) -> Verdict:
    """Each chosen subfolder has an archive `<name>.<format>` beside it holding exactly its files at any
    depth (under `<name>/` when wrapped, else at the root), each with its content; packed subfolders
    are gone with remove_folders, else unchanged; nothing else changes or is added."""
    before = tree_view(state, opts.folder, original=True).files()
    chosen = packed_folders(sorted(before), opts)
    if not chosen:
        raise CheckError(f"no subfolder of {opts.folder}/ is to be packed: the task is empty")
    after = tree_view(state, opts.folder).files()
    expected = {p: e for p, e in before.items()
                if not (opts.remove_folders and p.split("/", 1)[0] in chosen and "/" in p)}
    for name in chosen:
        archive = f"{name}.{opts.format}"
        if archive not in after:
            return Verdict.of(False, f"{opts.folder}/{archive} does not exist")
        if archive in before:
            raise CheckError(f"{opts.folder}/{archive} was there already: the task is ambiguous")
        where = Archived(folder=opts.folder, archive=archive, format=opts.format, select="all")
        inside = {(p if opts.wrapped else p.split("/", 1)[1]): e for p, e in before.items()
                  if p.startswith(f"{name}/")}
        try:  # the run's archive: one that does not read is a wrong answer, not a broken check
            members = archive_members(state.read_bytes(f"{opts.folder}/{archive}"), where)
        except CheckError as exc:
            return Verdict.of(False, str(exc))
        if wrong := _members_differ(members, inside, f"{opts.folder}/{archive}"):
            return Verdict.of(False, wrong)
        expected[archive] = after[archive]
    return compare_trees(after, expected, opts.folder, f"{len(chosen)} subfolders packed into .{opts.format}")
