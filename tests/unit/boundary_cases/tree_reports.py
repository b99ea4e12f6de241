"""Boundary cases of the folder report checks (`forge.checks.tree_reports`): the last manifest line
or usage row is where a loop that stops one short lets a wrong answer through; a checksum of the
wrong file; a missing file among the failures; the folder changed by a task that only reads it."""

from __future__ import annotations

import hashlib
from typing import Any

from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case

TREE = {"a.jpg": b"x" * 1000, "b.PDF": b"y" * 1001, "c (1).pdf": b"y" * 1001, "d.zip": b"w" * 4000,
        "notes.txt": b"z" * 10}


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


MANIFEST = "".join(f"{sha(data)}  {path}\n" for path, data in sorted(TREE.items()))


def case(label: str, report: str, report_name: str, options: dict[str, Any], passes: bool, says: str = "",
         left: dict[str, bytes] | None = None, given: dict[str, bytes] = TREE,
         extra: dict[str, bytes] | None = None) -> Case:
    folder = {f"Downloads/{name}": data for name, data in (given if left is None else left).items()}
    return Case(label, None, {"folder": "Downloads", "file": report_name, **options}, passes, says,
                files={**folder, report_name: report.encode()},
                originals={"Downloads": pack_tree(given), **(extra or {})})


def manifest(label: str, report: str, options: dict[str, Any], passes: bool, says: str = "", **kw: Any) -> Case:
    return case(label, report, "sums.txt", options, passes, says, **kw)


CHANGED = {**TREE, "d.zip": b"w" * 3999 + b"v"}
GONE = {k: v for k, v in CHANGED.items() if k != "notes.txt"}
VERIFY = {"manifest": "Downloads.sha256.txt"}
GIVEN_MANIFEST = {"Downloads.sha256.txt": MANIFEST.encode()}


def verify(label: str, report: str, passes: bool, says: str = "") -> Case:
    return case(label, report, "failures.txt", VERIFY, passes, says, given=GONE, extra=GIVEN_MANIFEST)


COLUMNS = {"columns": ["Extension", "Files", "Bytes"]}
BY_EXT = "Extension,Files,Bytes\n.jpg,1,1000\n.pdf,2,2002\n.txt,1,10\n.zip,1,4000\n"


def usage(label: str, report: str, options: dict[str, Any], passes: bool, says: str = "", **kw: Any) -> Case:
    return case(label, report, "usage.csv", {**COLUMNS, **options}, passes, says, **kw)


DOCS = {"meetings/a.md": b"Call with Acme today", "meetings/b.md": b"nothing here", "projects/x/c.txt": b"ACME renewal",
        "projects/y/d.md": b"acme", "top.txt": b"Acme at the root"}


def mentions(label: str, report: str, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return case(label, report, "hits.txt", {"term": "Acme", **options}, passes, says, given=DOCS)


def folders(label: str, report: str, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return case(label, report, "folders.csv", {"columns": ["Folder", "Files", "Bytes"], **options}, passes, says,
                given=DOCS)


CASES: dict[str, list[Case]] = {
    "tree.files_containing": [
        mentions("any case, sorted", "meetings/a.md\nprojects/x/c.txt\nprojects/y/d.md\ntop.txt\n", {}, True),
        mentions("the LAST match missing", "meetings/a.md\nprojects/x/c.txt\nprojects/y/d.md\n", {}, False,
                 "missing ['top.txt']"),
        mentions("exact case only", "meetings/a.md\ntop.txt\n", {"ignore_case": False}, True),
        mentions("case-insensitive hits where exact case was asked",
                 "meetings/a.md\nprojects/x/c.txt\nprojects/y/d.md\ntop.txt\n", {"ignore_case": False}, False,
                 "not matching"),
    ],
    "tree.folder_usage": [
        folders("by name, files at any depth", "Folder,Files,Bytes\nmeetings,2,32\nprojects,2,16\n", {}, True),
        folders("the LAST folder counting only its direct files", "Folder,Files,Bytes\nmeetings,2,32\nprojects,0,0\n",
                {}, False, "row 3"),
        folders("largest first", "Folder,Files,Bytes\nmeetings,2,32\nprojects,2,16\n", {"order": "largest_first"},
                True),
        folders("a loose file counted as a folder",
                "Folder,Files,Bytes\nmeetings,2,32\nprojects,2,16\ntop.txt,1,16\n", {}, False, "expected 2"),
    ],
    "tree.checksums_listed": [
        manifest("every file, sorted, sha256sum layout", MANIFEST, {}, True),
        manifest("paths prefixed with the folder", MANIFEST.replace("  ", "  Downloads/"), {}, True),
        manifest("the LAST file missing", "".join(MANIFEST.splitlines(keepends=True)[:-1]), {}, False, "expected 5"),
        manifest("the last file given another file's checksum",
                 MANIFEST.replace(sha(b"z" * 10), sha(b"x" * 1000)), {}, False, "notes.txt"),
        manifest("out of path order", "".join(sorted(MANIFEST.splitlines(keepends=True), key=lambda s: s[66:])[::-1]),
                 {}, False, "line 1"),
        manifest("only the .pdf files, any case", "".join(l for l in MANIFEST.splitlines(keepends=True)
                                                           if ".pdf" in l.lower()), {"extension": ".pdf"}, True),
        manifest("every file where only .pdf was asked", MANIFEST, {"extension": ".pdf"}, False, "line 1"),
        manifest("the folder changed", MANIFEST, {}, False, "changed", left={**TREE, "new.txt": b"n"}),
    ],
    "tree.checksum_failures": [
        verify("the changed and the missing file", "d.zip\nnotes.txt\n", True),
        verify("the missing file (the LAST) left out", "d.zip\n", False, "expected"),
        verify("an intact file listed too", "b.PDF\nd.zip\nnotes.txt\n", False, "expected"),
        verify("not sorted", "notes.txt\nd.zip\n", False, "expected"),
    ],
    "tree.extension_usage": [
        usage("by extension, case folded", BY_EXT, {}, True),
        usage("the LAST row's bytes off by one", BY_EXT.replace("4000", "4001"), {}, False, "row 5"),
        usage("extension case kept apart", BY_EXT.replace(".pdf,2,2002", ".PDF,1,1001\n.pdf,1,1001"), {}, False,
              "row 3"),
        usage("largest first", "Extension,Files,Bytes\n.zip,1,4000\n.pdf,2,2002\n.jpg,1,1000\n.txt,1,10\n",
              {"order": "largest_first"}, True),
        usage("by extension where largest first was asked", BY_EXT, {"order": "largest_first"}, False, "row 2"),
        usage("a header renamed", BY_EXT.replace("Bytes", "Size"), {}, False, "columns"),
    ],
}
