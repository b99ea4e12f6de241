"""Boundary cases of the office checks added for #10's breadth (document formatting, slide
formatting, ...) on real files from the preparers: the LAST target paragraph or run left out
(a loop that stops one short), one paragraph too many formatted, a style changed instead of
direct formatting, the text itself edited."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import docx
import pptx
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.shared import Pt
from pptx.util import Pt as PptPt

from preparers.document import make_document, write_docx
from preparers.presentation import make_deck, write_pptx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _saved, _seeded

# --- documents ---------------------------------------------------------------------------------

REPORT = write_docx(make_document(*_seeded(7), kind="report"))


def edit_doc(*changes: Callable[[Any], None], data: bytes = REPORT) -> bytes:
    document = docx.Document(io.BytesIO(data))
    for change in changes:
        change(document)
    return _saved(document)


def doc_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
             given: bytes = REPORT) -> Case:
    return Case(label, None, {"file": "out.docx", "input_file": "in.docx", **options}, passes, says,
                files={"out.docx": output}, originals={"in.docx": given})


def _body(document: Any) -> list[Any]:
    return [p for p in document.paragraphs if p.text.strip() and not p.style.name.startswith(("Heading", "Title"))]


def _headings(document: Any) -> list[Any]:
    return [p for p in document.paragraphs if p.style.name.startswith("Heading")]


def on(pick: Callable[[Any], list[Any]], apply: Callable[[Any], None], *, skip_last: bool = False,
       extra: int | None = None) -> Callable[[Any], None]:
    """Apply to the picked paragraphs (all but the last with skip_last), and to paragraph `extra` too."""
    def change(document: Any) -> None:
        chosen = pick(document)
        for p in chosen[:-1] if skip_last else chosen:
            apply(p)
        if extra is not None:
            apply(document.paragraphs[extra])
    return change


def centre(p: Any) -> None:
    p.alignment = WD_ALIGN_PARAGRAPH.CENTER


def size14(p: Any) -> None:
    for r in p.runs:
        r.font.size = Pt(14)


def italic(p: Any) -> None:
    for r in p.runs:
        r.font.italic = True


def half_italic(p: Any) -> None:
    """The last run split in two, only its first half italic."""
    last = p.runs[-1]
    text, cut = last.text, len(last.text) // 2
    last.text = text[:cut]
    last.font.italic = True
    p.add_run(text[cut:]).font.italic = False


def style_size(document: Any) -> None:
    document.styles["Normal"].font.size = Pt(14)


def retext(document: Any) -> None:
    _body(document)[-1].runs[-1].text += " (edited)"


def _section_body(document: Any, heading: str) -> list[Any]:
    paragraphs, out, inside = document.paragraphs, [], False
    for p in paragraphs:
        if p.style.name.startswith("Heading"):
            inside = " ".join(p.text.split()) == heading
            continue
        if inside and p.text.strip():
            out.append(p)
    return out


HEADING = next(h.text for h in _headings(docx.Document(io.BytesIO(REPORT)))
               if len(_section_body(docx.Document(io.BytesIO(REPORT)), h.text)) >= 2)
FIRST_BODY = next(i for i, p in enumerate(docx.Document(io.BytesIO(REPORT)).paragraphs)
                  if p.text.strip() and not p.style.name.startswith(("Heading", "Title")))

FORMATTED = {
    "document.paragraphs_formatted": [
        doc_case("every heading centred", edit_doc(on(_headings, centre)), {"target": "headings", "change": "center"},
                 True),
        doc_case("the last heading left as it was", edit_doc(on(_headings, centre, skip_last=True)),
                 {"target": "headings", "change": "center"}, False, "expected center"),
        doc_case("a body paragraph centred too", edit_doc(on(_headings, centre, extra=FIRST_BODY)),
                 {"target": "headings", "change": "center"}, False, "expected left"),
        doc_case("all body text 14 pt", edit_doc(on(_body, size14)), {"target": "body", "change": "size",
                                                                      "size_pt": 14}, True),
        doc_case("the last body paragraph missed", edit_doc(on(_body, size14, skip_last=True)),
                 {"target": "body", "change": "size", "size_pt": 14}, False, "expected 14"),
        doc_case("14 pt on the Normal style, not the paragraphs", edit_doc(style_size),
                 {"target": "body", "change": "size", "size_pt": 14}, False, "direct formatting"),
        doc_case("the body 14 pt and one word edited", edit_doc(on(_body, size14), retext),
                 {"target": "body", "change": "size", "size_pt": 14}, False, "expected"),
        doc_case("the section's paragraphs italic", edit_doc(on(lambda d: _section_body(d, HEADING), italic)),
                 {"target": "section", "heading": HEADING, "change": "italic"}, True),
        doc_case("the section's last paragraph only half italic",
                 edit_doc(on(lambda d: _section_body(d, HEADING)[:-1], italic),
                          on(lambda d: _section_body(d, HEADING)[-1:], half_italic)),
                 {"target": "section", "heading": HEADING, "change": "italic"}, False, "on all of it"),
        doc_case("the heading of the section italic too",
                 edit_doc(on(lambda d: _section_body(d, HEADING), italic),
                          on(lambda d: [p for p in _headings(d) if p.text == HEADING], italic)),
                 {"target": "section", "heading": HEADING, "change": "italic"}, False, "not to be touched"),
        doc_case("nothing done", REPORT, {"target": "title", "change": "center"}, False, "expected center"),
    ],
}

# --- decks -------------------------------------------------------------------------------------

DECK = write_pptx(make_deck(*_seeded(4)))


def edit_deck(*changes: Callable[[Any], None], data: bytes = DECK) -> bytes:
    deck = pptx.Presentation(io.BytesIO(data))
    for change in changes:
        change(deck)
    return _saved(deck)


def deck_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
              given: bytes = DECK) -> Case:
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", **options}, passes, says,
                files={"out.pptx": output}, originals={"in.pptx": given})


def runs_of(which: str, *, skip_last: bool = False, slide: str | None = None) -> Callable[[Any], list[Any]]:
    """The runs of the titles, or of the body shapes (of one slide), in deck order."""
    def pick(deck: Any) -> list[Any]:
        found = []
        for s in deck.slides:
            if slide is not None and s.shapes.title.text_frame.text != slide:
                continue
            for shape in s.shapes:
                if shape.has_text_frame and shape.text_frame.text.strip() and (shape == s.shapes.title) == (which == "title"):
                    found.extend(r for p in shape.text_frame.paragraphs for r in p.runs)
        return found[:-1] if skip_last else found
    return pick


def setting(pick: Callable[[Any], list[Any]], apply: Callable[[Any], None]) -> Callable[[Any], None]:
    def change(deck: Any) -> None:
        for run in pick(deck):
            apply(run)
    return change


def bold(run: Any) -> None:
    run.font.bold = True


def pt28(run: Any) -> None:
    run.font.size = PptPt(28)


def retitle_last(deck: Any) -> None:
    title = list(deck.slides)[-1].shapes.title
    title.text_frame.text = title.text_frame.text + " (draft)"


TOPIC = next(s.shapes.title.text_frame.text for s in list(pptx.Presentation(io.BytesIO(DECK)).slides)[2:]
             if len([sh for sh in s.shapes if sh.has_text_frame and sh.text_frame.text.strip()]) > 1)

TEXT_FORMATTED = {
    "slides.text_formatted": [
        deck_case("every title bold", edit_deck(setting(runs_of("title"), bold)), {"target": "titles", "change": "bold"},
                  True),
        deck_case("the last title not bold", edit_deck(setting(runs_of("title", skip_last=True), bold)),
                  {"target": "titles", "change": "bold"}, False, "expected True"),
        deck_case("titles and one body line bold", edit_deck(setting(runs_of("title"), bold),
                                                             setting(lambda d: runs_of("body")(d)[:1], bold)),
                  {"target": "titles", "change": "bold"}, False, "not to be touched"),
        deck_case("titles bold and the last retitled", edit_deck(setting(runs_of("title"), bold), retitle_last),
                  {"target": "titles", "change": "bold"}, False, "expected"),
        deck_case("one slide's body 28 pt", edit_deck(setting(runs_of("body", slide=TOPIC), pt28)),
                  {"target": "slide", "slide_title": TOPIC, "change": "size", "size_pt": 28}, True),
        deck_case("its last line left", edit_deck(setting(runs_of("body", slide=TOPIC, skip_last=True), pt28)),
                  {"target": "slide", "slide_title": TOPIC, "change": "size", "size_pt": 28}, False, "expected 28"),
        deck_case("every body 28 pt, not only that slide's", edit_deck(setting(runs_of("body"), pt28)),
                  {"target": "slide", "slide_title": TOPIC, "change": "size", "size_pt": 28}, False,
                  "not to be touched"),
        deck_case("nothing done", DECK, {"target": "body", "change": "size", "size_pt": 28}, False, "expected 28"),
    ],
}

CASES: dict[str, list[Case]] = {**FORMATTED, **TEXT_FORMATTED}
