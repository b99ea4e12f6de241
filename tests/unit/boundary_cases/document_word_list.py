"""Boundary cases of `forge.checks.document_word_list` on a real report and word lists (CSV and a
Word document's table): the list applied in the body only or everywhere, and each way it goes
wrong: the LAST listed form left, a capital lost, the header or a table cell left when everything
was asked, or changed when only the body was, a longer word replaced inside, another word
changed, a list none of whose forms the report holds."""

from __future__ import annotations

import io
import re
from typing import Any

import docx

from preparers.data import write_csv
from preparers.document import DocumentContent, Paragraph, Run, Section, TableBlock, write_docx
from preparers.spreadsheet import Table
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _saved, _seeded
from workflows.document.apply_word_list import TERMS, styled_report

_DOC, USED = styled_report(*_seeded(21))
LONGER = "The team utilised spare capacity in the spring."
REPORT = write_docx(_DOC.model_copy(update={"opening": [*_DOC.opening, Paragraph(runs=[Run(text=LONGER)])]}))
PAIRS = [[t, TERMS[t]] for t in [*USED, "utilise"]]
LIST_CSV = write_csv(Table(kind="terms", title="Words", headers=["Avoid", "Use"], rows=PAIRS))
LIST_DOCX = write_docx(DocumentContent(kind="report", title="House style", date=_DOC.date, author="A. Reader",
                                       organisation="Acme", file_stem="house_style",
                                       sections=[Section(heading="Words", table=TableBlock(headers=["Avoid", "Use"],
                                                                                           rows=PAIRS))]))


def _swap(text: str, pairs: list[list[str]], capitals: bool = True) -> str:
    for avoid, use in pairs:
        text = re.sub(rf"(?<!\w){re.escape(avoid)}(?!\w)", use, text)
        if capitals:
            text = re.sub(rf"(?<!\w){re.escape(avoid[:1].upper() + avoid[1:])}(?!\w)", use[:1].upper() + use[1:], text)
    return text


def applied(*, everywhere: bool = False, skip_last: bool = False, lose_capitals: bool = False,
            skip_header: bool = False, skip_table: bool = False, touch_header: bool = False,
            inside_words: bool = False, other_word: bool = False, touch_table: bool = False) -> bytes:
    """The report with the list applied as asked, one fault switched on where asked."""
    document = docx.Document(io.BytesIO(REPORT))
    body = [p for p in document.paragraphs if p.text.strip()]
    hits = [p for p in body if _swap(p.text, PAIRS) != p.text]
    for p in body:
        if skip_last and p is hits[-1]:
            continue
        text = _swap(p.text, PAIRS, capitals=not lose_capitals)
        if inside_words:
            text = text.replace("utilised", "used")
        if other_word and p is hits[0]:
            text = text.replace(" ", "  ").replace(".", "!", 1)
        if text != p.text:
            p.text = text
    margins = [*document.sections[0].header.paragraphs, *document.sections[0].footer.paragraphs]
    cells = [p for t in document.tables for row in t.rows for c in row.cells for p in c.paragraphs]
    for p in [*(margins[:1] if touch_header else []), *(margins if everywhere and not skip_header else []),
              *(cells if (everywhere and not skip_table) or touch_table else [])]:
        p.text = _swap(p.text, PAIRS, capitals=not lose_capitals)
    return _saved(document)


def case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
         listing: tuple[str, bytes] = ("words.csv", LIST_CSV)) -> Case:
    opts = {"file": "out.docx", "input_file": "in.docx", "list_file": listing[0], "avoid_column": "Avoid",
            "use_column": "Use", "scope": "body", **options}
    return Case(label, None, opts, passes, says, files={"out.docx": output},
                originals={"in.docx": REPORT, listing[0]: listing[1]})


ALL = {"scope": "everywhere"}
HEADER = f"{_DOC.organisation} | Online edition"
APPLIED = [
    case("body only, from the CSV list", applied(), {}, True),
    case("body only, from the Word list", applied(), {}, True, listing=("words.docx", LIST_DOCX)),
    case("the last listed form left in the body", applied(skip_last=True), {}, False, "expected"),
    case("a longer word replaced inside", applied(inside_words=True), {}, False, "The team used spare"),
    case("another word changed too", applied(other_word=True), {}, False, "expected"),
    case("the header changed when only the body was asked", applied(touch_header=True), {}, False,
         "the headers of out.docx read"),
    case("the table changed when only the body was asked", applied(touch_table=True), {}, False,
         "row 2 of table 1"),
    case("everywhere", applied(everywhere=True), ALL, True),
    case("everywhere, from the Word list", applied(everywhere=True), ALL, True, listing=("words.docx", LIST_DOCX)),
    case("everywhere, the header left", applied(everywhere=True, skip_header=True), ALL, False,
         f"expected ['{HEADER}']"),
    case("everywhere, the table left", applied(everywhere=True, skip_table=True), ALL, False, "row 2 of table 1"),
    case("everywhere, capitals lost", applied(everywhere=True, lose_capitals=True), ALL, False,
         "the headers of out.docx read"),
    case("the report handed back as it was", REPORT, {}, False, "expected"),
    case("a list none of whose forms the report holds", applied(), {}, False, "holds none of the forms",
         listing=("other.csv", write_csv(Table(kind="terms", title="Words", headers=["Avoid", "Use"],
                                                rows=[["whilst", "while"]])))),
]

CASES = {"document.word_list_applied": APPLIED}
