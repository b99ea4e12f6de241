"""Boundary cases of `forge.checks.document_page_setup` on a real report drafted on US Letter with
1 in margins and a landscape appendix (two sections): A4 with stated margins on both sections,
the paper kept with new margins, new paper with the margins kept; and each way it goes wrong: the
LAST section (the appendix) left on the old paper, the appendix turned portrait, a size or a
margin just inside and just outside the 0.5 mm slack, the binding margin on the wrong side, the
margins changed when they had to stay, an extra section, a heading reworded, nothing done; and a
draft whose appendix sets no left margin: stated margins can be checked, kept ones cannot."""

from __future__ import annotations

import io
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import docx
from docx.enum.section import WD_ORIENT, WD_SECTION
from docx.oxml.ns import qn
from docx.shared import Mm

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _saved, _seeded
from workflows.document.page_setup import drafted

_RNG, _FAKER = _seeded(41)
DRAFT, _ = drafted(SimpleNamespace(rng=_RNG, faker=_FAKER), "letter", 25.4, True)
A4 = (210.0, 297.0)


def edited(change: Callable[[Any], None]) -> bytes:
    """The draft with `change` applied to its python-docx Document."""
    document = docx.Document(io.BytesIO(DRAFT))
    change(document)
    return _saved(document)


def setup(paper: tuple[float, float] | None = A4, margins: dict[str, float] | None = None,
          sections: slice = slice(None)) -> Callable[[Any], None]:
    """Each section in `sections` put on `paper` (its orientation kept) with `margins` in mm."""
    def change(document: Any) -> None:
        for section in document.sections[sections]:
            if paper:
                short, long = (Mm(x) for x in paper)
                wide = section.orientation == WD_ORIENT.LANDSCAPE
                section.page_width, section.page_height = (long, short) if wide else (short, long)
            for side, mm in (margins or {}).items():
                setattr(section, f"{side}_margin", Mm(mm))
    return change


def both(*changes: Callable[[Any], None]) -> Callable[[Any], None]:
    def change(document: Any) -> None:
        for one in changes:
            one(document)
    return change


def portrait_appendix(document: Any) -> None:
    last = document.sections[-1]
    last.orientation = WD_ORIENT.PORTRAIT
    last.page_width, last.page_height = last.page_height, last.page_width


def reword(document: Any) -> None:
    heading = next(p for p in document.paragraphs if p.style.name == "Heading 1")
    heading.runs[0].text += " (draft)"


def no_left_margin(document: Any) -> None:
    margins = document.sections[-1]._sectPr.find(qn("w:pgMar"))
    del margins.attrib[qn("w:left")]


NO_LEFT = edited(no_left_margin)


def case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
         given: bytes = DRAFT) -> Case:
    opts = {"file": "out.docx", "input_file": "draft.docx", **options}
    return Case(label, None, opts, passes, says, files={"out.docx": output}, originals={"draft.docx": given})


UNIFORM = dict.fromkeys(("top", "bottom", "left", "right"), 20.0)
BINDING = {**UNIFORM, "left": 35.0}
A4_2CM = {"paper": "a4", "margins_cm": {k: v / 10 for k, v in UNIFORM.items()}}
KEEP_PAPER_BINDING = {"margins_cm": {k: v / 10 for k, v in BINDING.items()}}
CASES = {"document.page_setup": [
    case("A4 with 2 cm margins on every section", edited(setup(A4, UNIFORM)), A4_2CM, True),
    case("the landscape appendix left on Letter", edited(setup(A4, UNIFORM, slice(0, 1))), A4_2CM, False,
         "section 2 of out.docx is on 215.9 x 279.4 mm paper"),
    case("the appendix turned portrait", edited(both(setup(A4, UNIFORM), portrait_appendix)), A4_2CM, False,
         "section 2 of out.docx is marked portrait"),
    case("A4 0.4 mm too wide (inside the slack)", edited(setup((210.4, 297.0), UNIFORM)), A4_2CM, True),
    case("A4 0.8 mm too wide (outside the slack)", edited(setup((210.8, 297.0), UNIFORM)), A4_2CM, False,
         "section 1 of out.docx is on 210.8 x 297.0 mm paper"),
    case("a margin 0.4 mm off (inside the slack)", edited(setup(A4, {**UNIFORM, "right": 20.4})), A4_2CM, True),
    case("a margin 0.8 mm off (outside the slack)", edited(setup(A4, {**UNIFORM, "right": 20.8})), A4_2CM, False,
         "section 1 of out.docx has a right margin of 20.8 mm"),
    case("the bottom margin left as it was", edited(setup(A4, {k: v for k, v in UNIFORM.items() if k != "bottom"})),
         A4_2CM, False, "bottom margin of 25.4 mm"),
    case("new paper, the margins kept as asked", edited(setup(A4)), {"paper": "a4"}, True),
    case("new paper, the margins changed when they had to stay", edited(setup(A4, UNIFORM)), {"paper": "a4"}, False,
         "top margin of 20.0 mm, expected 25.4 mm"),
    case("the paper kept, a binding margin on the left", edited(setup(None, BINDING)), KEEP_PAPER_BINDING, True),
    case("the binding margin on the right", edited(setup(None, {**UNIFORM, "right": 35.0})), KEEP_PAPER_BINDING,
         False, "left margin of 20.0 mm, expected 35.0 mm"),
    case("the paper changed when it had to stay", edited(setup(A4, BINDING)), KEEP_PAPER_BINDING, False,
         "section 1 of out.docx is on 210.0 x 297.0 mm paper, expected 215.9 x 279.4 mm"),
    case("an extra section break added", edited(both(setup(A4, UNIFORM),
                                                     lambda d: d.add_section(WD_SECTION.NEW_PAGE))), A4_2CM, False,
         "has 3 section(s), expected 2"),
    case("a heading reworded", edited(both(setup(A4, UNIFORM), reword)), A4_2CM, False, "(draft)"),
    case("nothing done", DRAFT, A4_2CM, False, "section 1 of out.docx is on 215.9 x 279.4 mm paper"),
    case("margins kept, on a draft whose appendix sets no left margin", edited(setup(A4)), {"paper": "a4"}, False,
         "section 2 of draft.docx sets no left", given=NO_LEFT),
    case("margins stated, on that draft", edited(setup(A4, UNIFORM)), A4_2CM, True, given=NO_LEFT),
]}
