"""Boundary cases of `forge.checks.document_order` on real documents: the LAST two sections
swapped, a sorted order that is case-sensitive or by the day number instead of the date, headings
moved without their text, a section's last paragraph left behind, a section or its table lost,
the chapter after an appendix pulled into its sort."""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

import docx
from docx.oxml.ns import qn
from docx.text.paragraph import Paragraph as DocxParagraph

from preparers.document import DocumentContent, Paragraph, Run, Section, TableBlock, make_document, write_docx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _saved, _seeded


def _section(heading: str, level: int = 1, table: bool = False) -> Section:
    body = [Paragraph(runs=[Run(text=f"{heading} supplies office furniture to the Finance team.")]),
            Paragraph(runs=[Run(text=f"Orders for {heading} go through the buying desk.")])]
    grid = TableBlock(headers=["Year", "Orders"], rows=[["2024", "41"], ["2025", "57"]]) if table else None
    return Section(heading=heading, level=level, paragraphs=body, table=grid)


def _doc(sections: list[Section]) -> bytes:
    return write_docx(DocumentContent(kind="report", title="Supplier profiles 2025", date=dt.date(2025, 3, 1),
                                      author="Ana Ruiz", organisation="Northwind", file_stem="suppliers",
                                      opening=[Paragraph(runs=[Run(text="One profile per approved supplier.")])],
                                      sections=sections))


NAMES = ["Northwind Ltd", "de Vries Logistics", "Acme Corp", "Zenith Partners", "Bluebird Foods"]
AZ = sorted(NAMES, key=str.casefold)
SUPPLIERS = _doc([_section(n, table=n == "Acme Corp") for n in NAMES])
DAYS = ["Steering group meeting, 9 May 2025", "Steering group meeting, 14 January 2025",
        "Steering group meeting, 3 December 2024", "Steering group meeting, 21 March 2025"]
OLDEST = [DAYS[2], DAYS[1], DAYS[3], DAYS[0]]
MINUTES = _doc([_section(d) for d in DAYS])
REPORT = make_document(*_seeded(41), kind="report")
APPENDIX = write_docx(REPORT.model_copy(update={"sections": [
    *REPORT.sections, Section(heading="Appendix: Supplier profiles", paragraphs=[
        Paragraph(runs=[Run(text="The approved suppliers.")])]), *(_section(n, level=2) for n in NAMES),
    _section("Document history")]}))


def reorder(given: bytes, order: list[str], *, level: int = 1, within: str | None = None, heading_only: bool = False,
            leave_last: bool = False, drop: str | None = None, drop_table: bool = False) -> bytes:
    """The sections of `level` (inside `within`) put in `order` by heading, one fault where asked."""
    document = docx.Document(io.BytesIO(given))
    body = document.element.body
    kids = [k for k in body.iterchildren() if k.tag != qn("w:sectPr")]

    def para(k: Any) -> DocxParagraph | None:
        return DocxParagraph(k, document._body) if k.tag == qn("w:p") else None

    def lvl(k: Any) -> int | None:
        p = para(k)
        name = p.style.name if p is not None else ""
        return int(name[-1]) if name.startswith("Heading ") else None

    start, end = 0, len(kids)
    if within:
        start = next(i for i, k in enumerate(kids) if lvl(k) == 1 and para(k).text == within) + 1
        end = next((j for j in range(start, len(kids)) if lvl(kids[j]) == 1), len(kids))
    starts = [i for i in range(start, end) if lvl(kids[i]) == level]
    groups = {para(kids[a]).text: kids[a:b] for a, b in zip(starts, [*starts[1:], end], strict=True)}
    anchor = kids[end] if end < len(kids) else body.find(qn("w:sectPr"))
    for name in order:
        group = groups[name][:1] if heading_only else groups[name][:-1] if leave_last else groups[name]
        for element in group:
            if name == drop or (drop_table and element.tag == qn("w:tbl")):
                body.remove(element)
            else:
                anchor.addprevious(element)
    return _saved(document)


def case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
         given: bytes = SUPPLIERS) -> Case:
    opts = {"file": "out.docx", "input_file": "in.docx", **options}
    return Case(label, None, opts, passes, says, files={"out.docx": output}, originals={"in.docx": given})


A_Z, Z_A = {"key": "text", "descending": False}, {"key": "text", "descending": True}
OLD, NEW = {"key": "date", "descending": False}, {"key": "date", "descending": True}
IN_APPENDIX = {**A_Z, "within": "Appendix: Supplier profiles"}

SORTED = [
    case("A to Z, any case, each section whole", reorder(SUPPLIERS, AZ), A_Z, True),
    case("Z to A", reorder(SUPPLIERS, AZ[::-1]), Z_A, True),
    case("Z to A where A to Z was asked", reorder(SUPPLIERS, AZ[::-1]), A_Z, False, "Acme Corp"),
    case("the last two the wrong way round", reorder(SUPPLIERS, [*AZ[:3], AZ[4], AZ[3]]), A_Z, False,
         "Zenith Partners"),
    case("sorted case-sensitively (lower case last)", reorder(SUPPLIERS, sorted(NAMES)), A_Z, False,
         "de Vries"),
    case("the headings moved without their text", reorder(SUPPLIERS, AZ, heading_only=True), A_Z, False,
         "paragraph"),
    case("each section's last paragraph left behind", reorder(SUPPLIERS, AZ, leave_last=True), A_Z, False,
         "paragraph"),
    case("a section dropped on the way", reorder(SUPPLIERS, AZ, drop=AZ[-1]), A_Z, False, "missing"),
    case("a table lost on the way", reorder(SUPPLIERS, AZ, drop_table=True), A_Z, False, "tables"),
    case("the document handed back unsorted", SUPPLIERS, A_Z, False, "paragraph"),
    case("oldest first by the date in the heading", reorder(MINUTES, OLDEST), OLD, True, given=MINUTES),
    case("newest first", reorder(MINUTES, OLDEST[::-1]), NEW, True, given=MINUTES),
    case("by the day number, not the date", reorder(MINUTES, sorted(DAYS)), OLD, False, "3 December 2024",
         given=MINUTES),
    case("dates asked of headings that name none", reorder(SUPPLIERS, AZ), OLD, False, "names no date"),
    case("the appendix's sub-sections A to Z",
         reorder(APPENDIX, AZ, level=2, within="Appendix: Supplier profiles"), IN_APPENDIX, True, given=APPENDIX),
    case("the appendix left as it was", APPENDIX, IN_APPENDIX, False, "paragraph", given=APPENDIX),
    case("the report's chapters sorted instead", reorder(
        APPENDIX, sorted([s.heading for s in REPORT.sections] + ["Appendix: Supplier profiles", "Document history"],
                         key=str.casefold)), IN_APPENDIX, False, "paragraph", given=APPENDIX),
    case("a chapter the report does not have", APPENDIX, {**A_Z, "within": "Appendix B"}, False, "no chapter",
         given=APPENDIX),
]

CASES = {"document.sections_sorted": SORTED}
