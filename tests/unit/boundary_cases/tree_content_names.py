"""Boundary cases of the rename-by-content check (`forge.checks.tree_content_names`): each invoice
named by the number on its 'Invoice no:' line (or '#', 'number:', 'Inv. no.'), each note as
'YYYY-MM-DD <heading>.md' whatever way its date is written, the last file too; renamed in place or
copied into a folder; identical files sharing a name kept once; other files left alone; a file
whose text does not name it refused as ambiguous."""

from __future__ import annotations

from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case

INV = {"scan_0001.txt": b"Acme\nInvoice no: INV-2001\nInvoice date: 2024-01-02\n",
       "scan_0002.txt": b"Birch\nInvoice #INV-2002\n", "scan_0003.txt": b"Cole\ninvoice number: inv-2003\n",
       "scan_0004.txt": b"Birch\nInvoice #INV-2002\n", "scan_0005.txt": b"Dale\nInv. no. F77\n",
       "log.csv": b"page\n1\n"}
RENAMED = {"INV-2001.txt": INV["scan_0001.txt"], "INV-2002.txt": INV["scan_0002.txt"],
           "inv-2003.txt": INV["scan_0003.txt"], "F77.txt": INV["scan_0005.txt"], "log.csv": INV["log.csv"]}
NOTES = {"Untitled.md": b"# Retro\n\nDate: 12 March 2024\n", "Untitled (2).md": b"# Budget review\nDate: 2024-01-05\n",
         "Untitled (3).md": b"# Retro\n\nDate: March 2, 2024\n## Actions\n", "todo.txt": b"- x\n"}
NAMED = {"2024-03-12 Retro.md": NOTES["Untitled.md"], "2024-01-05 Budget review.md": NOTES["Untitled (2).md"],
         "2024-03-02 Retro.md": NOTES["Untitled (3).md"]}


def rename(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "",
           given: dict[str, bytes] = INV) -> Case:
    return Case(label, None, {"folder": "Scans", "kind": "invoice", **options}, passes, says,
                files={f"Scans/{p}": d for p, d in left.items()}, originals={"Scans": pack_tree(given)})


def _but(files: dict[str, bytes], gone: str, **more: bytes) -> dict[str, bytes]:
    return {**{k: v for k, v in files.items() if k != gone}, **more}


NOTE, COPY = {"kind": "notes"}, {"target": "Filed"}
CASES = {"tree.renamed_by_content": [
    rename("invoices renamed, the one scanned twice kept once", {}, RENAMED, True),
    rename("the twice-scanned invoice kept twice", {}, {**RENAMED, "INV-2002 (1).txt": INV["scan_0004.txt"]}, False,
           "Scans/INV-2002 (1).txt should not be there"),
    rename("the last invoice left under its scanner name", {}, _but(RENAMED, "F77.txt", **{"scan_0005.txt":
                                                                                           INV["scan_0005.txt"]}),
           False, "Scans/F77.txt is missing; the content is at Scans/scan_0005.txt"),
    rename("an 'Inv. no.' label not read", {}, _but(RENAMED, "F77.txt", **{"no.txt": INV["scan_0005.txt"]}), False,
           "Scans/F77.txt is missing"),
    rename("a number's case changed", {}, _but(RENAMED, "inv-2003.txt", **{"INV-2003.txt": INV["scan_0003.txt"]}),
           False, "Scans/inv-2003.txt is missing; the content is at Scans/INV-2003.txt"),
    rename("the other file renamed too", {}, _but(RENAMED, "log.csv", **{"scanner.csv": b"page\n1\n"}), False,
           "Scans/log.csv is missing"),
    rename("copied into a folder", COPY, {**INV, **{f"Filed/{k}": v for k, v in RENAMED.items() if k != "log.csv"}},
           True),
    rename("copy asked, renamed in place", COPY, RENAMED, False, "Scans/Filed/F77.txt is missing"),
    rename("copy asked, the originals gone", COPY, {"log.csv": INV["log.csv"], **{f"Filed/{k}": v for k, v in
                                                                                   RENAMED.items() if k != "log.csv"}},
           False, "Scans/scan_0001.txt is missing"),
    rename("notes named by date and heading", NOTE, {**NAMED, "todo.txt": b"- x\n"}, True, given=NOTES),
    rename("a written-out date kept as written", NOTE, {**_but(NAMED, "2024-03-12 Retro.md"), "todo.txt": b"- x\n",
                                                        "12 March 2024 Retro.md": NOTES["Untitled.md"]}, False,
           "Scans/2024-03-12 Retro.md is missing; the content is at Scans/12 March 2024 Retro.md", given=NOTES),
    rename("a note's date read wrong (day and month swapped)", NOTE,
           {**_but(NAMED, "2024-03-02 Retro.md"), "todo.txt": b"- x\n", "2024-02-03 Retro.md": NOTES["Untitled (3).md"]},
           False, "Scans/2024-03-02 Retro.md is missing", given=NOTES),
    rename("a note named by its subheading", NOTE, {**_but(NAMED, "2024-03-02 Retro.md"), "todo.txt": b"- x\n",
                                                    "2024-03-02 Actions.md": NOTES["Untitled (3).md"]}, False,
           "Scans/2024-03-02 Retro.md is missing", given=NOTES),
    rename("an invoice without a number", {}, RENAMED, False, "does not say what it should be named",
           given={**INV, "scan_0009.txt": b"Blank page\n"}),
    rename("no file of the kind", {}, {"log.csv": INV["log.csv"]}, False, "the task is empty",
           given={"log.csv": INV["log.csv"]}),
]}
