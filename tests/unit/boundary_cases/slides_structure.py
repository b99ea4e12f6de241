"""Boundary cases of `forge.checks.slides_structure` on real decks from the preparer: the copy one
place off, on another layout, without its notes or with the LAST line left when it was to be
emptied, the original retitled instead; a split part missing its LAST slide or taking one too
many, the title slide copy missing or unasked, notes lost on the way."""

from __future__ import annotations

import copy
import io
from typing import Any

import pptx

from preparers.presentation import make_deck, write_pptx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _saved, _seeded

DECK = write_pptx(make_deck(*_seeded(13)))
SLIDES = pptx.Presentation(io.BytesIO(DECK)).slides
N = len(SLIDES)
AT = 3  # a topic slide with bullets and notes
TITLE = SLIDES[AT].shapes.title.text_frame.text


def _drop(deck: Any, index: int) -> None:
    entry = deck.slides._sldIdLst[index]
    deck.part.drop_rel(entry.rId)
    deck.slides._sldIdLst.remove(entry)


def duplicated(new_title: str = "Copy", *, at_end: bool = False, keep: bool = True, notes: bool = True,
               layout: int | None = None, last_line: bool = False, retitle_original: bool = False) -> bytes:
    deck = pptx.Presentation(io.BytesIO(DECK))
    source = deck.slides[AT]
    slide = deck.slides.add_slide(deck.slide_layouts[layout] if layout is not None else source.slide_layout)
    for shape in list(slide.shapes):
        shape._element.getparent().remove(shape._element)
    for shape in source.shapes:
        slide.shapes._spTree.insert_element_before(copy.deepcopy(shape._element), "p:extLst")
    slide.shapes.title.text_frame.text = new_title
    body = next(s for s in slide.shapes if s.has_text_frame and s != slide.shapes.title)
    if not keep:
        paragraphs = body.text_frame.paragraphs
        kept = paragraphs[-1].text if last_line else None
        body.text_frame.clear()
        if kept:
            body.text_frame.paragraphs[0].text = kept
    if notes:
        slide.notes_slide.notes_text_frame.text = source.notes_slide.notes_text_frame.text
    if retitle_original:
        source.shapes.title.text_frame.text = new_title
        slide.shapes.title.text_frame.text = TITLE
    if not at_end:
        order = deck.slides._sldIdLst
        new = order[-1]
        order.remove(new)
        order.insert(AT + 1, new)
    return _saved(deck)


def dup_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    opts = {"file": "out.pptx", "input_file": "in.pptx", "title": TITLE, "new_title": "Copy", "keep_body": True,
            "place": "after", **options}
    return Case(label, None, opts, passes, says, files={"out.pptx": output}, originals={"in.pptx": DECK})


EMPTIED = {"keep_body": False}

SLIDE_DUPLICATED = [
    dup_case("copied after, text and notes kept", duplicated(), {}, True),
    dup_case("copied without its notes", duplicated(notes=False), {}, False, f"slide {AT + 2}"),
    dup_case("copied to the end", duplicated(at_end=True), {"place": "end"}, True),
    dup_case("copied to the end though after was asked", duplicated(at_end=True), {}, False),
    dup_case("copied after though the end was asked", duplicated(), {"place": "end"}, False),
    dup_case("copied onto another layout", duplicated(layout=5), {}, False, "layout"),
    dup_case("the copy not retitled", duplicated(TITLE), {}, False),
    dup_case("the original retitled instead", duplicated(retitle_original=True), {}, False, f"slide {AT + 1}"),
    dup_case("an emptied copy", duplicated(keep=False, notes=False), EMPTIED, True),
    dup_case("an emptied copy keeping the notes", duplicated(keep=False, notes=True), EMPTIED, False, "notes"),
    dup_case("an emptied copy keeping its last line", duplicated(keep=False, notes=False, last_line=True), EMPTIED,
             False, "reads"),
]

# --- slides.deck_split ------------------------------------------------------------------------------

SPLIT = 4
SPLIT_TITLE = SLIDES[SPLIT].shapes.title.text_frame.text


def part(keep: list[int], *, cut_notes_of: int | None = None) -> bytes:
    deck = pptx.Presentation(io.BytesIO(DECK))
    if cut_notes_of is not None:
        deck.slides[cut_notes_of].notes_slide.notes_text_frame.text = ""
    for index in reversed(range(N)):
        if index not in keep:
            _drop(deck, index)
    return _saved(deck)


FIRST, SECOND = list(range(SPLIT)), list(range(SPLIT, N))
NOTED = max(i for i in SECOND if SLIDES[i].has_notes_slide and SLIDES[i].notes_slide.notes_text_frame.text.strip())


def split_case(label: str, first: bytes, second: bytes, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    opts = {"file": "a.pptx", "second_file": "b.pptx", "input_file": "in.pptx", "at_title": SPLIT_TITLE,
            "title_slide": False, **options}
    return Case(label, None, opts, passes, says, files={"a.pptx": first, "b.pptx": second}, originals={"in.pptx": DECK})


DECK_SPLIT = [
    split_case("split at the named slide", part(FIRST), part(SECOND), {}, True),
    split_case("split at the numbered slide", part(FIRST), part(SECOND), {"at_title": None, "at_number": SPLIT + 1},
               True),
    split_case("one slide late by number", part(FIRST), part(SECOND), {"at_title": None, "at_number": SPLIT + 2},
               False, "a.pptx"),
    split_case("the second part missing its last slide", part(FIRST), part(SECOND[:-1]), {}, False, "b.pptx"),
    split_case("the first part keeps the split slide", part([*FIRST, SPLIT]), part(SECOND), {}, False, "a.pptx"),
    split_case("the title slide opens the second part", part(FIRST), part([0, *SECOND]), {"title_slide": True}, True),
    split_case("the title slide missing from the second part", part(FIRST), part(SECOND), {"title_slide": True},
               False, "b.pptx"),
    split_case("the title slide added though not asked", part(FIRST), part([0, *SECOND]), {}, False, "b.pptx"),
    split_case("notes lost on the second part's last noted slide", part(FIRST), part(SECOND, cut_notes_of=NOTED),
               {}, False, "notes"),
]

# --- slides.reordered_by_rule -----------------------------------------------------------------------

TOPICS = list(range(2, N - 1))
_TITLES = [s.shapes.title.text_frame.text for s in SLIDES]
AZ = sorted(TOPICS, key=lambda i: _TITLES[i].casefold())
QUIET = 3  # its notes removed in the input of the notes_last cases
QUIET_DECK = part(list(range(N)), cut_notes_of=QUIET)
NOTES_LAST = [i for i in TOPICS if i != QUIET] + [QUIET]


def reordered(topics: list[int], *, agenda: list[int] | None = None, given: bytes = DECK, closing_at: int | None = None,
              swap_notes: bool = False) -> bytes:
    deck = pptx.Presentation(io.BytesIO(given))
    entries = list(deck.slides._sldIdLst)
    order = [0, 1, *topics, N - 1]
    if closing_at is not None:
        order.remove(N - 1)
        order.insert(closing_at, N - 1)
    if swap_notes:
        a, b = deck.slides[topics[0]], deck.slides[topics[1]]
        na, nb = a.notes_slide.notes_text_frame.text, b.notes_slide.notes_text_frame.text
        a.notes_slide.notes_text_frame.text, b.notes_slide.notes_text_frame.text = nb, na
    if agenda is not None:
        frame = deck.slides[1].placeholders[1].text_frame
        frame.clear()
        for k, i in enumerate(agenda):
            (frame.paragraphs[0] if k == 0 else frame.add_paragraph()).text = _TITLES[i]
    for entry in entries:
        deck.slides._sldIdLst.remove(entry)
    for i in order:
        deck.slides._sldIdLst.append(entries[i])
    return _saved(deck)


def order_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
               given: bytes = DECK) -> Case:
    opts = {"file": "out.pptx", "input_file": "in.pptx", "rule": "title_az", "update_agenda": False, **options}
    return Case(label, None, opts, passes, says, files={"out.pptx": output}, originals={"in.pptx": given})


REORDERED = [
    order_case("topics A to Z", reordered(AZ), {}, True),
    order_case("A to Z but the last two swapped", reordered([*AZ[:-2], AZ[-1], AZ[-2]]), {}, False, f"slide {N - 2}"),
    order_case("Z to A where A to Z was asked", reordered(AZ[::-1]), {}, False),
    order_case("topics Z to A", reordered(AZ[::-1]), {"rule": "title_za"}, True),
    order_case("topics reversed", reordered(TOPICS[::-1]), {"rule": "reverse"}, True),
    order_case("the closing slide sorted in among the topics", reordered(AZ, closing_at=2), {}, False),
    order_case("the notes left behind when the slides moved", reordered(AZ, swap_notes=True), {}, False, "notes"),
    order_case("the agenda updated as asked", reordered(AZ, agenda=AZ), {"update_agenda": True}, True),
    order_case("the agenda left stale though asked", reordered(AZ), {"update_agenda": True}, False, "slide 2"),
    order_case("the agenda missing its last line", reordered(AZ, agenda=AZ[:-1]), {"update_agenda": True}, False,
               "slide 2"),
    order_case("the agenda changed though not asked", reordered(AZ, agenda=AZ), {}, False, "slide 2"),
    order_case("the slide without notes moved last", reordered(NOTES_LAST, given=QUIET_DECK), {"rule": "notes_last"},
               True, given=QUIET_DECK),
    order_case("the noted slides reordered too", reordered([*NOTES_LAST[:-1][::-1], QUIET], given=QUIET_DECK),
               {"rule": "notes_last"}, False, given=QUIET_DECK),
]

CASES = {"slides.slide_duplicated": SLIDE_DUPLICATED, "slides.deck_split": DECK_SPLIT,
         "slides.reordered_by_rule": REORDERED}
