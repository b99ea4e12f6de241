"""Boundary cases of `forge.checks.slides_declutter` on a real deck: the LAST slide in scope left
as it was, a slide with exactly the threshold moved too, the old notes kept when they were to go
(or lost when they were to stay), the lines out of order, the agenda emptied, a title lost."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from preparers.presentation import Bullet, DeckContent, SlideContent, make_deck, write_pptx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _seeded

_deck = make_deck(*_seeded(53))
BASE = _deck.model_copy(update={"slides": [s.model_copy(update={"bullets": [Bullet(text=b.text) for b in s.bullets]})
                                           for s in _deck.slides]})
GIVEN = write_pptx(BASE)
TOPICS = list(range(2, len(BASE.slides) - 1))
COUNTS = [len(BASE.slides[i].bullets) for i in TOPICS]
THRESHOLD = sorted(COUNTS)[len(COUNTS) // 2]  # a slide sits exactly on it: "more than" leaves that one
OVER = [i for i in TOPICS if len(BASE.slides[i].bullets) > THRESHOLD]


def _moved(which: list[int], notes: Callable[[SlideContent], str]) -> bytes:
    slides = [s.model_copy(update={"bullets": [], "notes": notes(s)}) if i in which else s
              for i, s in enumerate(BASE.slides)]
    return write_pptx(BASE.model_copy(update={"slides": slides}))


def _after(s: SlideContent) -> str:
    return "\n".join([s.notes, *(b.text for b in s.bullets)])


def _instead(s: SlideContent) -> str:
    return "\n".join(b.text for b in s.bullets)


def move_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", **options}, passes, says,
                files={"out.pptx": output}, originals={"in.pptx": GIVEN})


ALL = {"keep_notes": True, "skip": ["Agenda"]}
ONE = {"keep_notes": False, "slide_title": BASE.slides[TOPICS[-1]].title}
MORE = {"keep_notes": True, "more_than": THRESHOLD, "skip": ["Agenda"]}
RETITLED: DeckContent = BASE.model_copy(update={"slides": [
    s.model_copy(update={"bullets": [], "notes": _after(s), "title": "" if i == TOPICS[-1] else s.title})
    if i in TOPICS else s for i, s in enumerate(BASE.slides)]})

MOVED_TO_NOTES = [
    move_case("every topic slide moved after its notes", _moved(TOPICS, _after), ALL, True),
    move_case("the last topic slide left", _moved(TOPICS[:-1], _after), ALL, False, f"slide {TOPICS[-1] + 1}"),
    move_case("the old notes dropped", _moved(TOPICS, _instead), ALL, False, f"slide {TOPICS[0] + 1}"),
    move_case("the lines put before the notes", _moved(TOPICS, lambda s: "\n".join(
        [*(b.text for b in s.bullets), s.notes])), ALL, False, "notes of slide"),
    move_case("the agenda emptied too", _moved([1, *TOPICS], _after), ALL, False, "slide 2"),
    move_case("a title lost", write_pptx(RETITLED), ALL, False, f"slide {TOPICS[-1] + 1}"),
    move_case("the named slide's notes replaced", _moved([TOPICS[-1]], _instead), ONE, True),
    move_case("the named slide's old notes kept", _moved([TOPICS[-1]], _after), ONE, False, "notes of slide"),
    move_case("the bullets reversed in the notes", _moved([TOPICS[-1]], lambda s: "\n".join(
        b.text for b in reversed(s.bullets))), ONE, False, "notes of slide"),
    move_case("another slide moved as well", _moved([TOPICS[0], TOPICS[-1]], _instead), ONE, False,
              f"slide {TOPICS[0] + 1}"),
    move_case("only the slides over the threshold", _moved(OVER, _after), MORE, True),
    move_case("the slide on the threshold moved too", _moved(
        [i for i in TOPICS if len(BASE.slides[i].bullets) >= THRESHOLD], _after), MORE, False, "slide"),
    move_case("nothing moved", GIVEN, ALL, False, f"slide {TOPICS[0] + 1}"),
    move_case("a threshold no slide passes", GIVEN, {**MORE, "more_than": 99}, False, "nothing to move"),
]

CASES = {"slides.moved_to_notes": MOVED_TO_NOTES}
