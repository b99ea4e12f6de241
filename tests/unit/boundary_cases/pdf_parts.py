"""Boundary cases of the multi-file PDF checks: a report split into parts (at pages, before
headings, in equal parts; a cover repeated or dropped) and invoices merged in an order. The LAST
part's last page, a part one page off at its start, the extra page of an uneven split on the
wrong part, two files swapped at the end, and a word that only contains the skip word."""

from __future__ import annotations

import io
from typing import Any

from reportlab.pdfgen import canvas

from tests.unit.boundary_cases import Case

REPORT = [["Quarterly report", "Prepared by Ann Lee"], ["Summary", "Sales rose in the north."],
          ["Costs", "Freight went up."], ["Risks", "Two suppliers are late."], ["Plan", "Hire two people."]]


def pdf(pages: list[list[str]]) -> bytes:
    """One page per entry, one text line per string."""
    buf = io.BytesIO()
    sheet = canvas.Canvas(buf, invariant=1)
    for lines in pages:
        for y, line in enumerate(lines):
            sheet.drawString(72, 720 - 18 * y, line)
        sheet.showPage()
    sheet.save()
    return buf.getvalue()


SOURCE = pdf(REPORT)


def split(label: str, parts: list[list[int]], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    names = ["a.pdf", "b.pdf", "c.pdf"][:len(parts)]
    paths = dict(zip(["first_file", "second_file", "third_file"], names, strict=False))
    return Case(label, None, {"input_file": "report.pdf", **paths, **options}, passes, says,
                files={n: pdf([REPORT[p - 1] for p in part]) for n, part in zip(names, parts, strict=True)},
                originals={"report.pdf": SOURCE})


AT_3 = {"rule": "pages", "at_pages": [3]}
AT_RISKS_DROP = {"rule": "headings", "at_headings": ["Risks"], "cover": "drop"}
AT_TWO_REPEAT = {"rule": "headings", "at_headings": ["Costs", "Plan"], "cover": "repeat"}
EQUAL = {"rule": "equal"}

INVOICES = {  # name -> page texts; printed dates run opposite to the names' order for c and d
    "in/ames_2024-01-05.pdf": [["Invoice A-1", "Invoice date: 2024-01-05"]],
    "in/bell_2024-02-11.pdf": [["Invoice B-7", "Invoice date: 2024-02-11"], ["Invoice B-7 page 2"]],
    "in/cole_2024-03-02.pdf": [["Invoice C-3", "Invoice date: 2024-03-09", "We avoid late fees."]],
    "in/dunn_2024-03-04.pdf": [["Invoice D-9", "Invoice date: 2024-03-08", "VOID - cancelled"]],
}
A, B, C, D = list(INVOICES)
FOUR = {"first_file": C, "second_file": A, "third_file": D, "fourth_file": B}  # as the task lists them


def merged(label: str, order: list[str], options: dict[str, Any], passes: bool, says: str = "",
           pages: list[list[str]] | None = None) -> Case:
    body = pages or [page for name in order for page in INVOICES[name]]
    return Case(label, None, {"file": "pack.pdf", **FOUR, **options}, passes, says, files={"pack.pdf": pdf(body)},
                originals={name: pdf(p) for name, p in INVOICES.items()})


NAME_ASC = {"order": "name_date"}
PRINTED_DESC = {"order": "printed_date", "descending": True, "date_label": "Invoice date"}
SKIP_VOID = {"order": "name_date", "skip_term": "VOID"}

CASES: dict[str, list[Case]] = {
    "pdf.pages_split": [
        split("at page 3", [[1, 2], [3, 4, 5]], AT_3, True),
        split("a page late", [[1, 2, 3], [4, 5]], AT_3, False, "part 1"),
        split("the last part short of its last page", [[1, 2], [3, 4]], AT_3, False, "part 2"),
        split("a page before the first part starts", [[1], [2, 3, 4, 5]], AT_3, False),
        split("before Risks, cover dropped", [[2, 3], [4, 5]], AT_RISKS_DROP, True),
        split("before Risks, cover kept in part 1", [[1, 2, 3], [4, 5]], AT_RISKS_DROP, False),
        split("heading named in other case and spacing", [[2, 3], [4, 5]],
              {**AT_RISKS_DROP, "at_headings": ["  RISKS "]}, True),
        split("a heading no page has", [[2, 3], [4, 5]], {**AT_RISKS_DROP, "at_headings": ["Outlook"]}, False,
              "no page after page 2 has the heading"),
        split("three parts, the cover on each", [[1, 2], [1, 3, 4], [1, 5]], AT_TWO_REPEAT, True),
        split("three parts, the cover missing from the last", [[1, 2], [1, 3, 4], [5]], AT_TWO_REPEAT, False,
              "part 3"),
        split("three parts, the cover left out of part 1", [[2], [1, 3, 4], [1, 5]], AT_TWO_REPEAT, False),
        split("equal halves of five: the first takes the extra page", [[1, 2, 3], [4, 5]], EQUAL, True),
        split("equal halves of five: the extra page on the second", [[1, 2], [3, 4, 5]], EQUAL, False),
        split("equal after a dropped cover: four pages in two", [[2, 3], [4, 5]], {**EQUAL, "cover": "drop"}, True),
        split("equal after a dropped cover, the cover kept", [[1, 2, 3], [4, 5]], {**EQUAL, "cover": "drop"}, False),
        split("equal thirds of five: 2, 2, 1", [[1, 2], [3, 4], [5]], EQUAL, True),
        split("equal thirds of five: 2, 1, 2", [[1, 2], [3], [4, 5]], EQUAL, False),
    ],
    "pdf.merged_in_order": [
        merged("as listed", [C, A, D, B], {"order": "listed"}, True),
        merged("as listed, the last two swapped", [C, A, B, D], {"order": "listed"}, False, "page 3 of pack.pdf"),
        merged("by the names' dates, oldest first", [A, B, C, D], NAME_ASC, True),
        merged("by the names' dates, newest first given", [D, C, B, A], NAME_ASC, False),
        merged("by the printed dates, newest first", [C, D, B, A], PRINTED_DESC, True),
        merged("by the names' dates where the printed ones were asked", [D, C, B, A], PRINTED_DESC, False),
        merged("a file's pages in the wrong order", [C, D, A, B], PRINTED_DESC, False,
               pages=[*INVOICES[C], *INVOICES[D], *INVOICES[A], *INVOICES[B][::-1]]),
        merged("the VOID invoice left out ('avoid' is not the word)", [A, B, C], SKIP_VOID, True),
        merged("the VOID invoice kept", [A, B, C, D], SKIP_VOID, False),
        merged("an invoice wrongly left out", [A, B], SKIP_VOID, False),
    ],
}
