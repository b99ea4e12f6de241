"""Boundary cases of `forge.checks.document_table_text` on a real report with two tables: the
header row kept where it had to go, the LAST row's line lost or a column label missing from the
last bullet, the wrong separator, spaces after semicolons (fine), bullets in the body style, the
lines put at the start of the section, the table left beside its lines, the other table
converted instead, the report handed back as it was."""

from __future__ import annotations

import io
from typing import Any

import docx

from preparers.document import Section, TableBlock, make_document, write_docx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _saved, _seeded

REPORT = make_document(*_seeded(71), kind="report")
EXTRA = TableBlock(headers=["Owner", "Due"], rows=[["Finance", "May"], ["Legal", "June"]])
GIVEN = write_docx(REPORT.model_copy(update={"sections": [
    *REPORT.sections[:-1], REPORT.sections[-1].model_copy(update={"table": EXTRA})]}))
HEADING = REPORT.sections[2].heading


def converted(sep: str = "\t", *, header: bool = True, bullets: bool = False, style: str | None = None,
              drop_last: bool = False, unlabel_last: bool = False, keep_table: bool = False, which: int = 0,
              at_start: bool = False) -> bytes:
    """The first table (or `which`) as lines before it, then removed; one fault where asked."""
    document = docx.Document(io.BytesIO(GIVEN))
    grid = document.tables[which]
    rows = [[c.text for c in r.cells] for r in grid.rows]
    head, body = rows[0], rows[1:]
    if bullets:
        lines = [r[0] + ": " + ", ".join(f"{h} {v}" for h, v in zip(head[1:], r[1:], strict=True)) for r in body]
        if unlabel_last:
            lines[-1] = lines[-1].replace(f"{head[-1]} ", "")
    else:
        lines = [sep.join(r) for r in (rows if header else body)]
    anchor = grid._element
    if at_start:
        heading = next(p for p in document.paragraphs if p.text == HEADING)
        anchor = heading._p.getnext()
    for line in lines[:-1] if drop_last else lines:
        paragraph = document.add_paragraph(line, style=style or ("List Bullet" if bullets else "Normal"))
        anchor.addprevious(paragraph._p)
    if not keep_table:
        grid._element.getparent().remove(grid._element)
    return _saved(document)


def case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    opts = {"file": "out.docx", "input_file": "in.docx", "heading": HEADING, **options}
    return Case(label, None, opts, passes, says, files={"out.docx": output}, originals={"in.docx": GIVEN})


TABS, NO_HEADER = {"form": "tab", "header": True}, {"form": "tab", "header": False}
SEMI, BULLETS = {"form": "semicolon", "header": True}, {"form": "bullets", "header": False}
AFTER = 1 + next(n for n, p in enumerate(p for p in docx.Document(io.BytesIO(GIVEN)).paragraphs if p.text.strip())
                 if p.text == HEADING)
END = AFTER + len(REPORT.sections[2].paragraphs)  # the section's last paragraph, numbered from 1
ROWS = len(REPORT.sections[2].table.rows)  # type: ignore[union-attr]

TEXTED = [
    case("tab-separated lines, header first", converted(), TABS, True),
    case("tab-separated lines without the header row", converted(header=False), NO_HEADER, True),
    case("the header row kept where it had to go", converted(), NO_HEADER, False,
         f"has {ROWS + 1} new paragraphs; the table's rows make {ROWS} lines"),
    case("the header row dropped where it had to stay", converted(header=False), TABS, False,
         f"has {ROWS} new paragraphs; the table's rows make {ROWS + 1} lines"),
    case("semicolons with a space after each (cells trimmed)", converted("; "), SEMI, True),
    case("semicolons where tabs were asked", converted(";"), TABS, False, "separated by tabs"),
    case("one labelled bullet per row", converted(bullets=True), BULLETS, True),
    case("the bullets in the body style", converted(bullets=True, style="Normal"), BULLETS, False,
         f"paragraph {END + 1} of out.docx"),
    case("the last bullet without its last column's label", converted(bullets=True, unlabel_last=True), BULLETS,
         False, f"paragraph {END + ROWS} of out.docx"),
    case("the last row's line lost", converted(drop_last=True), TABS, False,
         f"has {ROWS} new paragraphs; the table's rows make {ROWS + 1} lines"),
    case("the lines put at the start of the section", converted(at_start=True), TABS, False, f"paragraph {AFTER + 1}"),
    case("the table left beside its lines", converted(keep_table=True), TABS, False, "has 2 tables"),
    case("the other table converted instead", converted(which=1), TABS, False, "only the table's lines were to be added"),
    case("the report handed back as it was", GIVEN, TABS, False, "has 2 tables"),
    case("no such heading", converted(), {**TABS, "heading": "Appendix"}, False, "no heading 'Appendix'"),
]

CASES = {"document.table_to_text": TEXTED}
