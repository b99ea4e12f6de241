"""Boundary cases of the split-by-size check (`forge.checks.tree_size_split`): folders filled in name
order (a new one when the next file does not fit, even if a later, smaller one would) or largest
first into the first folder with room (ties by name); a folder exactly at the limit allowed, one byte
over not; numbered from 1, down to the last folder; moved or copied; only one type when asked."""

from __future__ import annotations

from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._trees import without

# sizes 60, 50, 40, 30, 20 (a..e); limit 100
GIVEN = {"a.jpg": b"a" * 60, "b.jpg": b"b" * 50, "c.jpg": b"c" * 40, "d.pdf": b"d" * 30, "e.jpg": b"e" * 20}
# in name order: [a] (b does not fit), [b, c] (90), [d, e] (50)
IN_ORDER = {"P1/a.jpg": GIVEN["a.jpg"], "P2/b.jpg": GIVEN["b.jpg"], "P2/c.jpg": GIVEN["c.jpg"],
            "P3/d.pdf": GIVEN["d.pdf"], "P3/e.jpg": GIVEN["e.jpg"]}
# largest first: a(60)->1, b(50)->2, c(40)->1 (100, exactly the limit), d(30)->2, e(20)->2 (100)
LARGEST = {"P1/a.jpg": GIVEN["a.jpg"], "P1/c.jpg": GIVEN["c.jpg"], "P2/b.jpg": GIVEN["b.jpg"],
           "P2/d.pdf": GIVEN["d.pdf"], "P2/e.jpg": GIVEN["e.jpg"]}


def split(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"folder": "Up", "limit_bytes": 100, "packing": "in_order", "prefix": "P", **options},
                passes, says, files={f"Up/{p}": d for p, d in left.items()}, originals={"Up": pack_tree(GIVEN)})


def moved(left: dict[str, bytes], frm: str, to: str) -> dict[str, bytes]:
    return {**without(left, frm), to: left[frm]}


CASES = {"tree.split_by_size": [
    split("in name order", {}, IN_ORDER, True),
    split("in name order: a later small file squeezed in", {}, moved(IN_ORDER, "P3/e.jpg", "P2/e.jpg"), False,
          "Up/P3/e.jpg is missing; the content is at Up/P2/e.jpg"),
    split("in name order: the last file in a folder of its own", {}, moved(IN_ORDER, "P3/e.jpg", "P4/e.jpg"), False,
          "Up/P3/e.jpg is missing"),
    split("numbered from 0", {}, {f"P{int(p[1]) - 1}{p[2:]}": d for p, d in IN_ORDER.items()}, False,
          "Up/P1/a.jpg is missing"),
    split("largest first, folders exactly at the limit", {"packing": "largest_first"}, LARGEST, True),
    split("largest first: by name instead", {"packing": "largest_first"}, IN_ORDER, False,
          "Up/P1/c.jpg is missing; the content is at Up/P2/c.jpg"),
    split("a limit one byte short", {"packing": "largest_first", "limit_bytes": 99}, LARGEST, False,
          "Up/P1/d.pdf is missing; the content is at Up/P2/d.pdf"),
    split("copied, originals kept", {"mode": "copy"}, {**GIVEN, **IN_ORDER}, True),
    split("copy asked, moved", {"mode": "copy"}, IN_ORDER, False, "Up/a.jpg is missing"),
    split("move asked, one original left", {}, {**IN_ORDER, "e.jpg": GIVEN["e.jpg"]}, False,
          "Up/e.jpg should not be there"),
    split("photos only", {"only_ext": ".jpg"}, {"d.pdf": GIVEN["d.pdf"], "P1/a.jpg": GIVEN["a.jpg"],
                                                "P2/b.jpg": GIVEN["b.jpg"], "P2/c.jpg": GIVEN["c.jpg"],
                                                "P3/e.jpg": GIVEN["e.jpg"]}, True),
    split("photos only: the PDF packed too", {"only_ext": ".jpg"}, IN_ORDER, False, "Up/d.pdf is missing"),
    split("a file's content changed", {}, {**IN_ORDER, "P2/c.jpg": b"x" * 40}, False,
          "Up/P2/c.jpg does not hold the content"),
]}
