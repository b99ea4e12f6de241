"""Boundary cases of the sync checks (`forge.checks.tree_sync`): a stale copy brought up to date
(new files copied, the last one too; changed ones replaced, or left with new_only; the copy's own
files kept, deleted or moved aside under their paths; temporary files copied or left out), the
source untouched, nothing added."""

from __future__ import annotations

from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case

SOURCE = {"Thesis/a.txt": b"a2", "Thesis/ch/b.txt": b"b", "Thesis/ch/new.txt": b"n", "Thesis/ch/~$lock.docx": b"l",
          "Thesis/z_last.txt": b"z"}
GIVEN = {**SOURCE, "notes.txt": b"x", "USB/Thesis/a.txt": b"a1", "USB/Thesis/ch/b.txt": b"b",
         "USB/Thesis/ch/old_ch.txt": b"o", "USB/Thesis/.DS_Store": b"d"}
SAME = {"notes.txt": b"x", **SOURCE}
ADDED = {"USB/Thesis/ch/new.txt": b"n", "USB/Thesis/z_last.txt": b"z"}
EXTRAS = {"USB/Thesis/ch/old_ch.txt": b"o", "USB/Thesis/.DS_Store": b"d"}
FULL = {**SAME, **ADDED, "USB/Thesis/a.txt": b"a2", "USB/Thesis/ch/b.txt": b"b", "USB/Thesis/ch/~$lock.docx": b"l"}
KEEP = {**FULL, **EXTRAS}
NEW_ONLY = {**KEEP, "USB/Thesis/a.txt": b"a1"}
MIRROR = FULL
CLEAN = {k: v for k, v in FULL.items() if k != "USB/Thesis/ch/~$lock.docx"}
MOVED = {**FULL, "Aside/ch/old_ch.txt": b"o", "Aside/.DS_Store": b"d"}
BASE = {"source": "Thesis", "copy_path": "USB/Thesis"}


def _without(files: dict[str, bytes], *paths: str) -> dict[str, bytes]:
    return {k: v for k, v in files.items() if k not in paths}


def sync(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "",
         given: dict[str, bytes] = GIVEN) -> Case:
    return Case(label, None, {"folder": "Home", **BASE, **options}, passes, says,
                files={f"Home/{p}": d for p, d in left.items()}, originals={"Home": pack_tree(given)})


CASES = {"tree.mirrored": [
    sync("new and changed, extras kept", {}, KEEP, True),
    sync("the last new file not copied", {}, _without(KEEP, "USB/Thesis/z_last.txt"), False,
         "Home/USB/Thesis/z_last.txt is missing"),
    sync("a changed file not replaced", {}, NEW_ONLY, False, "Home/USB/Thesis/a.txt does not hold"),
    sync("a temporary file left out though not asked", {}, _without(KEEP, "USB/Thesis/ch/~$lock.docx"), False,
         "USB/Thesis/ch/~$lock.docx is missing"),
    sync("extras kept: one deleted", {}, _without(KEEP, "USB/Thesis/ch/old_ch.txt"), False,
         "USB/Thesis/ch/old_ch.txt is missing"),
    sync("new only: the differing file left", {"update": "new_only"}, NEW_ONLY, True),
    sync("new only: the differing file overwritten", {"update": "new_only"}, KEEP, False,
         "USB/Thesis/a.txt does not hold"),
    sync("exact mirror", {"extras": "delete"}, MIRROR, True),
    sync("mirror: the copy's own file kept", {"extras": "delete"}, {**MIRROR, "USB/Thesis/ch/old_ch.txt": b"o"},
         False, "Home/USB/Thesis/ch/old_ch.txt should not be there"),
    sync("mirror without temp files", {"extras": "delete", "skip_temp": True}, CLEAN, True),
    sync("without temp files: the lock file copied", {"extras": "delete", "skip_temp": True}, MIRROR, False,
         "USB/Thesis/ch/~$lock.docx should not be there"),
    sync("without temp files, extras kept: the copy's .DS_Store stays",
         {"skip_temp": True}, {**CLEAN, **EXTRAS}, True),
    sync("without temp files, extras kept: the copy's .DS_Store deleted",
         {"skip_temp": True}, {**CLEAN, "USB/Thesis/ch/old_ch.txt": b"o"}, False, "USB/Thesis/.DS_Store is missing"),
    sync("extras moved aside under their paths", {"extras": "move", "aside": "Aside"}, MOVED, True),
    sync("extras moved aside flat", {"extras": "move", "aside": "Aside"},
         {**_without(MOVED, "Aside/ch/old_ch.txt"), "Aside/old_ch.txt": b"o"}, False,
         "Home/Aside/ch/old_ch.txt is missing; the content is at Home/Aside/old_ch.txt"),
    sync("extras deleted instead of moved", {"extras": "move", "aside": "Aside"}, MIRROR, False,
         "Aside/.DS_Store is missing"),
    sync("the source's file moved, not copied", {}, _without(KEEP, "Thesis/ch/new.txt"), False,
         "Home/Thesis/ch/new.txt is missing"),
    sync("a stray file added", {}, {**KEEP, "USB/Thesis/untitled.txt": b""}, False,
         "USB/Thesis/untitled.txt should not be there"),
    sync("the copy already up to date", {}, KEEP, False, "the task is empty", given=KEEP),
]}
