"""Boundary cases of `forge.checks.document_captions` on real reports: captions numbered through
the document or by chapter, in the Caption style or not, stale numbers renumbered with the
text's citations; and each way it goes wrong: the LAST caption left, numbers kept from the stale
draft, the count not restarted per chapter or restarted at a Heading 2, a citation left on its
old number, the Caption style missing on the last one, another separator, a title reworded, a
table edited, a report with no captions."""

from __future__ import annotations

import io
import re
from typing import Any

import docx

from preparers.document import make_document, write_docx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _saved, _seeded
from workflows.document.number_captions import captioned_report

FRESH = write_docx(captioned_report(*_seeded(11), stale=False))
STALE = write_docx(captioned_report(*_seeded(12), stale=True))
TABLES = len(docx.Document(io.BytesIO(FRESH)).tables)
TITLE_LAST = [p.text for p in docx.Document(io.BytesIO(FRESH)).paragraphs if p.text.startswith("Table")][-1][7:]
DRAFT = re.compile(r"^Table(?: (\d+))?: (.*)$")


def numbered(given: bytes, *, by_chapter: bool = False, style: str | None = None, skip_last: bool = False,
             keep_old: bool = False, chapter_at_h2: bool = False, no_restart: bool = False, sep: str = ": ",
             cite_old: bool = False, reword: bool = False, table_edit: bool = False) -> bytes:
    """The captions numbered as asked, one fault switched on where asked."""
    document = docx.Document(io.BytesIO(given))
    chapter, count, old, captions = 0, 0, {}, []
    for p in document.paragraphs:
        level = p.style.name
        if level == "Heading 1" or (chapter_at_h2 and level == "Heading 2"):
            chapter += 1
            count = count if no_restart or not by_chapter else 0
        found = DRAFT.match(p.text)
        if found:
            count += 1
            number = f"{chapter}.{count}" if by_chapter else str(count)
            old[found.group(1)] = number
            captions.append((p, found.group(1) if keep_old else number, found.group(2)))
    for p, number, title in captions[:-1] if skip_last else captions:
        p.text = f"Table {number}{sep}{title.upper() if reword and p is captions[-1][0] else title}"
        if style:
            p.style = document.styles[style]
    for p in document.paragraphs if not cite_old else []:
        if p.text.startswith("Table ") and " sums up" in p.text:
            p.runs[0].text = re.sub(r"Table (\d+)", lambda m: f"Table {old.get(m.group(1), m.group(1))}", p.text)
    if table_edit:
        document.tables[-1].rows[-1].cells[-1].text = "0"
    return _saved(document)


def case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
         given: bytes = FRESH) -> Case:
    opts = {"file": "out.docx", "input_file": "in.docx", "label": "Table", **options}
    return Case(label, None, opts, passes, says, files={"out.docx": output}, originals={"in.docx": given})


CHAPTER = {"by_chapter": True}
NUMBERED = [
    case("numbered through the document", numbered(FRESH), {}, True),
    case("the last caption left as a draft", numbered(FRESH, skip_last=True), {}, False,
         f"is 'Table: {TITLE_LAST}', expected 'Table {TABLES}: {TITLE_LAST}'"),
    case("another separator", numbered(FRESH, sep=" - "), {}, False, "expected 'Table 1: "),
    case("the last caption's title reworded", numbered(FRESH, reword=True), {}, False, "expected 'Table "),
    case("numbered by chapter", numbered(FRESH, by_chapter=True), CHAPTER, True),
    case("numbered through where by chapter was asked", numbered(FRESH), CHAPTER, False, "expected 'Table "),
    case("by chapter, the count never restarted", numbered(FRESH, by_chapter=True, no_restart=True), CHAPTER, False,
         "expected 'Table "),
    case("by chapter, a Heading 2 counted as a chapter", numbered(FRESH, by_chapter=True, chapter_at_h2=True),
         CHAPTER, False, "expected 'Table "),
    case("in the Caption style", numbered(FRESH, style="Caption"), {"style": "Caption"}, True),
    case("the Caption style asked, the captions left Normal", numbered(FRESH), {"style": "Caption"}, False,
         "has style 'Normal', expected 'Caption'"),
    case("stale numbers renumbered, citations following", numbered(STALE), {}, True, given=STALE),
    case("stale numbers kept", numbered(STALE, keep_old=True), {}, False, "expected 'Table 1: ", given=STALE),
    case("a citation left on its old number", numbered(STALE, cite_old=True), {}, False, "sums up", given=STALE),
    case("stale numbers by chapter, citations following", numbered(STALE, by_chapter=True), CHAPTER, True,
         given=STALE),
    case("a table edited on the way", numbered(FRESH, table_edit=True), {}, False, f"table {TABLES} of out.docx changed"),
    case("the report handed back as it was", FRESH, {}, False, "expected 'Table 1: "),
    case("a report with no captions", write_docx(make_document(*_seeded(5), kind="report")), {}, False,
         "has no 'Table' caption", given=write_docx(make_document(*_seeded(5), kind="report"))),
]

CASES = {"document.captions_numbered": NUMBERED}
