"""Tree checks for a shoot's photos renamed into one numbered sequence (Patel_wedding_001.jpg, ...):
in the order they were taken (EXIF date taken, read through the image view, across cameras whose
own numbers interleave) or by file name; renamed in place or copied renamed into a new folder; with
a CSV manifest of old and new names or not. The folder is in place: the check works out the whole
folder from the original archive and accounts for every file (`tree_rules.compare_trees`).
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Literal

from pydantic import Field

from forge.checks._compare import text
from forge.checks.source import output_view
from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import tree_view
from forge.checks.tree_photos import _taken
from forge.checks.tree_rules import compare_trees, place_entry
from forge.errors import CheckError
from forge.views import Entry, TableView


class RenamedInSequence(CheckOptions):
    folder: OutputPath = Field(description="The shoot's folder (photos at its top), changed in place.")
    prefix: str = Field(description="New names are <prefix>_001.jpg, <prefix>_002.jpg, ...")
    order: Literal["taken", "name"] = Field(description="taken: by EXIF date taken (ties by name); name: by file "
                                                        "name, ignoring case.")
    target: str | None = Field(default=None, description="Copies renamed go into this folder inside `folder`, "
                                                         "the originals kept; None: renamed in place.")
    manifest: str | None = Field(default=None, description="A CSV inside `folder` with the columns old_name, "
                                                           "new_name, one row per photo in sequence order.")


def sequence(taken: dict[str, str | None], opts: RenamedInSequence) -> list[tuple[str, str]]:
    """(old path, new name) of the top-level photos, in sequence order."""
    photos = [p for p in taken if "/" not in p]
    if opts.order == "taken":
        if any(taken[p] is None for p in photos):
            raise CheckError("a photo has no date taken: the order is undefined")
        photos.sort(key=lambda p: (taken[p] or "", p))
    else:
        photos.sort(key=lambda p: (p.casefold(), p))
    return [(p, f"{opts.prefix}_{n:03d}.jpg") for n, p in enumerate(photos, start=1)]


def _manifest(state: FinalState, opts: RenamedInSequence, plan: list[tuple[str, str]]) -> Verdict | None:
    table = output_view(state, f"{opts.folder}/{opts.manifest}", TableView).get()
    if [text(h).casefold() for h in table.header] != ["old_name", "new_name"]:
        return Verdict.of(False, f"{opts.manifest} has columns {table.header}, expected ['old_name', 'new_name']")
    body = [[text(c) for c in r[:2]] for r in table.body if any(v is not None for v in r)]
    for n, (want, have) in enumerate(zip(plan, body, strict=False), start=2):
        if have != list(want):
            return Verdict.of(False, f"row {n} of {opts.manifest} is {have}, expected {list(want)}")
    if len(body) != len(plan):
        return Verdict.of(False, f"{opts.manifest} has {len(body)} rows, expected {len(plan)} (one per photo)")
    return None


@register_check("tree.renamed_in_sequence", RenamedInSequence, source="tree", view="tree")
def renamed_in_sequence(state: FinalState, opts: RenamedInSequence) -> Verdict:
    """Every JPEG at the top of the folder has the name <prefix>_NNN.jpg for its place in the order
    asked (counting from 001), renamed where it is, or copied so into the target folder with the
    originals kept; the manifest, when asked, lists old and new names in sequence order; other
    files are unchanged; nothing else is added."""
    before = tree_view(state, opts.folder, original=True).files()
    plan = sequence(_taken(state, opts.folder), opts)  # every JPEG, by path -> date taken
    if not plan:
        raise CheckError(f"no photo at the top of {opts.folder}/: the task is empty")
    new = dict(plan)
    expected: dict[str, Entry] = {}
    for path, entry in sorted(before.items()):
        if path not in new or opts.target:
            place_entry(expected, path, entry, opts.folder)
        if path in new:
            place_entry(expected, f"{opts.target}/{new[path]}" if opts.target else new[path], entry, opts.folder)
    after = tree_view(state, opts.folder).files()
    if opts.manifest:
        if opts.manifest not in after:
            return Verdict.of(False, f"{opts.folder}/{opts.manifest} does not exist")
        if (failure := _manifest(state, opts, [(PurePosixPath(p).name, n) for p, n in plan])) is not None:
            return failure
        after = {p: e for p, e in after.items() if p != opts.manifest}
    return compare_trees(after, expected, opts.folder, f"{len(plan)} photos numbered by {opts.order}")
