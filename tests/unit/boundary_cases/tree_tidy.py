"""Boundary cases of the tidying checks (`forge.checks.tree_tidy`): files dated before a month
archived (the month itself stays; undated and other types stay; paths kept or flat; moved or
copied), extensions fixed after the content's signature (top level or any depth; bare names left
or given one; fitting ones left or written canonically), files matching a pattern collected with
clashing names numbered in path order (identical copies once), a folder backed up (full or changed
since the last backup; temporary files in or out)."""

from __future__ import annotations

import io
import zipfile

from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case


def _case(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str, given: dict[str, bytes],
          folder: str = "Home") -> Case:
    return Case(label, None, {"folder": folder, **options}, passes, says,
                files={f"{folder}/{p}": d for p, d in left.items()}, originals={folder: pack_tree(given)})


DATED = {"IMG_20240214_101010.jpg": b"a", "Pictures/IMG_20240301_080000.jpg": b"b", "Docs/bill_2024_01.pdf": b"c",
         "Docs/old/IMG_20231130_120000.jpg": b"d", "notes.txt": b"n", "Docs/plan_2024-02-29.docx": b"p"}
KEEP = {"notes.txt": b"n", "Pictures/IMG_20240301_080000.jpg": b"b"}
PATHS = {**KEEP, "Archive/IMG_20240214_101010.jpg": b"a", "Archive/Docs/bill_2024_01.pdf": b"c",
         "Archive/Docs/old/IMG_20231130_120000.jpg": b"d", "Archive/Docs/plan_2024-02-29.docx": b"p"}
FLAT_PHOTOS = {**{k: v for k, v in DATED.items() if k != "Docs/old/IMG_20231130_120000.jpg"
                  and k != "IMG_20240214_101010.jpg"},
               "Old/IMG_20240214_101010.jpg": b"a", "Old/IMG_20231130_120000.jpg": b"d"}
ARCH = {"before": "2024-03", "archive": "Archive"}
PHOTOS = {"before": "2024-03", "archive": "Old", "flat": True, "only_ext": ".jpg"}


def arch(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "") -> Case:
    return _case(label, options, left, passes, says, DATED)


def _zip() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr("a.txt", "a")
    return out.getvalue()


JPG, PNG, PDF, ZIP = b"\xff\xd8\xff\xe0jpeg", b"\x89PNG\r\n\x1a\npng", b"%PDF-1.4 pdf", _zip()
MISNAMED = {"holiday.png": JPG, "scan.txt": PDF, "bundle": ZIP, "IMG_1.JPG": JPG, "report.docx": ZIP,
            "notes.txt": b"plain text", "mail/logo.jpg": PNG, "mail/contract": PDF}
TOP = {"holiday.jpg": JPG, "scan.pdf": PDF, "bundle": ZIP, "IMG_1.JPG": JPG, "report.docx": ZIP,
       "notes.txt": b"plain text", "mail/logo.jpg": PNG, "mail/contract": PDF}
ALL = {"holiday.jpg": JPG, "scan.pdf": PDF, "bundle.zip": ZIP, "IMG_1.jpg": JPG, "report.docx": ZIP,
       "notes.txt": b"plain text", "mail/logo.png": PNG, "mail/contract.pdf": PDF}
EVERY = {"recursive": True, "missing": True, "lower_case": True}


def ext(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "") -> Case:
    return _case(label, options, left, passes, says, MISNAMED, "Recovered")


SCATTERED = {"invoice.pdf": b"i1", "Work/invoice.pdf": b"i2", "Work/old/Invoice.pdf": b"i3",
             "Zmisc/invoice_copy.pdf": b"i1", "Work/INVOICE_march.pdf": b"i4", "notes.txt": b"n"}
NUMBERED = {"notes.txt": b"n", "Invoices/invoice_copy.pdf": b"i1", "Invoices/INVOICE_march.pdf": b"i4",
            "Invoices/invoice.pdf": b"i1", "Invoices/invoice_2.pdf": b"i2", "Invoices/Invoice_3.pdf": b"i3"}
ONCE = {k: v for k, v in NUMBERED.items() if k != "Invoices/invoice_copy.pdf"}
GATHER = {"pattern": "*invoice*", "target": "Invoices"}


def coll(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "") -> Case:
    return _case(label, {**GATHER, **options}, left, passes, says, SCATTERED, "Paperwork")


HOME = {"Thesis/ch1.docx": b"c1", "Thesis/figs/f1.png": b"f1", "Thesis/~$ch1.docx": b"lock", "Thesis/.DS_Store": b"ds",
        "Backups/Thesis_2024-05-01/ch1.docx": b"c1", "Backups/Thesis_2024-05-01/figs/f1.png": b"old",
        "Thesis/todo.txt": b"t"}
NEW = "Backups/Thesis_2024-05-09"
FULL = {**HOME, **{f"{NEW}/{p[7:]}": d for p, d in HOME.items() if p.startswith("Thesis/")}}
CHANGED_CLEAN = {**HOME, f"{NEW}/figs/f1.png": b"f1", f"{NEW}/todo.txt": b"t"}
BACK = {"source": "Thesis", "backup": NEW}
SINCE = {**BACK, "skip_temp": True, "changed_since": "Backups/Thesis_2024-05-01"}


def back(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "") -> Case:
    return _case(label, options, left, passes, says, HOME)


CASES = {
    "tree.archived_before": [
        arch("dated before March archived under their paths", ARCH, PATHS, True),
        arch("March itself archived (the month is not before itself)", ARCH,
             {**PATHS, "Archive/Pictures/IMG_20240301_080000.jpg": b"b"}, False, "should not be there"),
        arch("the last dated file (plan) left where it was", ARCH,
             {**{k: v for k, v in PATHS.items() if k != "Archive/Docs/plan_2024-02-29.docx"},
              "Docs/plan_2024-02-29.docx": b"p"}, False, "plan_2024-02-29.docx is missing"),
        arch("copied, not moved, on a move", ARCH, {**PATHS, "Docs/bill_2024_01.pdf": b"c"}, False, "should not be there"),
        arch("a copy keeps the originals", {**ARCH, "mode": "copy"}, {**DATED, **PATHS}, True),
        arch("a copy that moved one", {**ARCH, "mode": "copy"},
             {**{k: v for k, v in DATED.items() if k != "notes.txt"}, **PATHS}, True),
        arch("a copy that lost an original", {**ARCH, "mode": "copy"},
             {**{k: v for k, v in DATED.items() if k != "IMG_20240214_101010.jpg"}, **PATHS}, False,
             "IMG_20240214_101010.jpg is missing"),
        arch("flat photos only", PHOTOS, FLAT_PHOTOS, True),
        arch("flat photos, the pdf archived too", PHOTOS,
             {**{k: v for k, v in FLAT_PHOTOS.items() if k != "Docs/bill_2024_01.pdf"}, "Old/bill_2024_01.pdf": b"c"},
             False, "bill_2024_01.pdf is missing"),
        arch("flat photos kept under paths", PHOTOS,
             {**{k: v for k, v in FLAT_PHOTOS.items() if k != "Old/IMG_20231130_120000.jpg"},
              "Old/Docs/old/IMG_20231130_120000.jpg": b"d"}, False, "Old/IMG_20231130_120000.jpg is missing"),
        arch("an archived file's content changed", ARCH, {**PATHS, "Archive/Docs/bill_2024_01.pdf": b"X"}, False,
             "does not hold the content"),
        arch("nothing dated before the month", {"before": "2023-01", "archive": "Archive"}, DATED, False,
             "the task is empty"),
    ],
    "tree.extensions_fixed": [
        ext("top level: wrong extensions replaced, bare and fitting left", {}, TOP, True),
        ext("top level: the subfolder fixed too", {},
            {**{k: v for k, v in TOP.items() if k != "mail/logo.jpg"}, "mail/logo.png": PNG}, False, "mail/logo.jpg"),
        ext("top level: one wrong extension left (scan.txt)", {},
            {**{k: v for k, v in TOP.items() if k != "scan.pdf"}, "scan.txt": PDF}, False, "scan.pdf is missing"),
        ext("top level: a zip named .docx renamed .zip", {},
            {**{k: v for k, v in TOP.items() if k != "report.docx"}, "report.zip": ZIP}, False, "report.docx"),
        ext("top level: a bare file given an extension unasked", {},
            {**{k: v for k, v in TOP.items() if k != "bundle"}, "bundle.zip": ZIP}, False, "bundle is missing"),
        ext("top level: .JPG lower-cased unasked", {},
            {**{k: v for k, v in TOP.items() if k != "IMG_1.JPG"}, "IMG_1.jpg": JPG}, False, "IMG_1.JPG"),
        ext("everything: all fixed", EVERY, ALL, True),
        ext("everything: the last bare file (mail/contract) left bare", EVERY,
            {**{k: v for k, v in ALL.items() if k != "mail/contract.pdf"}, "mail/contract": PDF}, False,
            "mail/contract.pdf is missing"),
        ext("everything: .JPG kept as written", EVERY,
            {**{k: v for k, v in ALL.items() if k != "IMG_1.jpg"}, "IMG_1.JPG": JPG}, False, "IMG_1.jpg is missing"),
        ext("everything: the text file renamed", EVERY,
            {**{k: v for k, v in ALL.items() if k != "notes.txt"}, "notes": b"plain text"}, False, "notes.txt"),
        ext("everything: a content changed", EVERY, {**ALL, "scan.pdf": PDF + b"\n"}, False, "does not hold"),
        ext("everything: an extra file", EVERY, {**ALL, "extra.txt": b"x"}, False, "extra.txt should not be there"),
        Case("nothing to fix", None, {"folder": "Ok"}, False, "the task is empty",
             files={"Ok/a.jpg": JPG, "Ok/b.txt": b"t"}, originals={"Ok": pack_tree({"a.jpg": JPG, "b.txt": b"t"})}),
    ],
    "tree.collected_by_name": [
        coll("moved, clashes numbered in path order", {}, NUMBERED, True),
        coll("numbers in the wrong order (Invoice_2 for old/)", {},
             {**{k: v for k, v in NUMBERED.items() if k not in ("Invoices/invoice_2.pdf", "Invoices/Invoice_3.pdf")},
              "Invoices/Invoice_2.pdf": b"i3", "Invoices/invoice_3.pdf": b"i2"}, False, "Invoice_3.pdf is missing"),
        coll("the last match left behind", {},
             {**{k: v for k, v in NUMBERED.items() if k != "Invoices/INVOICE_march.pdf"}, "Work/INVOICE_march.pdf": b"i4"},
             False, "INVOICE_march.pdf is missing"),
        coll("a non-matching file collected", {}, {**NUMBERED, "Invoices/notes.txt": b"n"}, False, "should not be there"),
        coll("a copy keeps the originals", {"mode": "copy"}, {**SCATTERED, **NUMBERED}, True),
        coll("a copy without one original", {"mode": "copy"},
             {**{k: v for k, v in SCATTERED.items() if k != "Work/invoice.pdf"}, **NUMBERED}, False,
             "Work/invoice.pdf is missing"),
        coll("identical copies once, the extra deleted", {"clashes": "skip_identical"}, ONCE, True),
        coll("identical copies once, the extra collected", {"clashes": "skip_identical"}, NUMBERED, False,
             "invoice_copy.pdf should not be there"),
        coll("identical copies once, the extra left on a move", {"clashes": "skip_identical"},
             {**ONCE, "Zmisc/invoice_copy.pdf": b"i1"}, False, "should not be there"),
        coll("copy, identical once: the extra stays in place", {"clashes": "skip_identical", "mode": "copy"},
             {**SCATTERED, **ONCE}, True),
        coll("nothing matches", {"pattern": "*receipt*"}, SCATTERED, False, "the task is empty"),
    ],
    "tree.backed_up": [
        back("a full copy, temp files included", BACK, FULL, True),
        back("a full copy without the temp files", BACK,
             {k: v for k, v in FULL.items() if k not in (f"{NEW}/~$ch1.docx", f"{NEW}/.DS_Store")}, False,
             ".DS_Store is missing"),
        back("temp left out", {**BACK, "skip_temp": True},
             {k: v for k, v in FULL.items() if k not in (f"{NEW}/~$ch1.docx", f"{NEW}/.DS_Store")}, True),
        back("temp left out, one copied", {**BACK, "skip_temp": True},
             {k: v for k, v in FULL.items() if k != f"{NEW}/.DS_Store"}, False, "~$ch1.docx should not be there"),
        back("changed since the last, no temp", SINCE, CHANGED_CLEAN, True),
        back("changed since: the unchanged file copied too", SINCE, {**CHANGED_CLEAN, f"{NEW}/ch1.docx": b"c1"},
             False, "ch1.docx should not be there"),
        back("changed since: the new file (the last) missing", SINCE,
             {k: v for k, v in CHANGED_CLEAN.items() if k != f"{NEW}/todo.txt"}, False, "todo.txt is missing"),
        back("the source moved, not copied", BACK, {k: v for k, v in FULL.items() if k != "Thesis/todo.txt"}, False,
             "Thesis/todo.txt is missing"),
        back("an old backup changed", BACK, {**FULL, "Backups/Thesis_2024-05-01/figs/f1.png": b"f1"}, False,
             "does not hold"),
        back("the backup under the wrong name", BACK,
             {**HOME, **{f"Backups/Thesis/{p[7:]}": d for p, d in HOME.items() if p.startswith("Thesis/")}}, False,
             "Thesis_2024-05-09/"),
    ],
}


BACKUPS = {"README.txt": b"r", "T_2024-01-05/a.txt": b"a1", "T_2024-01-20/a.txt": b"a2", "T_2024-02-03/a.txt": b"a3",
           "T_2024-02-03/b/c.txt": b"c", "T_2024-03-01/a.txt": b"a4", "T_2024-03-09/a.txt": b"a5"}


def _only(*tops: str, aside: str | None = None) -> dict[str, bytes]:
    """README and the named backups where they were; with `aside` the other backups moved under it."""
    left = {p: d for p, d in BACKUPS.items() if "/" not in p or p.split("/", 1)[0] in tops}
    if aside:
        left |= {f"{aside}/{p}": d for p, d in BACKUPS.items() if "/" in p and p.split("/", 1)[0] not in tops}
    return left


def prune(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "") -> Case:
    return _case(label, options, left, passes, says, BACKUPS, "Backups")


CASES["tree.backups_pruned"] = [
    prune("the 2 newest kept, the rest deleted", {"keep": "newest", "count": 2}, _only("T_2024-03-01", "T_2024-03-09"),
          True),
    prune("the 3 newest kept for 2", {"keep": "newest", "count": 2},
          _only("T_2024-02-03", "T_2024-03-01", "T_2024-03-09"), False, "T_2024-02-03/a.txt should not be there"),
    prune("the oldest kept instead of the newest", {"keep": "newest", "count": 2},
          _only("T_2024-01-05", "T_2024-03-09"), False, "T_2024-03-01/a.txt is missing"),
    prune("the README deleted too", {"keep": "newest", "count": 2},
          {k: v for k, v in _only("T_2024-03-01", "T_2024-03-09").items() if k != "README.txt"}, False,
          "README.txt is missing"),
    prune("the latest of each month kept", {"keep": "monthly"}, _only("T_2024-01-20", "T_2024-02-03", "T_2024-03-09"),
          True),
    prune("the first of each month kept", {"keep": "monthly"}, _only("T_2024-01-05", "T_2024-02-03", "T_2024-03-01"),
          False, "T_2024-01-20/a.txt is missing"),
    prune("monthly, the last month's older one left", {"keep": "monthly"},
          _only("T_2024-01-20", "T_2024-02-03", "T_2024-03-01", "T_2024-03-09"), False, "T_2024-03-01/a.txt should not"),
    prune("since the date, the date itself kept", {"keep": "since", "since": "2024-02-03"},
          _only("T_2024-02-03", "T_2024-03-01", "T_2024-03-09"), True),
    prune("since the date, the date itself deleted", {"keep": "since", "since": "2024-02-03"},
          _only("T_2024-03-01", "T_2024-03-09"), False, "T_2024-02-03/a.txt is missing"),
    prune("since, a kept backup's nested file lost", {"keep": "since", "since": "2024-02-03"},
          {k: v for k, v in _only("T_2024-02-03", "T_2024-03-01", "T_2024-03-09").items() if k != "T_2024-02-03/b/c.txt"},
          False, "T_2024-02-03/b/c.txt is missing"),
    prune("moved aside whole", {"keep": "newest", "count": 2, "aside": "old"},
          _only("T_2024-03-01", "T_2024-03-09", aside="old"), True),
    prune("moved aside, one deleted instead", {"keep": "newest", "count": 2, "aside": "old"},
          {k: v for k, v in _only("T_2024-03-01", "T_2024-03-09", aside="old").items()
           if not k.startswith("old/T_2024-02-03/")}, False, "old/T_2024-02-03/a.txt is missing"),
    prune("deleted, but moved aside", {"keep": "newest", "count": 2},
          _only("T_2024-03-01", "T_2024-03-09", aside="old"), False, "should not be there"),
    prune("a rule that keeps every backup", {"keep": "since", "since": "2023-12-31"}, BACKUPS, False,
          "the task is empty"),
]


MESSY = {"My Docs/Trip - Notes.TXT": b"t", "My Docs/old_Plan.pdf": b"p", "Photo  1.jpg": b"f", "ok.txt": b"o",
         "My Docs/Sub-Folder/Last File.md": b"l"}
SNAKE_FILES = {"My Docs/trip_notes.txt": b"t", "My Docs/old_plan.pdf": b"p", "photo_1.jpg": b"f", "ok.txt": b"o",
               "My Docs/Sub-Folder/last_file.md": b"l"}
SNAKE_ALL = {"my_docs/trip_notes.txt": b"t", "my_docs/old_plan.pdf": b"p", "photo_1.jpg": b"f", "ok.txt": b"o",
             "my_docs/sub_folder/last_file.md": b"l"}
KEBAB_ALL = {"my-docs/trip---notes.txt": b"t", "my-docs/old-plan.pdf": b"p", "photo-1.jpg": b"f", "ok.txt": b"o",
             "my-docs/sub-folder/last-file.md": b"l"}
SPACES = {"My Docs/Trip_-_Notes.TXT": b"t", "My Docs/old_Plan.pdf": b"p", "Photo_1.jpg": b"f", "ok.txt": b"o",
          "My Docs/Sub-Folder/Last_File.md": b"l"}


def names(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "") -> Case:
    return _case(label, options, left, passes, says, MESSY, "Shared")


CASES["tree.names_normalised"] = [
    names("snake, files only", {"style": "snake"}, SNAKE_FILES, True),
    names("snake, files only: the folders renamed too", {"style": "snake"}, SNAKE_ALL, False,
          "My Docs/Sub-Folder/last_file.md is missing; the content is at Shared/my_docs/sub_folder/last_file.md"),
    names("snake, files only: the last file (deepest) left", {"style": "snake"},
          {**{k: v for k, v in SNAKE_FILES.items() if k != "My Docs/Sub-Folder/last_file.md"},
           "My Docs/Sub-Folder/Last File.md": b"l"}, False, "last_file.md is missing"),
    names("snake, a double space kept as two underscores", {"style": "snake"},
          {**{k: v for k, v in SNAKE_FILES.items() if k != "photo_1.jpg"}, "photo__1.jpg": b"f"}, False,
          "photo_1.jpg is missing"),
    names("snake, the extension left in capitals", {"style": "snake"},
          {**{k: v for k, v in SNAKE_FILES.items() if k != "My Docs/trip_notes.txt"}, "My Docs/trip_notes.TXT": b"t"},
          False, "trip_notes.txt is missing"),
    names("snake, folders too", {"style": "snake", "folders": True}, SNAKE_ALL, True),
    names("snake, folders too: the nested folder kept", {"style": "snake", "folders": True},
          {**{k: v for k, v in SNAKE_ALL.items() if k != "my_docs/sub_folder/last_file.md"},
           "my_docs/Sub-Folder/last_file.md": b"l"}, False, "sub_folder/last_file.md is missing"),
    names("kebab, folders too (runs of _ and space only)", {"style": "kebab", "folders": True}, KEBAB_ALL, True),
    names("kebab: ' - ' made one hyphen", {"style": "kebab", "folders": True},
          {**{k: v for k, v in KEBAB_ALL.items() if k != "my-docs/trip---notes.txt"}, "my-docs/trip-notes.txt": b"t"},
          False, "trip---notes.txt is missing"),
    names("spaces only, case kept", {"style": "underscores"}, SPACES, True),
    names("spaces only, lower-cased too", {"style": "underscores"},
          {**{k: v for k, v in SPACES.items() if k != "Photo_1.jpg"}, "photo_1.jpg": b"f"}, False, "Photo_1.jpg"),
    names("an extra file", {"style": "underscores"}, {**SPACES, "x.txt": b"x"}, False, "x.txt should not be there"),
    Case("nothing to rename", None, {"folder": "S", "style": "snake"}, False, "the task is empty",
         files={"S/a.txt": b"a"}, originals={"S": pack_tree({"a.txt": b"a"})}),
]
