"""Carrying a table from one app's file into another's: the formats a table travels between.

A *hop* reads a table out of a CSV export, an Excel workbook, a Word report or a printed PDF and
writes the result into another app's file. Each format knows how a person reads it in a script
(csv, openpyxl, python-docx, pypdf's layout text) and how they write it, and how its input is made
from a seeded table. `workflows.multi.table_hops` registers one family per (operation, source,
target): the slot types, the apps and the reader/writer of the oracle differ per pair.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Callable

from preparers.data import write_csv
from preparers.document import DocumentContent, Paragraph, Run, Section, TableBlock, write_docx
from preparers.pdf import PdfContent, write_pdf
from preparers.spreadsheet import Table, write_xlsx


def shown(value: object) -> str:
    """A cell as printed in a report: ISO dates, numbers as written, money with two decimals."""
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


def printed(table: Table) -> Table:
    """The table a report prints or receives: without its date columns. A report's dates are text to
    the table views of docx and pdf, while a CSV or a workbook types them, so a date carried between
    the two could never equal the source's (a limit of the views, not of the task); the other columns
    stay."""
    dates = set(table.date_columns())
    keep = [i for i, h in enumerate(table.headers) if h not in dates]
    return table.model_copy(update={"headers": [table.headers[i] for i in keep],
                                    "rows": [[r[i] for i in keep] for r in table.rows],
                                    "formats": {h: f for h, f in table.formats.items() if h not in dates}})


def _docx(table: Table, sheet: str) -> bytes:
    intro = f"The {table.subject} below are the figures of record for {table.title.lower()}."
    section = Section(heading=sheet, level=1, paragraphs=[Paragraph(runs=[Run(text=intro)])],
                      table=TableBlock(headers=table.headers, rows=[[shown(v) for v in r] for r in table.rows]))
    doc = DocumentContent(kind="report", title=table.title, date=dt.date(2025, 1, 15), author="Records team",
                          organisation="Records team", file_stem=table.kind, sections=[section])
    return write_docx(doc)


def _pdf(table: Table, sheet: str) -> bytes:
    doc = PdfContent(kind="report", title=table.title, author="Records team", subject=table.subject,
                     date=dt.date(2025, 1, 15), file_stem=table.kind,
                     paragraphs=[f"{sheet}: the {table.subject} of record, one line each."],
                     table=TableBlock(headers=table.headers, rows=[[shown(v) for v in r] for r in table.rows]),
                     footnotes=["Printed from the records system."], numeric=list(table.numeric))
    return write_pdf(doc)


# How a careful person reads each format into `header, rows` (numbers as numbers, dates as ISO text).
_NUM = '''import datetime, re
def num(v):
    if isinstance(v, datetime.datetime):
        return v.date().isoformat()
    if not isinstance(v, str):
        return v
    t = v.strip().replace(",", "") if re.fullmatch(r"-?[\\d,]+(\\.\\d+)?", v.strip()) else v.strip()
    if re.fullmatch(r"-?\\d+", t):
        return int(t)
    return float(t) if re.fullmatch(r"-?\\d+\\.\\d+", t) else t
'''
_READERS = {
    "csv": 'import csv\nheader, *rows = [[num(v) for v in r] for r in csv.reader(open(SOURCE, newline="", '
           'encoding="utf-8"))]',
    "xlsx": "import openpyxl\nheader, *rows = [[num(v) for v in r] for r in "
            "openpyxl.load_workbook(SOURCE, data_only=True).active.iter_rows(values_only=True)]",
    "docx": "import docx\nheader, *rows = [[num(c.text) for c in r.cells] for r in docx.Document(SOURCE).tables[0].rows]",
    "pdf": ('from pypdf import PdfReader\n'
            'lines = [re.split(r"\\s{2,}", l.strip()) for l in '
            'PdfReader(SOURCE).pages[0].extract_text(extraction_mode="layout").splitlines() if l.strip()]\n'
            'start = next(i for i in range(len(lines) - 1) if len(lines[i]) > 1 and len(lines[i]) == len(lines[i + 1]))\n'
            'end = start\n'
            'while end < len(lines) and len(lines[end]) == len(lines[start]):\n'
            '    end += 1\n'
            'header, *rows = [[num(v) for v in r] for r in lines[start:end]]'),
}
# How they write `out` (a list of rows, header first) into the target format.
_WRITERS = {
    "csv": 'import csv\ncsv.writer(open(OUTPUT, "w", newline="", encoding="utf-8")).writerows(out)',
    "xlsx": ("import openpyxl\nbook = openpyxl.Workbook()\nbook.active.title = SHEET\n"
             "iso = lambda v: datetime.date.fromisoformat(v) if isinstance(v, str) and "
             're.fullmatch(r"\\d{4}-\\d{2}-\\d{2}", v) else v\n'
             "for r in out:\n    book.active.append([iso(v) for v in r])\nbook.save(OUTPUT)"),
    "docx": ("import docx\ndoc = docx.Document()\n"
             "grid = doc.add_table(rows=0, cols=len(out[0]))\ngrid.style = 'Table Grid'\n"
             "for r in out:\n    for cell, v in zip(grid.add_row().cells, r):\n"
             "        cell.text = '' if v is None else (f'{v:.2f}' if isinstance(v, float) else str(v))\n"
             "doc.save(OUTPUT)"),
}


@dataclass(frozen=True)
class Format:
    """One app's file format as a table's source or target."""

    ext: str
    app: str
    noun: str          # how a person names such a file: "the CSV export"
    target_noun: str   # how they ask for one: "a new Excel workbook"
    write: Callable[[Table, str], bytes] | None
    printout: bool = False  # a report or printout: tables to or from it have no date columns (`printed`)

    def reader(self, source: str) -> str:
        return _NUM + _READERS[self.ext].replace("SOURCE", repr(source))

    def writer(self, output: str, sheet: str) -> str:
        return _WRITERS[self.ext].replace("OUTPUT", repr(output)).replace("SHEET", repr(sheet))


FORMATS = {
    "csv": Format("csv", "data", "the CSV export", "a CSV file", lambda t, s: write_csv(t)),
    "xlsx": Format("xlsx", "spreadsheet", "the workbook", "a new Excel workbook", write_xlsx),
    "docx": Format("docx", "document", "the Word report", "a Word document", _docx, printout=True),
    "pdf": Format("pdf", "pdf", "the PDF printout", "", _pdf, printout=True),
}
# Sources and targets of another app (the same app's round trip is a single-app skill).
PAIRS = [(s, t) for s in ("csv", "xlsx", "docx", "pdf") for t in ("xlsx", "csv", "docx")
         if FORMATS[s].app != FORMATS[t].app]
