"""Boundary cases of `forge.checks.slides_running_order` on a real deck and list: the LAST listed
slide out of place, an unlisted slide kept, deleted or left shown against
the ask, a listed slide hidden, lines by number, a list naming a slide twice or none, a list that
keeps the deck's order."""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

import pptx

from preparers.presentation import Bullet, DeckContent, SlideContent, write_pptx
from tests.unit.boundary_cases import Case

TOPICS = ["Highlights", "Pipeline", "Hiring", "Risks"]  # slides 3-6


def _deck(titles: list[str], hidden: tuple[str, ...] = ()) -> bytes:
    slides = [SlideContent(layout="title", title="Quarterly Review", subtitle="Ann Lee"),
              SlideContent(layout="bullets", title="Agenda", bullets=[Bullet(text=t) for t in TOPICS])]
    slides += [SlideContent(layout="bullets", title=t, bullets=[Bullet(text=f"{t} in short")], notes=f"On {t}.")
               for t in titles]
    slides.append(SlideContent(layout="title_only", title="Questions"))
    deck = pptx.Presentation(io.BytesIO(write_pptx(DeckContent(
        title="Quarterly Review", author="Ann Lee", date=dt.date(2025, 3, 4), file_stem="qr", slides=slides))))
    for slide in deck.slides:
        if slide.shapes.title.text_frame.text in hidden:
            slide._element.set("show", "0")
    out = io.BytesIO()
    deck.save(out)
    return out.getvalue()


ORDER = "Risks\nHighlights\nPipeline\n"  # Hiring left out


def order_case(label: str, deck: bytes, options: dict[str, Any], passes: bool, says: str = "",
               listing: str = ORDER) -> Case:
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", "list_file": "order.txt", "by": "titles",
                              "unlisted": "delete", **options}, passes, says, files={"out.pptx": deck},
                originals={"in.pptx": _deck(TOPICS), "order.txt": listing.encode()})


END = {"unlisted": "end"}
HIDE = {"unlisted": "hide"}

RUNNING = [
    order_case("listed order, the rest deleted", _deck(["Risks", "Highlights", "Pipeline"]), {}, True),
    order_case("the last listed slide out of place", _deck(["Risks", "Pipeline", "Highlights"]), {}, False,
               "slide 4 of out.pptx is titled 'Pipeline', expected 'Highlights'"),
    order_case("an unlisted slide kept", _deck(["Risks", "Highlights", "Pipeline", "Hiring"]), {}, False,
               "slide 6 of out.pptx is titled 'Hiring', expected 'Questions'"),
    order_case("unlisted moved after the others", _deck(["Risks", "Highlights", "Pipeline", "Hiring"]), END, True),
    order_case("unlisted deleted when asked to move", _deck(["Risks", "Highlights", "Pipeline"]), END, False,
               "slide 6 of out.pptx is titled 'Questions', expected 'Hiring'"),
    order_case("the unlisted slide hidden", _deck(["Risks", "Highlights", "Pipeline", "Hiring"], ("Hiring",)), HIDE,
               True),
    order_case("the unlisted slide left shown", _deck(["Risks", "Highlights", "Pipeline", "Hiring"]), HIDE, False,
               "slide 6 ('Hiring') of out.pptx is shown, expected hidden"),
    order_case("a listed slide hidden too", _deck(["Risks", "Highlights", "Pipeline", "Hiring"], ("Hiring", "Risks")),
               HIDE, False, "slide 3 ('Risks') of out.pptx is hidden, expected shown"),
    order_case("lines by number", _deck(["Risks", "Highlights", "Pipeline"]), {"by": "numbers"}, True,
               listing="6\n3\n4\n"),
    order_case("a number past the topics", _deck(["Risks", "Highlights", "Pipeline"]), {"by": "numbers"}, False,
               "order.txt: the line '7' does not name one topic slide (once)", listing="6\n3\n7\n"),
    order_case("a slide listed twice", _deck(["Risks", "Highlights", "Pipeline"]), {}, False,
               "the line 'Risks' does not name one topic slide (once)", listing="Risks\nHighlights\nRisks\n"),
    order_case("a list keeping the deck's order", _deck(["Highlights", "Pipeline", "Risks"]), {}, False,
               "keeps the deck's order", listing="Highlights\nPipeline\nRisks\n"),
]

CASES = {"slides.running_order": RUNNING}
