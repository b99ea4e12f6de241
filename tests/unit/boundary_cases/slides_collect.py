"""Boundary cases of `forge.checks.slides_collect` on real decks: the LAST deck's slide missing or its
notes lost, the decks in another order, a title left unprefixed or prefixed unasked, a hidden slide
left hidden, the cover missing or unasked, a deck with nothing to collect."""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

import pptx

from preparers.presentation import Bullet, DeckContent, SlideContent, write_pptx
from tests.unit.boundary_cases import Case

NAMES = ("North", "South", "West")
ASK = "Decisions Needed"


def _slide(title: str, note: str = "Ask Ann.") -> SlideContent:
    return SlideContent(layout="bullets", title=title, bullets=[Bullet(text=f"{title}: agree the plan")], notes=note)


def _write(slides: list[SlideContent], hidden: tuple[int, ...] = ()) -> bytes:
    deck = pptx.Presentation(io.BytesIO(write_pptx(DeckContent(title="D", author="Ann Lee", date=dt.date(2025, 3, 4),
                                                               file_stem="d", slides=slides))))
    for i in hidden:
        deck.slides[i]._element.set("show", "0")
    out = io.BytesIO()
    deck.save(out)
    return out.getvalue()


def _source(name: str, with_ask: bool = True) -> bytes:
    """A deck: title, a topic, the asked slide, a hidden backup slide, a closing slide."""
    slides = [SlideContent(layout="title", title=name, subtitle="Ann Lee"), _slide(f"{name} plan"),
              *([_slide(ASK)] if with_ask else []), _slide(f"{name} backup"),
              SlideContent(layout="title_only", title="Questions")]
    return _write(slides, hidden=(len(slides) - 2,))


INPUTS = {f"{n.lower()}.pptx": _source(n) for n in NAMES}


def collected(kind: str = "ask", prefix: bool = False, cover: str = "", order: tuple[str, ...] = NAMES,
              hidden: tuple[int, ...] = (), **last: Any) -> bytes:
    """The collection; the LAST deck's slide changed by `last` (drop, note)."""
    slides = [SlideContent(layout="title", title=cover)] if cover else []
    for n in order:
        title = ASK if kind == "ask" else f"{n} backup"
        if n == order[-1] and last.get("drop"):
            continue
        note = last.get("note", "Ask Ann.") if n == order[-1] else "Ask Ann."
        slide = _slide(title, note)
        slides.append(slide.model_copy(update={"title": f"{n}: {title}"}) if prefix else slide)
    return _write(slides, hidden)


def collect_case(label: str, deck: bytes, options: dict[str, Any], passes: bool, says: str = "",
                 inputs: dict[str, bytes] = INPUTS) -> Case:
    return Case(label, None, {"file": "out.pptx", "first_file": "north.pptx", "second_file": "south.pptx",
                              "third_file": "west.pptx", "which": "titled", "title": ASK, "prefix": False, **options},
                passes, says, files={"out.pptx": deck}, originals=inputs)


HIDDEN = {"which": "hidden", "title": ""}
PREFIX = {"prefix": True}
COVER = {"cover_title": "Steering committee"}

COLLECT = [
    collect_case("each deck's slide, in order", collected(), {}, True),
    collect_case("the last deck's slide missing", collected(drop=True), {}, False, "out.pptx has 2 slides"),
    collect_case("the last slide's notes lost", collected(note=""), {}, False,
                 "the notes of slide 3 ('Decisions Needed') of out.pptx read ''"),
    collect_case("the decks in another order", collected(prefix=True, order=("South", "North", "West")), PREFIX,
                 False, "slide 1 of out.pptx is titled 'South: Decisions Needed', expected 'North: Decisions Needed'"),
    collect_case("titles prefixed", collected(prefix=True), PREFIX, True),
    collect_case("a title left unprefixed", collected(), PREFIX, False,
                 "slide 1 of out.pptx is titled 'Decisions Needed', expected 'North: Decisions Needed'"),
    collect_case("titles prefixed unasked", collected(prefix=True), {}, False,
                 "slide 1 of out.pptx is titled 'North: Decisions Needed', expected 'Decisions Needed'"),
    collect_case("the hidden slides, shown", collected("backup"), HIDDEN, True),
    collect_case("the last one left hidden", collected("backup", hidden=(2,)), HIDDEN, False,
                 "slide 3 of out.pptx is still hidden"),
    collect_case("behind a cover", collected(cover="Steering committee"), COVER, True),
    collect_case("the cover missing", collected(), COVER, False,
                 "slide 1 of out.pptx is titled 'Decisions Needed', expected 'Steering committee'"),
    collect_case("a cover unasked", collected(cover="Steering committee"), {}, False,
                 "slide 1 of out.pptx is titled 'Steering committee', expected 'Decisions Needed'"),
    collect_case("a deck without the slide", collected(), {}, False,
                 "west.pptx has no slide to collect (titled 'Decisions Needed')",
                 inputs={**INPUTS, "west.pptx": _source("West", with_ask=False)}),
]

CASES = {"slides.slides_collected": COLLECT}
