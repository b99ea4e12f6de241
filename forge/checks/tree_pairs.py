"""Tree checks for a shoot's RAW+JPEG pairs after culling: the photographer deleted rejects on one
side (the JPEGs in a viewer, or the RAW files in a raw editor), and the other side's files left
without a partner of the same name in the same folder are deleted or moved aside, keeping their
subfolder. The folder is in place: the check works out the whole folder from the original archive
and accounts for every file (`tree_rules.compare_trees`).
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Literal

from pydantic import Field

from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import tree_view
from forge.checks.tree_picks import JPEG_EXTS, RAW_EXTS
from forge.checks.tree_rules import compare_trees, place_entry
from forge.errors import CheckError
from forge.views import Entry

KINDS = {"raw": RAW_EXTS, "jpeg": JPEG_EXTS}


class PairsCulled(CheckOptions):
    folder: OutputPath = Field(description="The shoot's folder, culled in place.")
    orphans: Literal["raw", "jpeg"] = Field(description="The kind removed when no file of the other kind has its "
                                                        "name in its folder.")
    aside: str | None = Field(default=None, description="The folder (inside `folder`) orphans are moved into under "
                                                        "their path; None: they are deleted.")
    ignore_case: bool = Field(default=False, description="Names pair whatever their case (IMG_1.JPG, img_1.cr2).")


def _key(path: str, ignore_case: bool) -> tuple[str, str]:
    pure = PurePosixPath(path)
    key = (str(pure.parent), pure.stem)
    return (key[0], key[1].casefold()) if ignore_case else key


def orphan_paths(files: dict[str, Entry], opts: PairsCulled) -> list[str]:
    """The files of the orphan kind with no file of the other kind of the same name in their folder."""
    other = KINDS["jpeg" if opts.orphans == "raw" else "raw"]
    partners = {_key(p, opts.ignore_case) for p in files if PurePosixPath(p).suffix.lower() in other}
    return sorted(p for p in files if PurePosixPath(p).suffix.lower() in KINDS[opts.orphans]
                  and _key(p, opts.ignore_case) not in partners)


@register_check("tree.pairs_culled", PairsCulled, source="tree", view="tree")
def pairs_culled(state: FinalState, opts: PairsCulled) -> Verdict:
    """Every RAW (or JPEG) file whose JPEG (or RAW) partner of the same name is gone from its folder
    is deleted, or moved under `aside` keeping its path; paired files and everything else stay
    where they were, unchanged; nothing is added."""
    before = tree_view(state, opts.folder, original=True).files()
    if opts.aside and any(p.startswith(f"{opts.aside}/") for p in before):
        raise CheckError(f"{opts.folder}/{opts.aside}/ already exists: the task is ambiguous")
    orphans = set(orphan_paths(before, opts))
    if not orphans:
        raise CheckError(f"every {opts.orphans} file of {opts.folder}/ has its partner: the task is empty")
    expected: dict[str, Entry] = {}
    for path, entry in sorted(before.items()):
        if path not in orphans:
            place_entry(expected, path, entry, opts.folder)
        elif opts.aside:
            place_entry(expected, f"{opts.aside}/{path}", entry, opts.folder)
    what = f"{len(orphans)} unpaired {opts.orphans} file(s) {'moved aside' if opts.aside else 'deleted'}"
    return compare_trees(tree_view(state, opts.folder).files(), expected, opts.folder, what)
