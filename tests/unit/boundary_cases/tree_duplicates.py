"""Boundary cases of the duplicates-report check (`forge.checks.tree_duplicates`): groups by content or
by name, down to the last path of the last group; groups ordered by their first path and sorted inside;
zero-byte files in or out; one kind only; the size headings and the group,path,size CSV; paths given
with the folder in front accepted; the folder left as it was."""

from __future__ import annotations

from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case

FOLDER = {"a/x.jpg": b"x", "b/x.jpg": b"x", "a/y.pdf": b"yy", "c/y copy.pdf": b"yy", "b/y.pdf": b"zzz",
          "a/e.txt": b"", "b/e.txt": b"", "c/solo.pdf": b"s"}
EMPTY = b"a/e.txt\nb/e.txt\n\n"
CONTENT = b"a/x.jpg\nb/x.jpg\n\na/y.pdf\nc/y copy.pdf\n"
NAME = b"a/x.jpg\nb/x.jpg\n\na/y.pdf\nb/y.pdf\n"
SIZED = b"0 bytes each:\na/e.txt\nb/e.txt\n\n1 bytes each:\na/x.jpg\nb/x.jpg\n\n2 bytes each:\na/y.pdf\nc/y copy.pdf\n"
CSV = b"group,path,size\n1,a/x.jpg,1\n1,b/x.jpg,1\n2,a/y.pdf,2\n2,c/y copy.pdf,2\n"


def report(label: str, options: dict, written: bytes, passes: bool, says: str = "",
           folder: dict[str, bytes] = FOLDER) -> Case:
    name = "dupes.csv" if options.get("format") == "csv" else "dupes.txt"
    return Case(label, None, {"folder": "Out", "file": name, "by": "content", "format": "groups", **options}, passes,
                says, files={**{f"Out/{p}": d for p, d in folder.items()}, name: written},
                originals={"Out": pack_tree(FOLDER)})


CASES = {"tree.duplicates_reported": [
    report("content groups, empty files counted", {}, EMPTY + CONTENT, True),
    report("content groups, the empty files left out as asked", {"skip_empty": True}, CONTENT, True),
    report("the empty files left out though they count", {}, CONTENT, False,
           "line 1 of dupes.txt is ['a/x.jpg'], expected ['a/e.txt']"),
    report("the empty files reported though asked to skip them", {"skip_empty": True}, EMPTY + CONTENT, False,
           "line 1 of dupes.txt is ['a/e.txt'], expected ['a/x.jpg']"),
    report("the last group's last copy missing", {"skip_empty": True}, CONTENT.removesuffix(b"c/y copy.pdf\n"),
           False, "dupes.txt has 4 lines, expected 5 (2 groups)"),
    report("a group too many at the end", {"skip_empty": True}, CONTENT + b"\nc/solo.pdf\nb/y.pdf\n", False,
           "dupes.txt has 8 lines, expected 5 (2 groups)"),
    report("groups out of order", {"skip_empty": True}, b"a/y.pdf\nc/y copy.pdf\n\na/x.jpg\nb/x.jpg\n", False,
           "line 1 of dupes.txt is ['a/y.pdf'], expected ['a/x.jpg']"),
    report("a group not sorted inside", {"skip_empty": True}, b"b/x.jpg\na/x.jpg\n\na/y.pdf\nc/y copy.pdf\n", False,
           "line 1 of dupes.txt is ['b/x.jpg'], expected ['a/x.jpg']"),
    report("no blank line between groups", {"skip_empty": True}, CONTENT.replace(b"\n\n", b"\n"), False,
           "line 3 of dupes.txt is ['a/y.pdf'], expected ['']"),
    report("paths with the folder in front, blank lines doubled", {"skip_empty": True},
           b"\nOut/a/x.jpg\nOut/b/x.jpg\n\n\n./a/y.pdf\nOut/c/y copy.pdf\n\n", True),
    report("by name: the same-named files", {"by": "name", "skip_empty": True}, NAME, True),
    report("by name, but content groups written", {"by": "name", "skip_empty": True}, CONTENT, False,
           "line 5 of dupes.txt is ['c/y copy.pdf'], expected ['b/y.pdf']"),
    report("by name, empty files counted", {"by": "name"}, EMPTY + NAME, True),
    report("one kind only", {"only": ".pdf"}, b"a/y.pdf\nc/y copy.pdf\n", True),
    report("one kind only, another kind's group too", {"only": ".PDF"}, CONTENT, False,
           "line 1 of dupes.txt is ['a/x.jpg'], expected ['a/y.pdf']"),
    report("headed by size", {"format": "sized"}, SIZED, True),
    report("a size heading wrong on the last group", {"format": "sized"}, SIZED.replace(b"2 bytes", b"3 bytes"),
           False, "line 9 of dupes.txt is ['3 bytes each:'], expected ['2 bytes each:']"),
    report("size headings missing", {"format": "sized", "skip_empty": True}, CONTENT, False,
           "line 1 of dupes.txt is ['a/x.jpg'], expected ['1 bytes each:']"),
    report("a group,path,size CSV", {"format": "csv", "skip_empty": True}, CSV, True),
    report("a CSV whose last size is wrong", {"format": "csv", "skip_empty": True},
           CSV.replace(b"copy.pdf,2", b"copy.pdf,3"), False,
           "line 5 of dupes.csv is ['2', 'c/y copy.pdf', '3'], expected ['2', 'c/y copy.pdf', '2']"),
    report("a CSV numbering groups from 0", {"format": "csv", "skip_empty": True},
           CSV.replace(b"\n1,", b"\n0,").replace(b"\n2,", b"\n1,"), False, "line 2 of dupes.csv is ['0'"),
    report("a CSV missing its last row", {"format": "csv", "skip_empty": True}, CSV.removesuffix(b"2,c/y copy.pdf,2\n"),
           False, "dupes.csv has 4 lines, expected 5 (2 groups)"),
    report("the folder changed", {"skip_empty": True}, CONTENT, False, "the files in Out/ changed",
           folder={k: v for k, v in FOLDER.items() if k != "b/x.jpg"}),
]}
