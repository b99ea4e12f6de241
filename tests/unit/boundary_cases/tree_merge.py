"""Boundary cases of the merge check (`forge.checks.tree_merge`): two folders merged under their
paths (the last file too; subfolders kept), identical copies once, clashes numbered (the second
one), the first kept or the larger kept (either way round), the sources emptied by a move (copies
left out deleted) or kept by a copy."""

from __future__ import annotations

from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case

GIVEN = {"A/2023/x.jpg": b"x", "A/2024/c.jpg": b"cA", "A/2024/d.jpg": b"dAAA", "A/s.jpg": b"s", "B/s.jpg": b"s",
         "B/2024/c.jpg": b"cBB", "B/2024/d.jpg": b"dB", "B/2024/z.jpg": b"z", "notes.txt": b"n"}
COMMON = {"M/2023/x.jpg": b"x", "M/s.jpg": b"s", "M/2024/z.jpg": b"z"}
NUMBER = {**GIVEN, **COMMON, "M/2024/c.jpg": b"cA", "M/2024/c_2.jpg": b"cBB", "M/2024/d.jpg": b"dAAA",
          "M/2024/d_2.jpg": b"dB"}
FIRST = {**GIVEN, **COMMON, "M/2024/c.jpg": b"cA", "M/2024/d.jpg": b"dAAA"}
LARGER = {**GIVEN, **COMMON, "M/2024/c.jpg": b"cBB", "M/2024/d.jpg": b"dAAA"}
MOVED = {"notes.txt": b"n", **COMMON, "M/2024/c.jpg": b"cBB", "M/2024/d.jpg": b"dAAA"}


def _without(files: dict[str, bytes], *paths: str) -> dict[str, bytes]:
    return {k: v for k, v in files.items() if k not in paths}


def merge(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "",
          given: dict[str, bytes] = GIVEN) -> Case:
    return Case(label, None, {"folder": "Home", "sources": ["A", "B"], "target": "M", "mode": "copy", **options},
                passes, says, files={f"Home/{p}": d for p, d in left.items()}, originals={"Home": pack_tree(given)})


NUM, KEEP1, BIG = {"clash": "number"}, {"clash": "keep_first"}, {"clash": "keep_larger"}
CASES = {"tree.merged": [
    merge("clashes numbered, copied", NUM, NUMBER, True),
    merge("numbered: the second's copy missing", NUM, _without(NUMBER, "M/2024/c_2.jpg"), False,
          "Home/M/2024/c_2.jpg is missing"),
    merge("numbered the wrong way round", NUM, {**NUMBER, "M/2024/c.jpg": b"cBB", "M/2024/c_2.jpg": b"cA"}, False,
          "Home/M/2024/c.jpg does not hold"),
    merge("an identical copy merged twice", NUM, {**NUMBER, "M/s_2.jpg": b"s"}, False,
          "Home/M/s_2.jpg should not be there"),
    merge("the last file not merged", NUM, _without(NUMBER, "M/2024/z.jpg"), False, "Home/M/2024/z.jpg is missing"),
    merge("subfolders flattened", NUM, {**_without(NUMBER, "M/2023/x.jpg"), "M/x.jpg": b"x"}, False,
          "Home/M/2023/x.jpg is missing; the content is at Home/M/x.jpg"),
    merge("the first kept", KEEP1, FIRST, True),
    merge("the first kept: the second's taken", KEEP1, {**FIRST, "M/2024/c.jpg": b"cBB"}, False,
          "Home/M/2024/c.jpg does not hold"),
    merge("the larger kept", BIG, LARGER, True),
    merge("the larger kept: the first's smaller one taken", BIG, FIRST, False, "Home/M/2024/c.jpg does not hold"),
    merge("the larger kept: the second's always taken", BIG, {**LARGER, "M/2024/d.jpg": b"dB"}, False,
          "Home/M/2024/d.jpg does not hold"),
    merge("moved, the larger kept", {**BIG, "mode": "move"}, MOVED, True),
    merge("moved: an identical copy left behind", {**BIG, "mode": "move"}, {**MOVED, "B/s.jpg": b"s"}, False,
          "Home/B/s.jpg should not be there"),
    merge("moved: a smaller copy left behind", {**BIG, "mode": "move"}, {**MOVED, "A/2024/c.jpg": b"cA"}, False,
          "Home/A/2024/c.jpg should not be there"),
    merge("copied: the sources emptied", BIG, MOVED, False, "Home/A/2023/x.jpg is missing"),
    merge("another file touched", BIG, _without(LARGER, "notes.txt"), False, "Home/notes.txt is missing"),
    merge("one source holds nothing", NUM, {"A/x.jpg": b"x", "M/x.jpg": b"x"}, False, "nothing to merge",
          given={"A/x.jpg": b"x"}),
]}
