"""Boundary cases of `tree.renamed_from_table` (a folder's files renamed from a CSV list of old and
new names): the list's last row left undone, bare names that keep each file's extension (dropped or
doubled), a row whose file is gone (skipped, nothing made for it), renamed copies in a subfolder beside
the originals (moved instead), a file the list does not name renamed anyway, a changed byte, a stray
file, a new name in other capitals."""

from __future__ import annotations

from preparers.data import Table, write_csv
from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case

GIVEN = {"scan_0011.pdf": b"s11", "scan_0012.pdf": b"s12", "scan_0013.pdf": b"s13", "scan_0014.pdf": b"s14",
         "archive/notes.txt": b"n"}
FULL = [["scan_0011.pdf", "2024-03-02 Water bill Acme.pdf"], ["scan_0012.pdf", "2024-05-10 Payslip Globex.pdf"],
        ["scan_0013.pdf", "2024-06-30 Tax notice Initech.pdf"]]
BARE = [[old, new.removesuffix(".pdf")] for old, new in FULL]
RENAMED = {"2024-03-02 Water bill Acme.pdf": b"s11", "2024-05-10 Payslip Globex.pdf": b"s12",
           "2024-06-30 Tax notice Initech.pdf": b"s13", "scan_0014.pdf": b"s14", "archive/notes.txt": b"n"}
COPIED = {**GIVEN, "renamed/2024-03-02 Water bill Acme.pdf": b"s11", "renamed/2024-05-10 Payslip Globex.pdf": b"s12",
          "renamed/2024-06-30 Tax notice Initech.pdf": b"s13"}


def renamed(label: str, left: dict[str, bytes], passes: bool, says: str = "", rows: list[list[str]] | None = None,
            options: dict | None = None, given: dict[str, bytes] | None = None) -> Case:
    mapping = write_csv(Table(kind="mapping", title="Names", headers=["Scan", "New name"], rows=rows or FULL))
    return Case(label, None, {"folder": "Scans", "mapping_file": "scan_titles.csv", "old_column": "Scan",
                              "new_column": "New name", **(options or {})}, passes, says,
                files={**{f"Scans/{p}": d for p, d in left.items()}, "scan_titles.csv": mapping},
                originals={"Scans": pack_tree(given or GIVEN), "scan_titles.csv": mapping})


BARE_OPTS = {"keep_extension": True}
INTO = {"into": "renamed"}
CASES = {
    "tree.renamed_from_table": [
        renamed("every listed file renamed, the unlisted one and the subfolder untouched", RENAMED, True),
        renamed("the list's last row left undone", {**{p: d for p, d in RENAMED.items()
                                                       if not p.startswith("2024-06-30")}, "scan_0013.pdf": b"s13"},
                False, "Scans/2024-06-30 Tax notice Initech.pdf is missing; the content is at Scans/scan_0013.pdf"),
        renamed("bare names: each file keeps its own extension", RENAMED, True, rows=BARE, options=BARE_OPTS),
        renamed("bare names applied without the extension", {**{p: d for p, d in RENAMED.items()
                                                                if not p.startswith("2024-06-30")},
                                                             "2024-06-30 Tax notice Initech": b"s13"}, False,
                "Scans/2024-06-30 Tax notice Initech.pdf is missing", rows=BARE, options=BARE_OPTS),
        renamed("full names given an extension again", {**{p: d for p, d in RENAMED.items()
                                                           if not p.startswith("2024-03-02")},
                                                        "2024-03-02 Water bill Acme.pdf.pdf": b"s11"}, False,
                "Scans/2024-03-02 Water bill Acme.pdf is missing"),
        renamed("a row whose file is gone is skipped", {p: d for p, d in RENAMED.items() if p != "scan_0014.pdf"}, True,
                rows=[*FULL, ["scan_0015.pdf", "2024-07-01 Pension statement Umbrella.pdf"]],
                given={p: d for p, d in GIVEN.items() if p != "scan_0014.pdf"}),
        renamed("an empty file made for the row whose file is gone",
                {**{p: d for p, d in RENAMED.items() if p != "scan_0014.pdf"},
                 "2024-07-01 Pension statement Umbrella.pdf": b""}, False,
                "Scans/2024-07-01 Pension statement Umbrella.pdf should not be there",
                rows=[*FULL, ["scan_0015.pdf", "2024-07-01 Pension statement Umbrella.pdf"]],
                given={p: d for p, d in GIVEN.items() if p != "scan_0014.pdf"}),
        renamed("renamed copies in the subfolder, the originals kept", COPIED, True, options=INTO),
        renamed("moved into the subfolder where copies were asked",
                {p: d for p, d in COPIED.items() if p not in FULL[0]}, False,
                "Scans/scan_0011.pdf is missing",
                options=INTO),
        renamed("the copies renamed in place, no subfolder", RENAMED, False,
                "Scans/renamed/2024-03-02 Water bill Acme.pdf is missing", options=INTO),
        renamed("a file the list does not name renamed too", {**{p: d for p, d in RENAMED.items() if p != "scan_0014.pdf"},
                                                            "2024-08-01 scan.pdf": b"s14"}, False,
                "Scans/scan_0014.pdf is missing; the content is at Scans/2024-08-01 scan.pdf"),
        renamed("a renamed file one byte different", {**RENAMED, "2024-06-30 Tax notice Initech.pdf": b"s13 "}, False,
                "Scans/2024-06-30 Tax notice Initech.pdf does not hold the content"),
        renamed("a stray file left in the folder", {**RENAMED, "list.csv": b"x"}, False,
                "Scans/list.csv should not be there"),
        renamed("a new name in other capitals", {**{p: d for p, d in RENAMED.items() if not p.startswith("2024-05-10")},
                                                 "2024-05-10 payslip globex.pdf": b"s12"}, False,
                "Scans/2024-05-10 Payslip Globex.pdf is missing"),
    ],
}
