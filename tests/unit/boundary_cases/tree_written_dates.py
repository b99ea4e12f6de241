"""Boundary cases of the sort-by-written-date check (`forge.checks.tree_written_dates`): an e-mail's
Date: header as written (not in UTC, not a forwarded message's Date: in the body), down to the last
file; an invoice's date (not its due date); notes' Date: line in another way of writing dates; the
year, year/month and year-month layouts; moved or copied; the undated ones left or put aside; files
of other kinds and in subfolders left; a stray file."""

from __future__ import annotations

from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case

A = (b"From: Ann <ann@example.com>\nDate: Fri, 01 Mar 2024 00:30:00 +0100\nSubject: Rent\n\nHi,\n\n"
     b"---------- Forwarded message ---------\nDate: Mon, 04 Dec 2023 10:00:00 +0000\n\nOld text\n")
B = b"Subject: Boiler\nDate: Tue, 31 Dec 2024 23:59:00 -0500\nFrom: Bo <bo@example.com>\n\nSee you.\n"
DRAFT = b"From: Ann <ann@example.com>\nSubject: Draft\nX-Unsent: 1\n\nDate: Mon, 04 Dec 2023 10:00:00 +0000\n"
MAIL = {"a.eml": A, "b.eml": B, "draft.eml": DRAFT, "photo.jpg": b"jpg", "Old/c.eml": B + b"\n"}
SORTED = {"2024/03/a.eml": A, "2024/12/b.eml": B, "draft.eml": DRAFT, "photo.jpg": b"jpg", "Old/c.eml": B + b"\n"}
INV = b"ACME\nINVOICE\nInvoice Date: 12 March 2024\nDue date: 11 April 2024\nTotal: 10.00\n"
QUOTE = b"ACME\nQUOTATION\nValid until: 2024-04-11\n"
INVOICES = {"scan_1.txt": INV, "scan_2.txt": QUOTE, "logo.png": b"png"}
NOTE, NOTE2 = b"# Sync\n\nDate: March 5, 2024\n\nNext meeting: 2024-04-02\n", b"# Plan\n\nDate: 30 Nov 2023\n"
NOTES = {"Untitled.md": NOTE, "Untitled (2).md": NOTE2}


def moved(label: str, options: dict, after: dict[str, bytes], passes: bool, says: str = "",
          given: dict[str, bytes] = MAIL) -> Case:
    return Case(label, None, {"folder": "Out", "kind": "mail", "layout": "month", "mode": "move", **options}, passes,
                says, files={f"Out/{p}": d for p, d in after.items()}, originals={"Out": pack_tree(given)})


def _drop(tree: dict[str, bytes], *paths: str) -> dict[str, bytes]:
    return {k: v for k, v in tree.items() if k not in paths}


CASES = {"tree.sorted_by_written_date": [
    moved("e-mails by their Date: header as written", {}, SORTED, True),
    moved("the first one filed by its UTC month", {}, {**_drop(SORTED, "2024/03/a.eml"), "2024/02/a.eml": A}, False,
          "Out/2024/03/a.eml is missing; the content is at Out/2024/02/a.eml"),
    moved("the first one filed by the forwarded message's date", {},
          {**_drop(SORTED, "2024/03/a.eml"), "2023/12/a.eml": A}, False,
          "Out/2024/03/a.eml is missing; the content is at Out/2023/12/a.eml"),
    moved("the last one left at the top", {}, {**_drop(SORTED, "2024/12/b.eml"), "b.eml": B}, False,
          "Out/2024/12/b.eml is missing; the content is at Out/b.eml"),
    moved("the last one filed by its UTC date (the next year)", {},
          {**_drop(SORTED, "2024/12/b.eml"), "2025/01/b.eml": B}, False, "Out/2024/12/b.eml is missing"),
    moved("the draft put aside though it should stay", {}, {**_drop(SORTED, "draft.eml"), "Undated/draft.eml": DRAFT},
          False, "Out/draft.eml is missing; the content is at Out/Undated/draft.eml"),
    moved("the draft put in the undated folder as asked", {"undated": "Undated"},
          {**_drop(SORTED, "draft.eml"), "Undated/draft.eml": DRAFT}, True),
    moved("the draft left though an undated folder was asked", {"undated": "Undated"}, SORTED, False,
          "Out/Undated/draft.eml is missing; the content is at Out/draft.eml"),
    moved("the subfolder's e-mail filed too", {}, {**_drop(SORTED, "Old/c.eml"), "2024/12/c.eml": B + b"\n"}, False,
          "Out/Old/c.eml is missing; the content is at Out/2024/12/c.eml"),
    moved("year folders", {"layout": "year"}, {**_drop(SORTED, "2024/03/a.eml", "2024/12/b.eml"),
                                               "2024/a.eml": A, "2024/b.eml": B}, True),
    moved("year/month folders where year folders were asked", {"layout": "year"}, SORTED, False,
          "Out/2024/a.eml is missing; the content is at Out/2024/03/a.eml"),
    moved("year-month folders", {"layout": "year_month"}, {**_drop(SORTED, "2024/03/a.eml", "2024/12/b.eml"),
                                                           "2024-03/a.eml": A, "2024-12/b.eml": B}, True),
    moved("copies with the originals left", {"mode": "copy"}, {**SORTED, "a.eml": A, "b.eml": B}, True),
    moved("moved where copies were asked", {"mode": "copy"}, SORTED, False, "Out/a.eml is missing"),
    moved("copies, the last original gone", {"mode": "copy"}, {**SORTED, "a.eml": A}, False, "Out/b.eml is missing"),
    moved("a changed copy", {}, {**SORTED, "2024/12/b.eml": B + b"x"}, False,
          "Out/2024/12/b.eml does not hold the content it should"),
    moved("a stray file left", {}, {**SORTED, ".DS_Store": b"x"}, False, "Out/.DS_Store should not be there"),
    moved("invoices by their invoice date", {"kind": "invoice"},
          {"2024/03/scan_1.txt": INV, "scan_2.txt": QUOTE, "logo.png": b"png"}, True, given=INVOICES),
    moved("an invoice by its due date", {"kind": "invoice"},
          {"2024/04/scan_1.txt": INV, "scan_2.txt": QUOTE, "logo.png": b"png"}, False,
          "Out/2024/03/scan_1.txt is missing; the content is at Out/2024/04/scan_1.txt", given=INVOICES),
    moved("notes by their Date: line", {"kind": "notes", "layout": "year_month"},
          {"2024-03/Untitled.md": NOTE, "2023-11/Untitled (2).md": NOTE2}, True, given=NOTES),
    moved("notes: the last one by its next meeting", {"kind": "notes", "layout": "year_month"},
          {"2024-03/Untitled.md": NOTE, "2023-12/Untitled (2).md": NOTE2}, False,
          "Out/2023-11/Untitled (2).md is missing", given=NOTES),
]}
