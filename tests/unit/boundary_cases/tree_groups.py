"""Boundary cases of the client-folders check (`forge.checks.tree_groups`): every top-level file
whose name starts with a code and the separator in its client's folder (the last one too), codes in
any case merged into a capitalised folder only when asked, the code stripped from the names only
when asked, a one-file client left at the top only when asked, moved or copied, subfolders and
files without a code left alone."""

from __future__ import annotations

from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case

GIVEN = {"ACME_invoice.pdf": b"a1", "ACME_quote.docx": b"a2", "acme_brief.docx": b"a3", "BRW_contract.pdf": b"b1",
         "KLN_notes.txt": b"k1", "KLN_po.pdf": b"k2", "scan0042.pdf": b"s", "Old/ACME_2023.pdf": b"o"}
LOOSE = {"scan0042.pdf": b"s", "Old/ACME_2023.pdf": b"o"}
EXACT = {"ACME/ACME_invoice.pdf": b"a1", "ACME/ACME_quote.docx": b"a2", "acme/acme_brief.docx": b"a3",
         "BRW/BRW_contract.pdf": b"b1", "KLN/KLN_notes.txt": b"k1", "KLN/KLN_po.pdf": b"k2", **LOOSE}
FOLDED = {**{k: v for k, v in EXACT.items() if not k.startswith("acme/")}, "ACME/acme_brief.docx": b"a3"}
STRIPPED = {"ACME/invoice.pdf": b"a1", "ACME/quote.docx": b"a2", "ACME/brief.docx": b"a3", "BRW/contract.pdf": b"b1",
            "KLN/notes.txt": b"k1", "KLN/po.pdf": b"k2", **LOOSE}
SINGLES = {**{k: v for k, v in FOLDED.items() if not k.startswith("BRW/")}, "BRW_contract.pdf": b"b1"}


def group(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "",
          given: dict[str, bytes] = GIVEN) -> Case:
    return Case(label, None, {"folder": "Inbox", "separator": "_", **options}, passes, says,
                files={f"Inbox/{p}": d for p, d in left.items()}, originals={"Inbox": pack_tree(given)})


FOLD = {"fold_case": True}
CASES = {"tree.grouped_by_prefix": [
    group("codes as written", {}, EXACT, True),
    group("as written: codes merged", {}, FOLDED, False, "Inbox/acme/acme_brief.docx is missing; the content is at "
          "Inbox/ACME/acme_brief.docx"),
    group("any case: merged into a capitalised folder", FOLD, FOLDED, True),
    group("any case: a lower-case code kept apart", FOLD, EXACT, False, "Inbox/ACME/acme_brief.docx is missing"),
    group("the last file left at the top", FOLD, {**{k: v for k, v in FOLDED.items() if k != "KLN/KLN_po.pdf"},
                                                  "KLN_po.pdf": b"k2"}, False, "Inbox/KLN/KLN_po.pdf is missing"),
    group("a file without a code moved", FOLD, {**{k: v for k, v in FOLDED.items() if k != "scan0042.pdf"},
                                                "scan0042/scan0042.pdf": b"s"}, False, "Inbox/scan0042.pdf is missing"),
    group("a subfolder's file grouped too", FOLD, {**{k: v for k, v in FOLDED.items() if k != "Old/ACME_2023.pdf"},
                                                   "ACME/ACME_2023.pdf": b"o"}, False, "Inbox/Old/ACME_2023.pdf is "
                                                                                       "missing"),
    group("code stripped", {**FOLD, "strip": True}, STRIPPED, True),
    group("code stripped though not asked", FOLD, STRIPPED, False, "Inbox/ACME/ACME_invoice.pdf is missing; the "
          "content is at Inbox/ACME/invoice.pdf"),
    group("strip asked, names kept", {**FOLD, "strip": True}, FOLDED, False, "Inbox/ACME/brief.docx is missing"),
    group("a one-file client left at the top", {**FOLD, "singles_stay": True}, SINGLES, True),
    group("one-file clients: folder made anyway", {**FOLD, "singles_stay": True}, FOLDED, False,
          "Inbox/BRW_contract.pdf is missing"),
    group("one-file clients, as written: ACME's lower-case file alone stays", {"singles_stay": True},
          {**{k: v for k, v in SINGLES.items() if k != "ACME/acme_brief.docx"}, "acme_brief.docx": b"a3"}, True),
    group("copied", {**FOLD, "mode": "copy"}, {**GIVEN, **FOLDED}, True),
    group("copy asked, moved", {**FOLD, "mode": "copy"}, FOLDED, False, "Inbox/ACME_invoice.pdf is missing"),
    group("move asked, copied", FOLD, {**GIVEN, **FOLDED}, False, "Inbox/ACME_invoice.pdf should not be there"),
    group("no file has a code", {}, {"scan.pdf": b"s"}, False, "the task is empty", given={"scan.pdf": b"s"}),
]}
