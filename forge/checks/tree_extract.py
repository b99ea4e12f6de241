"""Tree checks for one kind of file pulled out of several archives without unpacking the rest (the
invoices out of a year of monthly exports, the photos out of a phone backup's zips): every member with
the extension, from every .zip and .tar.gz at the top of the folder, into one target folder by its
file name alone, its name prefixed with its archive's, or in a subfolder named after its archive;
the macOS junk a Mac slips into archives (__MACOSX/, ._ copies) left out; the archives deleted or
kept. The folder is in place: the check works out the whole folder from the
original archive (each export read within bounds by `tree_rules.archive_members`) and accounts for
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
from forge.checks.tree_rules import Archived, archive_members, compare_trees, extension_of, place_entry
from forge.checks.tree_unpack import archive_folder, is_junk
from forge.errors import CheckError
from forge.views import Entry

Naming = Literal["flat", "prefixed", "per_archive"]


class ExtractedMatching(CheckOptions):
    folder: OutputPath = Field(description="The folder whose top-level .zip and .tar.gz files are read (in place).")
    ext: str = Field(description="The members extracted: those with this extension, e.g. '.pdf' (any case).")
    target: str = Field(description="The folder (inside `folder`) the members go into.")
    naming: Naming = Field(description="flat: target/<file name>; prefixed: target/<archive name>_<file name>; "
                                       "per_archive: target/<archive name>/<file name> (archive name without "
                                       ".zip/.tar.gz).")
    remove_archives: bool = Field(default=False, description="Each archive is deleted once read.")
    skip_junk: bool = Field(default=False, description="macOS junk members (under __MACOSX/, ._ copies) are not "
                                                       "extracted, whatever their extension.")


def extracted_path(archive: str, member: str, opts: ExtractedMatching) -> str:
    """Where a matching member lands inside `folder`."""
    name = PurePosixPath(member).name
    return {"flat": f"{opts.target}/{name}", "prefixed": f"{opts.target}/{archive}_{name}",
            "per_archive": f"{opts.target}/{archive}/{name}"}[opts.naming]


@register_check("tree.extracted_matching", ExtractedMatching, source="tree", view="tree")
def extracted_matching(state: FinalState, opts: ExtractedMatching) -> Verdict:
    """Every member with the extension (but macOS junk with skip_junk), of every .zip and .tar.gz at the
    top of the folder, is a file in the target folder under the name the naming gives, with its content
    (no other member is extracted); the archives are gone with remove_archives, else unchanged; every
    other file stays."""
    from preparers.filetypes._tar import read_tar  # the bounded tar reader (no links, no escaping paths)

    given = read_tar(state.originals[opts.folder], opts.folder, max_members=5000)
    expected = {p: e for p, e in tree_view(state, opts.folder, original=True).files().items()}
    placed = 0
    for name in sorted(given):
        if (found := archive_folder(name)) is None:
            continue
        stem, fmt = found
        if opts.remove_archives:
            del expected[name]
        where = Archived(folder=opts.folder, archive=name, format=fmt, select="all")  # type: ignore[arg-type]
        for member, data in sorted(archive_members(given[name], where).items()):
            if extension_of(member) == opts.ext.lower() and not (opts.skip_junk and is_junk(member)):
                placed += 1
                path = extracted_path(stem, member, opts)
                place_entry(expected, path, Entry(path=path, kind="file", size=len(data),
                                                  sha256=hashlib.sha256(data).hexdigest()), opts.folder)
    if not placed:
        raise CheckError(f"no archive at the top of {opts.folder}/ holds a {opts.ext} file: the task is empty")
    return compare_trees(tree_view(state, opts.folder).files(), expected, opts.folder,
                         f"{placed} {opts.ext} files extracted into {opts.target}/")
