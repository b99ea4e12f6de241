"""Boundary cases of the pdf check library, on real PDFs made by the pdf preparer: the last page,
the last metadata field and the last table cell are where a loop that stops one short lets a wrong
answer through; an amount one cent off, or printed with more decimals than the PDF has, fails."""

from __future__ import annotations

import io
from typing import Any

from pypdf import PdfReader, PdfWriter

from tests.unit.boundary_cases import Case
from tests.unit.test_apps_checks_pdf_text_json import INVOICE, INVOICE_DOC, REPORT, REPORT_DOC, TOTAL, sheet

PLAIN = TOTAL.replace(",", "")


def pages(*parts: bytes, drop_last: bool = False) -> bytes:
    """The pages of the PDFs, in order (the very last one left out with `drop_last`)."""
    writer = PdfWriter()
    every = [page for part in parts for page in PdfReader(io.BytesIO(part)).pages]
    for page in every[:-1] if drop_last else every:
        writer.add_page(page)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def with_metadata(data: bytes, **fields: str) -> bytes:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    writer.add_metadata({f"/{k}": v for k, v in fields.items()})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()



def report_rows(*, last_cell: float = 0.0, last_as_text: bool = False, rows: int | None = None,
                extra: list[Any] | None = None, extra_column: bool = False) -> list[list[Any]]:
    """The report's table as a workbook would hold it, with a change to its LAST cell only."""
    table: list[list[Any]] = [list(REPORT_DOC.table.headers) + (["Note"] if extra_column else [])]
    body = REPORT_DOC.table.rows[:rows]
    for n, row in enumerate(body, start=1):
        numbers: list[Any] = [float(v.replace(",", "")) for v in row[1:]]
        if n == len(body):
            numbers[-1] = f"{numbers[-1]:,.2f}" if last_as_text else numbers[-1] + last_cell
        table.append([row[0], *numbers] + (["x"] if extra_column else []))
    return table + ([extra] if extra else [])


def reported(label: str, written: str, passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "due.txt", "input_file": "inv.pdf", "label": "Total due"}, passes, says,
                files={"due.txt": written.encode() + b"\n"}, originals={"inv.pdf": INVOICE})


def meta_lines(label: str, lines: list[str], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "meta.txt", "input_file": "inv.pdf", "fields": ["Title", "Author"]}, passes,
                says, files={"meta.txt": "\n".join(lines).encode()}, originals={"inv.pdf": INVOICE})


def combined(label: str, output: bytes, passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "all.pdf", "first_file": "a.pdf", "second_file": "b.pdf"}, passes, says,
                files={"all.pdf": output}, originals={"a.pdf": INVOICE, "b.pdf": REPORT})


def unchanged(label: str, output: bytes, passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.pdf", "input_file": "in.pdf"}, passes, says,
                files={"out.pdf": output}, originals={"in.pdf": pages(INVOICE, REPORT)})


def metadata(label: str, output: bytes, options: dict[str, str], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.pdf", **options}, passes, says, files={"out.pdf": output})


def copied(label: str, rows: list[list[Any]], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.xlsx", "input_file": "r.pdf", "table": "Sales"}, passes, says,
                files={"out.xlsx": sheet(rows)}, originals={"r.pdf": REPORT})


TITLE, AUTHOR = INVOICE_DOC.title, INVOICE_DOC.author
NEW = {"title": "Q3 Summary", "author": "Dana Reyes", "subject": "Quarterly figures"}
NEW_PDF = with_metadata(INVOICE, Title=NEW["title"], Author=NEW["author"], Subject=NEW["subject"])

CASES: dict[str, list[Case]] = {
    "pdf.value_reported": [
        reported("as printed", TOTAL, True, f"reported as {TOTAL}"),
        reported("without the thousands separator", PLAIN, True),
        reported("beside its label", f"Total due: {TOTAL}", True),
        reported("a trailing zero is the same amount", PLAIN + "0", True),
        reported("one cent over", f"{float(PLAIN) + 0.01:.2f}", False, f"but inv.pdf prints Total due: {TOTAL}"),
        reported("one cent under", f"{float(PLAIN) - 0.01:.2f}", False),
        reported("more decimals than printed (unrounded)", PLAIN + "1", False),
        reported("one decimal fewer (rounded away)", PLAIN[:-1], False),
        reported("two numbers", f"{TOTAL} (net 11,678.50)", False, "holds 2 numbers"),
        reported("no number", "see the invoice", False, "holds 0 numbers"),
    ],
    "pdf.metadata_reported": [
        meta_lines("the fields in order", [f"Title: {TITLE}", f"Author: {AUTHOR}"], True, "2 metadata field(s)"),
        meta_lines("the last field's value one character off", [f"Title: {TITLE}", f"Author: {AUTHOR}."], False),
        meta_lines("the fields swapped", [f"Author: {AUTHOR}", f"Title: {TITLE}"], False),
        meta_lines("the last field missing", [f"Title: {TITLE}"], False),
        meta_lines("an extra line at the end", [f"Title: {TITLE}", f"Author: {AUTHOR}", "Pages: 1"], False),
    ],
    "pdf.pages_combined": [
        combined("the first's pages, then the second's", pages(INVOICE, REPORT), True),
        combined("the second first", pages(REPORT, INVOICE), False, "page 1 of all.pdf"),
        combined("the last page dropped", pages(INVOICE, REPORT, drop_last=True), False, "has 1 pages, expected 2"),
        combined("an extra page at the end", pages(INVOICE, REPORT, REPORT), False, "has 3 pages, expected 2"),
        combined("the last page replaced", pages(INVOICE, INVOICE), False, "page 2 of all.pdf"),
    ],
    "pdf.pages_unchanged": [
        unchanged("the same pages, rewritten", pages(INVOICE, REPORT), True, "2 pages in order"),
        unchanged("the last page replaced", pages(INVOICE, INVOICE), False, "page 2 of out.pdf"),
        unchanged("the last page dropped", INVOICE, False, "has 1 pages, expected 2"),
        unchanged("an extra page at the end", pages(INVOICE, REPORT, REPORT), False, "has 3 pages"),
    ],
    "pdf.metadata_equals": [
        metadata("all three set", NEW_PDF, NEW, True),
        metadata("the last field one character off", NEW_PDF, {**NEW, "subject": "Quarterly figure"}, False,
                 "Subject is 'Quarterly figures', expected 'Quarterly figure'"),
        metadata("the last field not set", with_metadata(INVOICE, Title=NEW["title"], Author=NEW["author"]), NEW,
                 False, "Subject"),
        metadata("a longer title", NEW_PDF, {"title": NEW["title"] + " v2"}, False, "Title"),
        metadata("an unchanged file keeps its title", INVOICE, {"title": TITLE}, True),
    ],
    "pdf.table_copied": [
        copied("every row, numbers as numbers", report_rows(), True, "4 rows copied"),
        copied("the last cell just inside the tolerance", report_rows(last_cell=0.004), True),
        copied("the last cell just outside the tolerance", report_rows(last_cell=0.006), False, "Sales!D5"),
        copied("the last cell just outside, below", report_rows(last_cell=-0.006), False, "Sales!D5"),
        copied("the last cell as text", report_rows(last_as_text=True), False, "holds the text"),
        copied("the last row dropped", report_rows(rows=3), False, "has 3 data rows, expected 4"),
        copied("an extra row at the end", report_rows(extra=["North", 1.0, 2.0, 3.0]), False, "has 5 data rows"),
        copied("an extra column", report_rows(extra_column=True), False, "has 5 cells, expected 4"),
    ],
}
