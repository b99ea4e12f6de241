"""Boundary cases of `forge.checks.document_layout` on a real report: a page break missing before
the LAST heading, one before the first paragraph (a blank first page), breaks written each way
(the property, an empty paragraph holding a break, a break ending the paragraph before, a new
section); the landscape part one section too long, the flag set but the sides not swapped, the
paper changed, margins just inside and just outside the slack."""

from __future__ import annotations

import copy
import io
from collections.abc import Callable
from typing import Any

import docx
from docx.enum.section import WD_ORIENT
from docx.enum.text import WD_BREAK
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Cm, Mm

from preparers.document import make_document, write_docx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _saved, _seeded

REPORT = make_document(*_seeded(8), kind="report")
DOC = write_docx(REPORT)
HEADS = REPORT.headings  # every one a Heading 1
NAMED = HEADS[2]


def edited(change: Callable[[Any], None], given: bytes = DOC) -> bytes:
    document = docx.Document(io.BytesIO(given))
    change(document)
    return _saved(document)


def _heads(document: Any) -> list[Any]:
    return [p for p in document.paragraphs if p.style.name == "Heading 1"]


def broken(where: str = "property", skip_last: bool = False, only: str | None = None,
           first: bool = False) -> Callable[[Any], None]:
    def change(document: Any) -> None:
        heads = [p for p in _heads(document) if only is None or p.text == only]
        for p in heads[:-1] if skip_last else heads:
            if where == "property":
                p.paragraph_format.page_break_before = True
            elif where == "empty":
                p.insert_paragraph_before().add_run().add_break(WD_BREAK.PAGE)
            elif p._p.getprevious().tag.endswith("}p"):  # a break ending the paragraph before, as Writer saves it
                previous = document.paragraphs[[q._p for q in document.paragraphs].index(p._p) - 1]
                previous.add_run().add_break(WD_BREAK.PAGE)
            else:  # after a table: a run with a break opening the heading itself, before its text
                run, page = OxmlElement("w:r"), OxmlElement("w:br")
                page.set(qn("w:type"), "page")
                run.append(page)
                p.runs[0]._r.addprevious(run)
        if first:
            document.paragraphs[0].paragraph_format.page_break_before = True
    return change


def sectioned(before: list[str], wide: list[int], *, swap: bool = True, margin: Any = None,
              paper: Any = None) -> Callable[[Any], None]:
    """Section breaks before the named headings; the sections numbered in `wide` landscape."""
    def change(document: Any) -> None:
        body = document.element.body
        for p in [p for p in _heads(document) if p.text in before]:
            marker = OxmlElement("w:p")
            marker.get_or_add_pPr().append(copy.deepcopy(body.sectPr))
            p._p.addprevious(marker)
        for n, section in enumerate(document.sections):
            if paper is not None:
                section.page_width, section.page_height = paper
            if n in wide:
                width, height = section.page_width, section.page_height
                section.orientation = WD_ORIENT.LANDSCAPE
                if swap:
                    section.page_width, section.page_height = height, width
                for side in ("top", "bottom", "left", "right") if margin is not None else ():
                    setattr(section, f"{side}_margin", margin)
    return change


def text_changed(document: Any) -> None:
    _heads(document)[-1].runs[0].text += " (draft)"


WITH_BREAKS = edited(lambda d: (broken("empty", only=HEADS[1])(d), broken("before", only=HEADS[-1])(d)))


def case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "", given: bytes = DOC) -> Case:
    opts = {"file": "out.docx", "input_file": "in.docx", **options}
    return Case(label, None, opts, passes, says, files={"out.docx": output}, originals={"in.docx": given})


EVERY, ONE, NONE = {"at": "every_heading"}, {"at": "heading", "heading": NAMED}, {"at": "none"}

PAGE_STARTS = [
    case("every Heading 1 has page-break-before", edited(broken()), EVERY, True),
    case("an empty paragraph holding a break before each", edited(broken("empty")), EVERY, True),
    case("a break ending the paragraph before each", edited(broken("before")), EVERY, True),
    case("the last heading left without a break", edited(broken(skip_last=True)), EVERY, False, HEADS[-1][:20]),
    case("the first paragraph breaks too: a blank first page", edited(broken(first=True)), EVERY, False,
         "paragraph 1 "),
    case("a heading retyped on the way", edited(lambda d: (broken()(d), text_changed(d))), EVERY, False),
    case("the named section starts a page", edited(broken(only=NAMED)), ONE, True),
    case("the named section starts a new section", edited(sectioned([NAMED], [])), ONE, True),
    case("every section starts a page where one was asked", edited(broken()), ONE, False, "should not"),
    case("another section starts a page", edited(broken(only=HEADS[3])), ONE, False),
    case("no break at all", DOC, ONE, False, "does not start"),
    case("every manual break removed", DOC, NONE, True, given=WITH_BREAKS),
    case("the break ending a paragraph left", edited(lambda d: broken("before", only=HEADS[-1])(d)), NONE, False,
         HEADS[-1][:20], given=WITH_BREAKS),
    case("the breaks left as they were", WITH_BREAKS, NONE, False, given=WITH_BREAKS),
]

# --- document.landscape_pages ---------------------------------------------------------------------

AFTER = HEADS[3]  # the heading after the named section
MARGIN = {"scope": "section", "heading": NAMED, "margin_cm": 1.5}
SECTION = {"scope": "section", "heading": NAMED}

LANDSCAPE = [
    case("the whole document landscape", edited(sectioned([], [0])), {"scope": "whole"}, True),
    case("whole asked, the flag set but the sides not swapped", edited(sectioned([], [0], swap=False)),
         {"scope": "whole"}, False, "wider than tall"),
    case("whole asked, the paper made A4", edited(sectioned([], [0], paper=(Mm(210), Mm(297)))),
         {"scope": "whole"}, False, "paper"),
    case("the section on landscape pages of its own", edited(sectioned([NAMED, AFTER], [1])), SECTION, True),
    case("the landscape running on past the section", edited(sectioned([NAMED], [1])), SECTION, False,
         AFTER[:20]),
    case("the section break one heading early", edited(sectioned([HEADS[1], AFTER], [1])), SECTION, False,
         "should be portrait"),
    case("from the heading to the end", edited(sectioned([NAMED], [1])), {"scope": "from", "heading": NAMED}, True),
    case("margins of 1.5 cm as asked", edited(sectioned([NAMED, AFTER], [1], margin=Cm(1.5))), MARGIN, True),
    case("margins 0.4 mm off (unit rounding)", edited(sectioned([NAMED, AFTER], [1], margin=Mm(15.4))), MARGIN, True),
    case("margins 0.6 mm off", edited(sectioned([NAMED, AFTER], [1], margin=Mm(15.6))), MARGIN, False, "margin"),
    case("margins left as they were though asked", edited(sectioned([NAMED, AFTER], [1])), MARGIN, False, "margin"),
    case("margins changed though not asked", edited(sectioned([NAMED, AFTER], [1], margin=Cm(1.5))), SECTION,
         False, "margin"),
    case("the text edited too", edited(lambda d: (sectioned([NAMED, AFTER], [1])(d), text_changed(d))), SECTION,
         False),
]

CASES = {"document.page_starts": PAGE_STARTS, "document.landscape_pages": LANDSCAPE}
