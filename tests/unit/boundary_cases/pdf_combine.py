"""Boundary cases of the combine-with-bookmarks check: three files as listed or A-Z, bookmarks by
file name or by Title property; the LAST bookmark opening one page off, a bookmark missing, nested
instead of top level, titled by the other rule, the files in the wrong order, a page lost."""

from __future__ import annotations

import io
from typing import Any

from pypdf import PdfReader, PdfWriter

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._pdf import text_pdf

DOCS = {"pack/report.pdf": ("Quarterly report", ["Report\nPage one.", "Report\nPage two."]),
        "pack/agenda.pdf": ("Board agenda", ["Agenda\nItems."]),
        "pack/invoice.pdf": ("Invoice 17", ["Invoice\nTotal due."])}
LISTED = ["pack/report.pdf", "pack/agenda.pdf", "pack/invoice.pdf"]


def titled(pages: list[str], title: str) -> bytes:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(text_pdf(pages))))
    writer.add_metadata({"/Title": title})
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


def combined(order: list[str], marks: list[tuple[str, int]], nest_last: bool = False) -> bytes:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(text_pdf([p for f in order for p in DOCS[f][1]]))))
    parent = None
    for k, (title, page) in enumerate(marks):
        item = writer.add_outline_item(title=title, page_number=page - 1,
                                       parent=parent if nest_last and k == len(marks) - 1 else None)
        parent = item
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


def case(label: str, data: bytes, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "pack.pdf", "first_file": LISTED[0], "second_file": LISTED[1],
                              "third_file": LISTED[2], "title": "file_name", **options}, passes, says,
                files={"pack.pdf": data}, originals={f: titled(pages, t) for f, (t, pages) in DOCS.items()})


BY_NAME = [("report", 1), ("agenda", 3), ("invoice", 4)]
AZ = ["pack/agenda.pdf", "pack/invoice.pdf", "pack/report.pdf"]

CASES: dict[str, list[Case]] = {
    "pdf.combined_bookmarked": [
        case("as listed, bookmarks by file name", combined(LISTED, BY_NAME), {}, True),
        case("the last bookmark one page off", combined(LISTED, [*BY_NAME[:2], ("invoice", 3)]), {}, False,
             "bookmark 3 of pack.pdf is 'invoice' (level 1) opening page 3, expected 'invoice' (top level) opening "
             "page 4"),
        case("the last bookmark missing", combined(LISTED, BY_NAME[:2]), {}, False,
             "pack.pdf has 2 bookmarks, expected 3 (one per file): report, agenda, invoice"),
        case("the last bookmark nested under another", combined(LISTED, BY_NAME, nest_last=True), {}, False,
             "bookmark 3 of pack.pdf is 'invoice' (level 2)"),
        case("titled by file name though the Title was asked", combined(LISTED, BY_NAME), {"title": "doc_title"},
             False, "bookmark 1 of pack.pdf is 'report' (level 1) opening page 1, expected 'Quarterly report'"),
        case("titled by the Title property", combined(LISTED, [("Quarterly report", 1), ("Board agenda", 3),
                                                               ("Invoice 17", 4)]), {"title": "doc_title"}, True),
        case("A-Z by file name", combined(AZ, [("agenda", 1), ("invoice", 2), ("report", 3)]), {"alphabetical": True},
             True),
        case("A-Z asked, as listed given", combined(LISTED, BY_NAME), {"alphabetical": True}, False,
             "page 1 of pack.pdf starts 'Report Page one.', expected page 1 of pack/agenda.pdf"),
        case("A-Z by Title", combined(["pack/agenda.pdf", "pack/invoice.pdf", "pack/report.pdf"],
                                      [("Board agenda", 1), ("Invoice 17", 2), ("Quarterly report", 3)]),
             {"alphabetical": True, "title": "doc_title"}, True),
        case("a page lost", text_pdf(["Report\nPage one.", "Agenda\nItems.", "Invoice\nTotal due."]), {}, False,
             "pack.pdf has 3 pages, expected 4"),
    ],
}
