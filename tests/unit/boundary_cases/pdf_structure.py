"""Boundary cases of the PDF structure checks: bookmarks (the LAST one a page off, missing, an extra
one, the wrong level), page labels (the last page's label, roman case, the body counted from the
cover), page sizes (an edge just inside and just outside the tolerance, the last page left as it
was, a margin in points where mm were asked), blank pages (the notice page on each side) and a batch
scan's separators (one kept, an empty back taken for one, the documents out of order)."""

from __future__ import annotations

import io
from typing import Any

from pypdf import PdfReader, PdfWriter
from reportlab.pdfgen import canvas

from tests.unit.boundary_cases import Case

A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)
REPORT = [["Quarterly report", "Summary", "Sales rose."], ["Costs", "Freight went up."], ["Risks", "Two are late."],
          ["Plan", "Hire two people."]]
HEADINGS = ["Summary", "Costs", "Risks", "Plan"]


def pdf(pages: list[list[str]], size: tuple[float, float] = A4) -> bytes:
    """One page per entry (an empty entry: a blank page), one text line per string."""
    buf = io.BytesIO()
    sheet = canvas.Canvas(buf, pagesize=size, invariant=1)
    for lines in pages:
        for y, line in enumerate(lines):
            sheet.drawString(72, size[1] - 100 - 18 * y, line)
        sheet.showPage()
    sheet.save()
    return buf.getvalue()


def edited(data: bytes, edit: Any) -> bytes:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    edit(writer)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


SOURCE = pdf(REPORT)


def bookmarks(items: list[tuple[int, str, int]], source: bytes = SOURCE) -> bytes:
    """`source` with the bookmarks (depth 0 or 1 under the last depth-0 one, title, 1-based page)."""
    def add(writer: PdfWriter) -> None:
        parent = None
        for depth, title, page in items:
            made = writer.add_outline_item(title=title, page_number=page - 1, parent=parent if depth else None)
            if depth == 0:
                parent = made
    return edited(source, add)


def outline(label: str, items: list[tuple[int, str, int]], options: dict[str, Any], passes: bool, says: str = "",
            source: bytes = SOURCE) -> Case:
    return Case(label, None, {"file": "out.pdf", "input_file": "report.pdf", "headings": HEADINGS, **options}, passes,
                says, files={"out.pdf": bookmarks(items, source)}, originals={"report.pdf": SOURCE})


FLAT = [(0, h, p) for p, h in enumerate(HEADINGS, start=1)]
NUMBERED = [(0, f"{p}. {h}", p) for p, h in enumerate(HEADINGS, start=1)]
NESTED = [(0, "Quarterly report", 1), *((1, h, p) for _, h, p in FLAT)]

BOOK = [["Annual report", "Prepared by Ann Lee"], ["Contents", "1 Summary", "2 Costs", "3 Data tables"],
        ["Summary", "Sales rose."], ["Costs", "Freight went up."], ["Data tables", "North 12"], ["Sources", "Ledger"]]
BOOK_PDF = pdf(BOOK)


def labelled(ranges: list[tuple[Any, ...]]) -> bytes:
    """BOOK with page label ranges (first and last 0-based page, style, prefix[, start])."""
    def add(writer: PdfWriter) -> None:
        for first, last, style, prefix, *start in ranges:
            writer.set_page_label(first, last, style=style, prefix=prefix or None, start=start[0] if start else 1)
    return edited(BOOK_PDF, add)


def labels(label: str, ranges: list[tuple[Any, ...]], options: dict[str, Any], passes: bool,
           says: str = "") -> Case:
    return Case(label, None, {"file": "out.pdf", "input_file": "book.pdf", "body_heading": "Summary",
                              "front_style": "lower", **options}, passes, says,
                files={"out.pdf": labelled(ranges)}, originals={"book.pdf": BOOK_PDF})


ROMAN_BODY = [(0, 1, "/r", ""), (2, 5, "/D", "")]
APPENDIX = {"appendix_heading": "Data tables", "appendix_prefix": "A-"}
WITH_APPENDIX = [(0, 1, "/r", ""), (2, 3, "/D", ""), (4, 5, "/D", "A-")]


def boxed(source: bytes, pages: list[tuple[float, float, float, float] | None], media: bool = False) -> bytes:
    """`source` with each page's crop box (or media box) set, None: left as it is."""
    def add(writer: PdfWriter) -> None:
        for page, box in zip(writer.pages, pages, strict=True):
            if box is not None:
                target = page.mediabox if media else page.cropbox
                target.lower_left, target.upper_right = box[:2], box[2:]
    return edited(source, add)


TWO = pdf(REPORT[:2])
TWO_LETTER = pdf(REPORT[:2], LETTER)
INSET = 10 * 72 / 25.4
TRIMMED = (INSET, INSET, A4[0] - INSET, A4[1] - INSET)


def resized(label: str, out: bytes, options: dict[str, Any], passes: bool, says: str = "",
            source: bytes = TWO) -> Case:
    return Case(label, None, {"file": "out.pdf", "input_file": "in.pdf", **options}, passes, says,
                files={"out.pdf": out}, originals={"in.pdf": source})


def scaled(source: bytes, size: tuple[float, float], pages: int) -> bytes:
    def add(writer: PdfWriter) -> None:
        for page in writer.pages[:pages]:
            page.scale_to(*size)
    return edited(source, add)


NOTICE = ["This page intentionally left blank"]
SCAN = [["Summary", "Sales rose."], [], ["Costs", "Freight went up."], NOTICE, ["Plan", "Hire two."], []]
A, _, B, N, C, _ = SCAN
NUMBERED_SCAN = [A, ["Page 2"], B, [], C, ["- 6 -"]]


def blanks(label: str, pages: list[list[str]], notice: bool, passes: bool, says: str = "",
           scan: list[list[str]] = SCAN, numbers: bool = False) -> Case:
    return Case(label, None, {"file": "out.pdf", "input_file": "scan.pdf", "notice_blank": notice,
                              "number_blank": numbers}, passes, says,
                files={"out.pdf": pdf(pages)}, originals={"scan.pdf": pdf(scan)})


D1, D1B, D2, D3, D3B = (["Invoice 101", "Total 40.00"], ["Invoice 101 page 2"], ["Report", "Costs rose."],
                         ["Invoice 303", "Total 9.00"], ["Invoice 303 terms"])
SHEET = ["SEPARATOR SHEET"]
BATCH = [D1, D1B, [], D2, [], D3, D3B]
SHEETED = [D1, [], SHEET, D2, SHEET, D3, D3B]  # the empty page inside document 1 is its own


def parts(label: str, docs: list[list[list[str]]], options: dict[str, Any], passes: bool, says: str = "",
          scan: list[list[str]] = BATCH) -> Case:
    names = ["a.pdf", "b.pdf", "c.pdf"]
    return Case(label, None, {"input_file": "scan.pdf", "first_file": names[0], "second_file": names[1],
                              "third_file": names[2], "separator": "blank", **options}, passes, says,
                files={n: pdf(d) for n, d in zip(names, docs, strict=True)}, originals={"scan.pdf": pdf(scan)})


AT_SHEETS = {"separator": "sheet", "sheet_text": "Separator sheet"}

CASES: dict[str, list[Case]] = {
    "pdf.split_at_separators": [
        parts("cut at the empty pages", [[D1, D1B], [D2], [D3, D3B]], {}, True),
        parts("the last document short of its last page", [[D1, D1B], [D2], [D3]], {}, False, "c.pdf has 1 pages"),
        parts("the separator kept at the end of part 1", [[D1, D1B, []], [D2], [D3, D3B]], {}, False, "a.pdf"),
        parts("the documents out of scan order", [[D1, D1B], [D3, D3B], [D2]], {}, False, "b.pdf"),
        parts("cut at the separator sheets", [[D1, []], [D2], [D3, D3B]], AT_SHEETS, True, scan=SHEETED),
        parts("the empty page inside document 1 taken for a separator", [[D1], [D2], [D3, D3B]], AT_SHEETS, False,
              "a.pdf has 1 pages", scan=SHEETED),
        parts("a separator sheet left at the front of part 3", [[D1, []], [D2], [SHEET, D3, D3B]], AT_SHEETS, False,
              "c.pdf", scan=SHEETED),
    ],
    "pdf.outline_added": [
        outline("flat, each on its page", FLAT, {"layout": "flat"}, True),
        outline("the last bookmark a page early", [*FLAT[:3], (0, "Plan", 3)], {"layout": "flat"}, False,
                "opens page 3, expected page 4"),
        outline("the last bookmark missing", FLAT[:3], {"layout": "flat"}, False, "3 bookmark(s)"),
        outline("an extra bookmark", [*FLAT, (0, "Appendix", 4)], {"layout": "flat"}, False, "5 bookmark(s)"),
        outline("titles in other case and spacing", [(0, f" {h.upper()} ", p) for _, h, p in FLAT],
                {"layout": "flat"}, True),
        outline("numbered", NUMBERED, {"layout": "numbered"}, True),
        outline("numbered asked, plain titles given", FLAT, {"layout": "numbered"}, False, "expected '1. Summary'"),
        outline("numbered, the last number wrong", [*NUMBERED[:3], (0, "5. Plan", 4)], {"layout": "numbered"}, False,
                "bookmark 4"),
        outline("nested under the report's title", NESTED, {"layout": "nested", "root_title": "Quarterly report"},
                True),
        outline("nested asked, flat given", FLAT, {"layout": "nested", "root_title": "Quarterly report"}, False),
        outline("nested, the last one at the top level", [*NESTED[:4], (0, "Plan", 4)],
                {"layout": "nested", "root_title": "Quarterly report"}, False, "level 1, expected level 2"),
        outline("bookmarks right but the last page dropped", FLAT[:3], {"layout": "flat"}, False, "3 pages",
                source=pdf(REPORT[:3])),
    ],
    "pdf.pages_labelled": [
        labels("roman front matter, body from 1", ROMAN_BODY, {}, True),
        labels("capitals asked, small numerals given", ROMAN_BODY, {"front_style": "upper"}, False,
               "page 1 of out.pdf is labelled 'i', expected 'I'"),
        labels("capitals", [(0, 1, "/R", ""), (2, 5, "/D", "")], {"front_style": "upper"}, True),
        labels("no labels: the body counted from the cover", [], {}, False, "expected 'i'"),
        labels("body from 1 but the front matter one page short", [(0, 0, "/r", ""), (1, 5, "/D", "")], {}, False,
               "page 2"),
        labels("a continued volume: the body from 120", [(0, 1, "/r", ""), (2, 5, "/D", "", 120)],
               {"body_start": 120}, True),
        labels("a continued volume numbered from 1", ROMAN_BODY, {"body_start": 120}, False,
               "page 3 of out.pdf is labelled '1', expected '120'"),
        labels("a continued volume, its last page one off", [(0, 1, "/r", ""), (2, 4, "/D", "", 120),
                                                            (5, 5, "/D", "", 124)], {"body_start": 120}, False,
               "page 6"),
        labels("the appendix after its prefix", WITH_APPENDIX, APPENDIX, True),
        labels("the appendix left in the body's numbering", ROMAN_BODY, APPENDIX, False,
               "page 5 of out.pdf is labelled '3', expected 'A-1'"),
        labels("the appendix's last page numbered on from the body", [*WITH_APPENDIX[:2], (4, 4, "/D", "A-"),
                                                                      (5, 5, "/D", "")], APPENDIX, False, "page 6"),
    ],
    "pdf.pages_resized": [
        resized("A4 scaled to Letter", scaled(TWO, LETTER, 2), {"target": "letter"}, True),
        resized("the last page left A4", scaled(TWO, LETTER, 1), {"target": "letter"}, False, "page 2"),
        resized("0.9 pt narrow: within the tolerance", scaled(TWO, (611.1, 792.0), 2), {"target": "letter"}, True),
        resized("1.5 pt narrow: outside it", scaled(TWO, (610.5, 792.0), 2), {"target": "letter"}, False,
                "610.5 x 792.0"),
        resized("Letter scaled to A4", scaled(TWO_LETTER, A4, 2), {"target": "a4"}, True, source=TWO_LETTER),
        resized("Letter left as it was", TWO_LETTER, {"target": "a4"}, False, "page 1", source=TWO_LETTER),
        resized("10 mm trimmed through the crop box", boxed(TWO, [TRIMMED, TRIMMED]),
                {"target": "trim", "margin_mm": 10}, True),
        resized("10 mm trimmed through the media box", boxed(TWO, [TRIMMED, TRIMMED], media=True),
                {"target": "trim", "margin_mm": 10}, True),
        resized("the last page not trimmed", boxed(TWO, [TRIMMED, None]), {"target": "trim", "margin_mm": 10}, False,
                "page 2"),
        resized("10 points trimmed where 10 mm were asked", boxed(TWO, [(10, 10, A4[0] - 10, A4[1] - 10)] * 2),
                {"target": "trim", "margin_mm": 10}, False, "page 1"),
    ],
    "pdf.blank_pages_dropped": [
        blanks("empty pages dropped, the notice kept", [A, B, N, C], False, True),
        blanks("the notice dropped when only empty pages were asked", [A, B, C], False, False, "3 pages"),
        blanks("the trailing empty page kept", [A, B, N, C, []], False, False, "5 pages"),
        blanks("empty and notice pages dropped", [A, B, C], True, True),
        blanks("the notice page kept when asked to drop it", [A, B, N, C], True, False, "4 pages"),
        blanks("a content page lost instead", [A, B, N], False, False, "3 pages"),
        blanks("two content pages swapped", [B, A, N, C], False, False, "page 1"),
        blanks("the notice in capitals with a full stop is a blank page too", [A, C], True, True,
               scan=[A, ["THIS PAGE INTENTIONALLY LEFT BLANK."], C]),
        blanks("a page that says more than the notice is not blank", [A, ["This page intentionally left blank",
                                                                         "Notes: none"], C], True, True,
               scan=[A, ["This page intentionally left blank", "Notes: none"], [], C]),
        blanks("pages showing only their number dropped", [A, B, C], False, True, scan=NUMBERED_SCAN, numbers=True),
        blanks("the last number-only page kept", [A, B, C, ["- 6 -"]], False, False, "4 pages", scan=NUMBERED_SCAN,
               numbers=True),
        blanks("number-only pages kept when only empty pages were asked", [A, ["Page 2"], B, C, ["- 6 -"]], False,
               True, scan=NUMBERED_SCAN),
        blanks("a page with a number and a word is not blank", [A, ["Page 2 notes"], B, C], False, True,
               scan=[A, ["Page 2 notes"], B, [], C, ["- 6 -"]], numbers=True),
    ],
}
