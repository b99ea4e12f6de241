"""Boundary cases of the filtered-copy check (`forge.checks.tree_filtered`): the project copied
with its layout, leaving out tool folders at any depth, every type but the asked ones, files over a
size (a file of exactly the limit goes), or what its ignore list names (a folder pattern at any
depth, the list itself); the last file too; the left-out list complete and sorted only when asked;
the source untouched."""

from __future__ import annotations

from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case

PROJECT = {"app/.git/HEAD": b"h", "app/README.md": b"r", "app/src/main.js": b"m" * 5,
           "app/src/node_modules/x/i.js": b"x", "app/docs/spec.pdf": b"p" * 10, "app/docs/Notes.DOCX": b"d" * 3,
           "app/big.psd": b"b" * 11, "app/debug.log": b"l", "app/lib/secrets/key.txt": b"k", "app/.handoffignore":
           b"# for the client\n*.log\nsecrets/\n*.psd\n", "app/zz.txt": b"z" * 2}
GIVEN = {**PROJECT, "old/README.md": b"o"}


def _copy(*rels: str) -> dict[str, bytes]:
    return {**GIVEN, **{f"out/{r}": PROJECT[f"app/{r}"] for r in rels}}


KEEP_DIRS = ("README.md", "src/main.js", "docs/spec.pdf", "docs/Notes.DOCX", "big.psd", "debug.log",
             "lib/secrets/key.txt", ".handoffignore", "zz.txt")
NO_DIRS = _copy(*KEEP_DIRS)
SIZE = _copy(*[r for r in KEEP_DIRS if r not in ("big.psd", ".handoffignore")], ".git/HEAD", "src/node_modules/x/i.js")
IGNORED = _copy(".git/HEAD", "README.md", "src/main.js", "src/node_modules/x/i.js", "docs/spec.pdf",
                "docs/Notes.DOCX", "zz.txt")
REPORT = b".handoffignore\nbig.psd\ndebug.log\nlib/secrets/key.txt\n"


def copy(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"folder": "Work", "source": "app", "target": "out", **options}, passes, says,
                files={f"Work/{p}": d for p, d in left.items()}, originals={"Work": pack_tree(GIVEN)})


DIRS, TYPES = {"exclude_dirs": [".git", "node_modules"]}, {"exts": [".pdf", ".docx"]}
SIZED, IGN = {"max_bytes": 10}, {"ignore_file": ".handoffignore"}
CASES = {"tree.filtered_copy": [
    copy("tool folders left out at any depth", DIRS, NO_DIRS, True),
    copy("a nested tool folder copied", DIRS, {**NO_DIRS, "out/src/node_modules/x/i.js": b"x"}, False,
         "Work/out/src/node_modules/x/i.js should not be there"),
    copy("the last file not copied", DIRS, {k: v for k, v in NO_DIRS.items() if k != "out/zz.txt"}, False,
         "Work/out/zz.txt is missing"),
    copy("copied flat", DIRS, {**{k: v for k, v in NO_DIRS.items() if k != "out/src/main.js"}, "out/main.js": b"m" * 5},
         False, "Work/out/src/main.js is missing; the content is at Work/out/main.js"),
    copy("moved instead of copied", DIRS, {k: v for k, v in NO_DIRS.items() if k != "app/zz.txt"}, False,
         "Work/app/zz.txt is missing"),
    copy("deliverable types only, any case", TYPES, _copy("docs/spec.pdf", "docs/Notes.DOCX"), True),
    copy("deliverables: the upper-case .DOCX left out", TYPES, _copy("docs/spec.pdf"), False,
         "Work/out/docs/Notes.DOCX is missing"),
    copy("a file of exactly the limit copied", SIZED, SIZE, True),
    copy("the file of exactly the limit left out", SIZED, {k: v for k, v in SIZE.items() if k != "out/docs/spec.pdf"},
         False, "Work/out/docs/spec.pdf is missing"),
    copy("a file one byte over the limit copied", SIZED, {**SIZE, "out/big.psd": b"b" * 11}, False,
         "Work/out/big.psd should not be there"),
    copy("the ignore list followed", IGN, IGNORED, True),
    copy("the ignore list copied too", IGN, {**IGNORED, "out/.handoffignore": PROJECT["app/.handoffignore"]}, False,
         "Work/out/.handoffignore should not be there"),
    copy("a folder pattern only at the top", IGN, {**IGNORED, "out/lib/secrets/key.txt": b"k"}, False,
         "Work/out/lib/secrets/key.txt should not be there"),
    copy("left-out files listed", {**IGN, "report": "skipped.txt"}, {**IGNORED, "skipped.txt": REPORT}, True),
    copy("left-out list: the last one missing", {**IGN, "report": "skipped.txt"},
         {**IGNORED, "skipped.txt": REPORT.rsplit(b"\n", 2)[0] + b"\n"}, False,
         "line 4 of Work/skipped.txt is nothing more, expected 'lib/secrets/key.txt'"),
    copy("left-out list unsorted", {**IGN, "report": "skipped.txt"},
         {**IGNORED, "skipped.txt": b"big.psd\n.handoffignore\ndebug.log\nlib/secrets/key.txt\n"}, False,
         "line 1 of Work/skipped.txt is 'big.psd', expected '.handoffignore'"),
    copy("left-out list not written", {**IGN, "report": "skipped.txt"}, IGNORED, False,
         "Work/skipped.txt does not exist"),
    copy("left-out list written though not asked", IGN, {**IGNORED, "skipped.txt": REPORT}, False,
         "Work/skipped.txt should not be there"),
    copy("nothing to leave out", {"max_bytes": 100}, GIVEN, False, "the task is empty"),
]}
