"""Boundary cases of `forge.checks.document_terms` on a real report with bold terms: the LAST term
or the last definition wrong, a term bold twice listed twice, a term bold across two runs listed
as two, the order of appearance where alphabetical was asked, bullets that are plain paragraphs,
the table without its header row, the glossary at the top, the report copied into its own file."""

from __future__ import annotations

import io
from typing import Any

import docx

from preparers.document import Paragraph, Run, Section, make_document, write_docx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _saved, _seeded

BASE = make_document(*_seeded(51), kind="report")


def _p(*parts: str) -> Paragraph:
    """Runs from parts; a part in *stars* is bold."""
    return Paragraph(runs=[Run(text=t.strip("*"), bold=t.startswith("*")) for t in parts])


DEFS = [
    ("purchase order", "A purchase order is the document a buyer sends to confirm what it will pay for."),
    ("service level agreement", "The service level agreement sets out the response times promised."),
    ("lead time", "The lead time is the number of days between placing an order and receiving it."),
    ("accrual", "An accrual records a cost in the month it was incurred."),
    ("backlog", "The backlog is the list of accepted work that has not yet been started."),
]
SECTIONS = [
    Section(heading="Background", paragraphs=[
        _p("Spending rose in March. A ", "*purchase order", " is the document a buyer sends to confirm what it will "
           "pay for."),
        _p("The ", "*service level", "* agreement", " sets out the response times promised. Most were met.")]),
    Section(heading="Findings", paragraphs=[
        _p("The ", "*lead time", " is the number of days between placing an order and receiving it."),
        _p("Every ", "*purchase order", " was checked. An ", "*accrual", " records a cost in the month it was "
           "incurred.")]),
    Section(heading="Next Steps", paragraphs=[
        _p("The ", "*backlog", " is the list of accepted work that has not yet been started.")]),
]
REPORT = write_docx(BASE.model_copy(update={"sections": SECTIONS, "opening": []}))
PLAIN = write_docx(BASE.model_copy(update={"sections": [s.model_copy(update={"paragraphs": [
    Paragraph(runs=[Run(text=p.text)]) for p in s.paragraphs]}) for s in SECTIONS], "opening": []}))
ALPHA = sorted(DEFS)


def glossary(rows: list[tuple[str, str]], *, table: bool = False, heading: str = "Glossary", level: int = 1,
             style: str = "List Bullet", separate: bool = False, header: bool = True, at_top: bool = False,
             given: bytes = REPORT) -> bytes:
    document = docx.Document() if separate else docx.Document(io.BytesIO(given))
    if separate and level == 0:
        document.add_paragraph(heading, style="Title")
    else:
        document.add_heading(heading, level=level)
    if table:
        grid = document.add_table(rows=0, cols=2)
        for row in ([("Term", "Definition")] if header else []) + rows:
            cells = grid.add_row().cells
            cells[0].text, cells[1].text = row
    else:
        for term, _ in rows:
            document.add_paragraph(term, style=style)
    if at_top:  # everything added moved to just after the title line
        body = document.element.body
        added = list(body)[-(len(rows) + 2):-1]  # the heading and the bullets, before the page setup
        for element in reversed(added):
            body.insert(1, element)
    return _saved(document)


def case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
         given: bytes = REPORT) -> Case:
    opts = {"file": "out.docx", "input_file": "in.docx", "heading": "Glossary", **options}
    return Case(label, None, opts, passes, says, files={"out.docx": output}, originals={"in.docx": given})


LIST_A = {"form": "list", "order": "alphabetical"}
LIST_SEEN = {"form": "list", "order": "appearance"}
TABLE_A = {"form": "table", "order": "alphabetical"}

BUILT = [
    case("a bulleted glossary at the end, A to Z", glossary(ALPHA), LIST_A, True),
    case("in the order of first appearance", glossary(DEFS), LIST_SEEN, True),
    case("order of appearance where alphabetical was asked", glossary(DEFS), LIST_A, False, "paragraph"),
    case("the last term left out", glossary(ALPHA[:-1]), LIST_A, False, "missing"),
    case("a term bold twice listed twice", glossary([*ALPHA[:3], ALPHA[2], *ALPHA[3:]]), LIST_A, False,
         "purchase order"),
    case("a term bold across two runs listed as two", glossary(
        [*ALPHA[:3], ("service level", ""), ("agreement", "")]), LIST_A, False, "service level"),
    case("the terms as plain paragraphs, not bullets", glossary(ALPHA, style="Normal"), LIST_A, False,
         "List Bullet"),
    case("the heading a Heading 2", glossary(ALPHA, level=2), LIST_A, False, "heading level"),
    case("the glossary at the top, after the title", glossary(ALPHA, at_top=True), LIST_A, False, "paragraph 2"),
    case("the report handed back without a glossary", REPORT, LIST_A, False, "missing"),
    case("a report with no bold terms", glossary([]), LIST_A, False, "no bold terms", given=PLAIN),
    case("a Term | Definition table, A to Z", glossary(ALPHA, table=True), TABLE_A, True),
    case("the last definition the next sentence instead", glossary(
        [*ALPHA[:-1], (ALPHA[-1][0], "Most were met.")], table=True), TABLE_A, False, "row 6"),
    case("the table without its header row", glossary(ALPHA, table=True, header=False), TABLE_A, False, "row 1"),
    case("the table one term short", glossary(ALPHA[:-1], table=True), TABLE_A, False, "4 terms"),
    case("a list where a table was asked", glossary(ALPHA), TABLE_A, False, "extra paragraph"),
    case("a glossary document of its own", glossary(ALPHA, separate=True), {**LIST_A, "separate": True}, True),
    case("its own document, the heading as its title line", glossary(ALPHA, separate=True, level=0),
         {**LIST_A, "separate": True}, True),
    case("the report copied into the glossary file", glossary(ALPHA), {**LIST_A, "separate": True}, False,
         "paragraph 1"),
]

CASES = {"document.glossary_built": BUILT}
