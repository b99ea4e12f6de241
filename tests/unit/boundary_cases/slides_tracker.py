"""Boundary cases of `forge.checks.slides_tracker` on a real deck: the LAST topic without its
agenda copy, a copy marking the wrong item or two items or none, half an item marked, the wrong
mark, a copy after its topic instead of before, a topic slide touched."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pptx

from preparers.presentation import make_deck, write_pptx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _saved, _seeded

DECK = make_deck(*_seeded(101))
GIVEN = write_pptx(DECK)
ITEMS = [b.text for b in DECK.slides[1].bullets]
TOPICS = len(ITEMS)
Marks = Callable[[int, int], bool]  # (copy k, item i) -> is item i marked in copy k


def _tracker(marked: Marks = lambda k, i: k == i, mark: str = "bold", skip_last: bool = False,
             after: bool = False, split: bool = False, retitle: bool = False) -> bytes:
    deck = pptx.Presentation(io.BytesIO(GIVEN))
    agenda = deck.slides[1]
    for k in reversed(range(TOPICS - (1 if skip_last else 0))):
        copy = deck.slides.add_slide(agenda.slide_layout)
        copy.shapes.title.text = "Agenda"
        frame = copy.placeholders[1].text_frame
        for i, item in enumerate(ITEMS):
            p = frame.paragraphs[0] if i == 0 else frame.add_paragraph()
            if split and marked(k, i):  # the item in two runs, only the first marked
                p.text = item[:3]
                tail = p.add_run()
                tail.text = item[3:]
                setattr(p.runs[0].font, mark, True)
                continue
            p.text = item
            setattr(p.runs[0].font, mark, marked(k, i))
        order = deck.slides._sldIdLst
        new = order[-1]
        order.remove(new)
        order.insert(2 + k + (1 if after else 0), new)
    if retitle:
        deck.slides[-2].shapes.title.text_frame.text += " (v2)"
    return _saved(deck)


def tracker_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", **options}, passes, says,
                files={"out.pptx": output}, originals={"in.pptx": GIVEN})


BOLD = {"mark": "bold"}
LAST_COPY = f"slide {2 * TOPICS + 1}"  # the copy before the last topic (1-based)

AGENDA_TRACKER = [
    tracker_case("a bold tracker before each topic", _tracker(), BOLD, True),
    tracker_case("underlined trackers", _tracker(mark="underline"), {"mark": "underline"}, True),
    tracker_case("bold where underline was asked", _tracker(), {"mark": "underline"}, False, "not underline"),
    tracker_case("the last topic without its copy", _tracker(skip_last=True), BOLD, False, LAST_COPY),
    tracker_case("the last copy marks the item before", _tracker(lambda k, i: i == (k - 1 if k == TOPICS - 1 else k)),
                 BOLD, False, LAST_COPY),
    tracker_case("the last copy marks two items", _tracker(lambda k, i: i == k or (k == TOPICS - 1 and i == 0)),
                 BOLD, False, "too"),
    tracker_case("the last copy marks nothing", _tracker(lambda k, i: i == k and k != TOPICS - 1), BOLD, False,
                 LAST_COPY),
    tracker_case("only half an item marked", _tracker(split=True), BOLD, False, "not bold"),
    tracker_case("copies after their topics", _tracker(after=True), BOLD, False, "slide 3"),
    tracker_case("a topic slide retitled", _tracker(retitle=True), BOLD, False, "(v2)"),
    tracker_case("nothing added", GIVEN, BOLD, False, "slide 3"),
]

CASES = {"slides.agenda_tracker": AGENDA_TRACKER}
