"""Boundary cases of `forge.checks.slides_shared` on real decks: the LAST deck's slide left old or its
last bullet lost, the master's notes taken or left against the ask, the slide added to a deck that
lacked it (before its closing slide, not at the end) or added unasked, another slide touched, a
master without the slide, every deck already current."""

from __future__ import annotations

import datetime as dt
from typing import Any

from preparers.presentation import Bullet, DeckContent, SlideContent, write_pptx
from tests.unit.boundary_cases import Case

TITLE = "About Acme"
NEW = ["Founded in 1999", "480 staff in 7 countries", "Offices in Leeds, Lyon and Lodz"]
OLD = ["Founded in 1999", "420 staff in 6 countries"]
MASTER_NOTE, OWN_NOTE = "Mention the new office in Lodz.", "Keep this short."


def _about(bullets: list[str] = NEW, note: str = MASTER_NOTE) -> SlideContent:
    return SlideContent(layout="bullets", title=TITLE, bullets=[Bullet(text=b) for b in bullets], notes=note)


def _deck(name: str, about: SlideContent | None, at: int = 1, tail: bool = False, topic: str = "") -> bytes:
    """A short deck: title, two topic slides, a closing slide; `about` at `at` (or appended after all, `tail`)."""
    slides = [SlideContent(layout="title", title=name, subtitle="Ann Lee"),
              SlideContent(layout="bullets", title=f"{name} plan", bullets=[Bullet(text=topic or "On track")]),
              SlideContent(layout="bullets", title=f"{name} risks", bullets=[Bullet(text="Supplier delays")]),
              SlideContent(layout="title_only", title="Questions")]
    if about is not None:
        slides.insert(len(slides) if tail else at, about)
    return write_pptx(DeckContent(title=name, author="Ann Lee", date=dt.date(2025, 3, 4), file_stem="d",
                                  slides=slides))


NAMES = ("North", "South", "West")
MASTER = write_pptx(DeckContent(title="About", author="Ann Lee", date=dt.date(2025, 3, 4), file_stem="m",
                                slides=[_about()]))
INPUTS = {f"{n.lower()}.pptx": _deck(n, _about(OLD, OWN_NOTE), at=k + 1) for k, n in enumerate(NAMES)}
LACKING = {**INPUTS, "west.pptx": _deck("West", None)}


def outputs(about: list[SlideContent | None], **last: Any) -> list[bytes]:
    """Each deck with `about` in its old place; the LAST deck built with `last` too."""
    return [_deck(n, a, **{"at": k + 1, **(last if k == 2 else {})}) for k, (n, a) in
            enumerate(zip(NAMES, about, strict=True))]


def shared_case(label: str, decks: list[bytes], options: dict[str, Any], passes: bool, says: str = "",
                inputs: dict[str, bytes] = INPUTS, master: bytes = MASTER) -> Case:
    outs = [f"{n.lower()}_new.pptx" for n in NAMES]
    return Case(label, None, {"master_file": "master.pptx", **{f"{s}_input": f"{n.lower()}.pptx" for s, n in
                                                              zip(("first", "second", "third"), NAMES, strict=True)},
                              **{f"{s}_file": o for s, o in zip(("first", "second", "third"), outs, strict=True)},
                              "title": TITLE, "keep_notes": False, "add_missing": False, **options},
                passes, says, files=dict(zip(outs, decks, strict=True)), originals={"master.pptx": master, **inputs})


OWN = {"keep_notes": True}
ADD = {"add_missing": True}

SHARED = [
    shared_case("every copy replaced, the master's notes", outputs([_about()] * 3), {}, True),
    shared_case("the last deck's copy left old", outputs([_about(), _about(), _about(OLD, OWN_NOTE)]), {}, False,
                "slide 4 ('About Acme') of west_new.pptx reads ['Founded in 1999', '420 staff in 6 countries']"),
    shared_case("the last bullet lost", outputs([_about(), _about(), _about(NEW[:2])]), {}, False,
                "slide 4 ('About Acme') of west_new.pptx reads"),
    shared_case("the deck's own notes kept", outputs([_about(note=OWN_NOTE)] * 3), OWN, True),
    shared_case("own notes kept against the ask", outputs([_about(note=OWN_NOTE)] * 3), {}, False,
                "the notes of slide 2 ('About Acme') of north_new.pptx read 'Keep this short.'"),
    shared_case("the master's notes taken against the ask", outputs([_about()] * 3), OWN, False,
                "the notes of slide 2 ('About Acme') of north_new.pptx read 'Mention the new office in Lodz.'"),
    shared_case("added before the closing slide", outputs([_about(), _about(), _about()], at=3), ADD, True,
                inputs=LACKING),
    shared_case("added at the very end", outputs([_about(), _about(), _about()], tail=True), ADD, False,
                "slide 4 of west_new.pptx is titled 'Questions', expected 'About Acme'", inputs=LACKING),
    shared_case("added unasked", outputs([_about(), _about(), _about()], at=3), {}, False,
                "slide 4 of west_new.pptx is titled 'About Acme', expected 'Questions'", inputs=LACKING),
    shared_case("the lacking deck left as it was", outputs([_about(), _about(), None]), {}, True, inputs=LACKING),
    shared_case("another slide touched", outputs([_about()] * 3, topic="Late"), {}, False,
                "slide 2 ('West plan') of west_new.pptx reads ['Late']"),
    shared_case("a master without the slide", outputs([_about()] * 3), {}, False,
                "master.pptx has 0 slides titled 'About Acme', not one", master=_deck("Other", None)),
    shared_case("every copy already current", outputs([_about()] * 3), {}, False, "already matches master.pptx",
                inputs={f"{n.lower()}.pptx": d for n, d in zip(NAMES, outputs([_about()] * 3), strict=True)}),
]

CASES = {"slides.shared_slide_synced": SHARED}
