"""Boundary cases of `forge.checks.slides_plain` on real decks: the LAST bullet's pasted font left,
a size left, a title's own bold cleared, bold switched off rather than unset (allowed), the kinds
to keep cleared too, a slide outside the scope cleared, the wording touched, nothing to clear."""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

import pptx
from pptx.util import Pt

from preparers.presentation import Bullet, DeckContent, SlideContent, write_pptx
from tests.unit.boundary_cases import Case

Formats = dict[tuple[int, int], dict[str, Any]]
BODIES = {"Highlights": ["Revenue rose by 12%", "Owner: Ann Lee"], "Pipeline": ["Pilot with Acme starts in May"],
          "Risks": ["Main risk: delays from Initech", "Supplier talks start in June"]}
PASTED: Formats = {(2, 0): {"bold": True, "name": "Comic Sans MS"}, (3, 0): {"italic": True, "size": 21},
                   (4, 1): {"underline": True, "name": "Courier New"}}
FONTS = {"name", "size"}


def _deck(formats: Formats, title_bold: bool = True, last: str = "Supplier talks start in June") -> bytes:
    """The deck with `formats` on the given bullets' runs; the 'Risks' title bold of its own."""
    bodies = {**BODIES, "Risks": [BODIES["Risks"][0], last]}
    slides = [SlideContent(layout="title", title="Quarterly Business Review", subtitle="Ann Lee, 4 March"),
              SlideContent(layout="bullets", title="Agenda", bullets=[Bullet(text=t) for t in BODIES])]
    slides += [SlideContent(layout="bullets", title=t, bullets=[Bullet(text=b) for b in bs])
               for t, bs in bodies.items()]
    slides.append(SlideContent(layout="title_only", title="Questions and discussion"))
    deck = pptx.Presentation(io.BytesIO(write_pptx(DeckContent(
        title="Quarterly Business Review", author="Ann Lee", date=dt.date(2025, 3, 4), file_stem="qbr",
        slides=slides))))
    for i, slide in enumerate(deck.slides):
        if title_bold and i == 4:
            slide.shapes.title.text_frame.paragraphs[0].runs[0].font.bold = True
        for (at, k), changes in formats.items():
            if at == i:
                font = slide.placeholders[1].text_frame.paragraphs[k].runs[0].font
                for attr, value in changes.items():
                    setattr(font, attr, Pt(value) if attr == "size" and value is not None else value)
    out = io.BytesIO()
    deck.save(out)
    return out.getvalue()


def _keep(kinds: set[str]) -> Formats:
    """PASTED with only the formats of `kinds` left."""
    return {key: {a: v for a, v in f.items() if a in kinds} for key, f in PASTED.items()}


def plain_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
               given: bytes | None = None) -> Case:
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", "which": "all", **options}, passes, says,
                files={"out.pptx": output}, originals={"in.pptx": given or _deck(PASTED)})


EMPHASIS = {"which": "emphasis"}
ONLY_FONTS = {"which": "fonts"}

PLAIN = [
    plain_case("every direct format cleared", _deck({}), {}, True),
    plain_case("the last bullet's font left", _deck({(4, 1): {"name": "Courier New"}}), {}, False,
               "slide 5 ('Risks'), text shape 2: 'Supplier talks start in June' has font 'Courier New', expected None"),
    plain_case("a size left", _deck({(3, 0): {"size": 21}}), {}, False, "has size_pt 21.0, expected None"),
    plain_case("the title's own bold cleared", _deck({}, title_bold=False), {}, False,
               "slide 5 ('Risks'), text shape 1: 'Risks' has bold False, expected True"),
    plain_case("bold switched off, not unset", _deck({(2, 0): {"bold": False}}), {}, True),
    plain_case("the wording touched", _deck({}, last="Supplier talks start in July"), {}, False,
               "text shape 2 reads 'Main risk: delays from Initech Supplier talks start in July'"),
    plain_case("fonts and sizes cleared", _deck(_keep({"bold", "italic", "underline"})), ONLY_FONTS, True),
    plain_case("emphasis cleared with the fonts", _deck({}), ONLY_FONTS, False, "has bold False, expected True"),
    plain_case("emphasis cleared", _deck(_keep(FONTS)), EMPHASIS, True),
    plain_case("fonts cleared with the emphasis", _deck({}), EMPHASIS, False,
               "has font None, expected 'Comic Sans MS'"),
    plain_case("one slide cleared", _deck({k: v for k, v in PASTED.items() if k[0] != 3}), {"slide_title": "Pipeline"},
               True),
    plain_case("another slide cleared too", _deck({}), {"slide_title": "Pipeline"}, False, "slide 3 ('Highlights')"),
    plain_case("nothing pasted", _deck({}), {}, False, "no direct formatting (all) to clear", given=_deck({})),
]

CASES = {"slides.formatting_cleared": PLAIN}
