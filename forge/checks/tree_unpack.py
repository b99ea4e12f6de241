"""Tree checks for an archive unpacked into a tidy layout: every member of a zip or tar.gz in the
folder extracted into a named target folder, the archive's one wrapping top folder dropped when
asked, macOS and Windows junk entries left out when asked, the archive deleted or kept; or every
archive at the top of a folder unpacked into a folder of its own name. The folder
is in place, so the check works out the whole folder from the original archive (the folder's,
and the archive inside it, read within bounds by `tree_rules.archive_members`) and accounts for
every file.
"""

from __future__ import annotations

import hashlib
from pathlib import PurePosixPath
from typing import Literal

from pydantic import Field

from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import tree_view
from forge.checks.tree_rules import Archived, compare_trees, place_entry, archive_members
from forge.errors import CheckError
from forge.views import Entry

JUNK_NAMES = (".DS_Store", "Thumbs.db", "desktop.ini")


def is_junk(member: str) -> bool:
    """A member no one wants unpacked: macOS resource forks (__MACOSX/, ._name) and folder metadata."""
    parts = PurePosixPath(member).parts
    return "__MACOSX" in parts or parts[-1].startswith("._") or parts[-1] in JUNK_NAMES


class Unpacked(CheckOptions):
    folder: OutputPath = Field(description="The folder holding the archive, changed in place.")
    archive: str = Field(description="The archive's path inside `folder`.")
    format: Literal["zip", "tar.gz"]
    target: str = Field(description="The folder (inside `folder`) the members are extracted into.")
    top: str | None = Field(default=None, description="The archive's wrapping top folder: members under it go "
                                                      "into `target` without it; None: members keep their paths.")
    skip_junk: bool = Field(default=False, description="__MACOSX/ entries, ._ files, .DS_Store, Thumbs.db and "
                                                       "desktop.ini are not extracted.")
    remove_archive: bool = Field(default=False, description="The archive is deleted once unpacked.")


def _original_archive(state: FinalState, opts: Unpacked) -> dict[str, bytes]:
    from preparers.filetypes._tar import read_tar  # the bounded tar reader (no links, no escaping paths)

    given = read_tar(state.originals[opts.folder], opts.folder, max_members=5000)
    if opts.archive not in given:
        raise CheckError(f"{opts.folder}/{opts.archive} is not one of the task's files")
    where = Archived(folder=opts.folder, archive=opts.archive, format=opts.format, select="all")
    return archive_members(given[opts.archive], where)


def unpacked_path(member: str, opts: Unpacked) -> str | None:
    """Where a member lands inside `folder` (None: left out as junk)."""
    name = member.removeprefix("./")
    if opts.skip_junk and is_junk(name):
        return None
    if opts.top and name.startswith(opts.top.rstrip("/") + "/"):
        name = name[len(opts.top.rstrip("/")) + 1:]
    return f"{opts.target}/{name}"


@register_check("tree.unpacked", Unpacked, source="tree", view="tree")
def unpacked(state: FinalState, opts: Unpacked) -> Verdict:
    """Every member of the archive (but junk with skip_junk) is a file in the target folder under its
    path in the archive, without the wrapping top folder when `top` is given, with its content;
    the archive is gone with remove_archive, else unchanged; every other file stays as it was."""
    before = tree_view(state, opts.folder, original=True).files()
    members = _original_archive(state, opts)
    expected = {p: e for p, e in before.items() if not (opts.remove_archive and p == opts.archive)}
    placed = 0
    for member, data in sorted(members.items()):
        path = unpacked_path(member, opts)
        if path is not None:
            placed += 1
            place_entry(expected, path, Entry(path=path, kind="file", size=len(data),
                                         sha256=hashlib.sha256(data).hexdigest()), opts.folder)
    if not placed:
        raise CheckError(f"{opts.folder}/{opts.archive} has nothing to unpack: the task is empty")
    return compare_trees(tree_view(state, opts.folder).files(), expected, opts.folder,
                    f"{placed} files unpacked into {opts.target}/")


# --- tree.all_unpacked -----------------------------------------------------------------------------

ARCHIVE_SUFFIXES = {".zip": "zip", ".tar.gz": "tar.gz"}


class AllUnpacked(CheckOptions):
    folder: OutputPath = Field(description="The folder whose top-level archives are unpacked, in place.")
    skip_junk: bool = Field(default=False, description="__MACOSX/ entries, ._ files, .DS_Store, Thumbs.db and "
                                                       "desktop.ini are not extracted.")
    remove_archives: bool = Field(default=False, description="Each archive is deleted once unpacked.")


def archive_folder(name: str) -> tuple[str, str] | None:
    """(the folder an archive at the top unpacks into: its name without .zip/.tar.gz, its format)."""
    for suffix, fmt in ARCHIVE_SUFFIXES.items():
        if "/" not in name and name.lower().endswith(suffix) and len(name) > len(suffix):
            return name[: -len(suffix)], fmt
    return None


@register_check("tree.all_unpacked", AllUnpacked, source="tree", view="tree")
def all_unpacked(state: FinalState, opts: AllUnpacked) -> Verdict:
    """Every .zip and .tar.gz at the top of the folder is unpacked into a folder of its name without
    the extension, each member (but junk with skip_junk) under its path in the archive with its
    content; the archives are gone with remove_archives, else unchanged; nothing else changes."""
    before = tree_view(state, opts.folder, original=True).files()
    expected = dict(before)
    placed = 0
    for name in sorted(before):
        if (found := archive_folder(name)) is None:
            continue
        target, fmt = found
        one = Unpacked(folder=opts.folder, archive=name, format=fmt, target=target,  # type: ignore[arg-type]
                       skip_junk=opts.skip_junk)
        if opts.remove_archives:
            del expected[name]
        for member, data in sorted(_original_archive(state, one).items()):
            path = unpacked_path(member, one)
            if path is not None:
                placed += 1
                place_entry(expected, path, Entry(path=path, kind="file", size=len(data),
                                             sha256=hashlib.sha256(data).hexdigest()), opts.folder)
    if not placed:
        raise CheckError(f"no archive at the top of {opts.folder}/ has anything to unpack: the task is empty")
    return compare_trees(tree_view(state, opts.folder).files(), expected, opts.folder, f"{placed} files unpacked")
