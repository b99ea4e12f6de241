"""A Word document built around one table, for the families whose content starts as rows (a
history, two snapshots of a list, a grouped export pasted from another report): a title, a dated
line, a headed section that introduces the table and holds it, and a closing note - so the table
sits in a real document rather than alone. Cells are printed as a report prints them (ISO dates,
money with two decimals, an empty cell for a missing value)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from preparers.document import DocumentContent, Paragraph, Run, Section, TableBlock, write_docx

NOTES = ["Figures are as recorded at the time of the export; corrections go to the owner of the list.",
         "Please raise any questions about this table with the team that keeps it.",
         "This table is reviewed every month and shared with the leadership team."]


def cell(value: Any, money: bool = False) -> str:
    """A value as the table prints it: '' for a missing one, ISO dates, 2 decimals for money."""
    if value is None:
        return ""
    if isinstance(value, dt.datetime):
        return f"{value:%Y-%m-%d %H:%M}"
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, float) and money:
        return f"{value:.2f}"
    return str(value)


def table_document(ctx: Any, *, title: str, heading: str, intro: str, headers: list[str], rows: list[list[Any]],
                   stem: str, date: dt.date, money: tuple[str, ...] = ()) -> DocumentContent:
    """The document holding the table under `heading`, `intro` before it and a closing note after."""
    organisation = ctx.faker.company()
    block = TableBlock(headers=headers, rows=[[cell(v, h in money) for h, v in zip(headers, row, strict=True)]
                                              for row in rows])
    return DocumentContent(
        kind="report", title=title, date=date, author=ctx.faker.name(), organisation=organisation, file_stem=stem,
        opening=[Paragraph(runs=[Run(text=f"{organisation}, {date.day} {date:%B %Y}.", italic=True)])],
        sections=[Section(heading=heading, paragraphs=[Paragraph(runs=[Run(text=intro)])], table=block),
                  Section(heading="Notes", paragraphs=[Paragraph(runs=[Run(text=ctx.rng.choice(NOTES))])])],
        header=organisation, footer=title)


def table_docx(ctx: Any, **kwargs: Any) -> bytes:
    """`table_document` written as docx bytes."""
    return write_docx(table_document(ctx, **kwargs))


def write_rows_code(output: str, target: str, sheet: str = "") -> str:
    """Reference code writing the list of rows `out` (header first) to `output`: a CSV, a table in a
    new Word document, or (xlsx) a new workbook's sheet named `sheet`, figures written as numbers."""
    from workflows._steps import lit

    if target == "csv":
        return (f"import csv\nwith open({lit(output)}, 'w', newline='', encoding='utf-8') as f:\n"
                "    csv.writer(f).writerows(out)\n")
    if target == "xlsx":
        return ("import openpyxl\ndef figure(v):\n    try:\n        return float(v) if '.' in v else int(v)\n"
                "    except (TypeError, ValueError):\n        return v if v != '' else None\n"
                f"book = openpyxl.Workbook()\nbook.active.title = {lit(sheet)}\n"
                f"for row in out:\n    book.active.append([figure(v) for v in row])\nbook.save({lit(output)})\n")
    return ("import docx\ndoc = docx.Document()\ngrid = doc.add_table(rows=0, cols=len(out[0]))\n"
            "grid.style = 'Table Grid'\nfor row in out:\n    for cell, value in zip(grid.add_row().cells, row):\n"
            f"        cell.text = str(value)\ndoc.save({lit(output)})\n")
