"""Boundary cases of `forge.checks.slides_handout` on a real deck (a hidden slide, notes on some
slides) and real Word handouts: the title, a Heading 1 per slide kept, its lines and notes; the
LAST slide's heading or last note missing, an extra paragraph at the end, notes given unasked,
a hidden slide kept or dropped against the ask, a heading written as body text, page breaks
before every slide but the first (the first may have one too), one missing at the last slide, a
break asked for nowhere."""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

from preparers.presentation import Bullet, DeckContent, SlideContent
from tests.unit.boundary_cases import Case
from workflows.presentation._hidden import write_with_hidden

SLIDES = [SlideContent(layout="title", title="Office Move", subtitle="Ann Lee"),
          SlideContent(layout="bullets", title="Budget", bullets=[Bullet(text="On track"), Bullet(text="Fit-out paid")],
                       notes="Mention the landlord.\nThank finance."),
          SlideContent(layout="bullets", title="Backup figures", bullets=[Bullet(text="Quotes")], notes="If asked."),
          SlideContent(layout="bullets", title="Risks", bullets=[Bullet(text="Lift works")], notes="Keep it short."),
          SlideContent(layout="title_only", title="Questions")]
DECK = write_with_hidden(DeckContent(title="Office Move", author="Ann Lee", date=dt.date(2025, 3, 4), file_stem="m",
                                     slides=SLIDES), [2])
Part = tuple[int | None, str]  # (heading level, text); None: a body paragraph
TEXT: list[Part] = [(0, "Office Move"), (1, "Budget"), (None, "On track"), (None, "Fit-out paid"),
                    (1, "Risks"), (None, "Lift works"), (1, "Questions")]
NOTED: list[Part] = [*TEXT[:4], (None, "Mention the landlord."), (None, "Thank finance."), *TEXT[4:6],
                     (None, "Keep it short."), TEXT[6]]
KEPT: list[Part] = [*TEXT[:4], (1, "Backup figures"), (None, "Quotes"), *TEXT[4:]]


def handout(parts: list[Part], breaks: set[str] = frozenset()) -> bytes:  # type: ignore[assignment]
    """A docx of `parts`, with a page break paragraph before each heading named in `breaks`."""
    import docx
    from docx.enum.text import WD_BREAK

    document = docx.Document()
    for level, text in parts:
        if text in breaks:
            document.add_paragraph().add_run().add_break(WD_BREAK.PAGE)
        if level is None:
            document.add_paragraph(text)
        else:
            document.add_heading(text, level=level)
    buf = io.BytesIO()
    document.save(buf)
    return buf.getvalue()


def case(label: str, doc: bytes, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "handout.docx", "input_file": "deck.pptx", "notes": False, "hidden": False,
                              "page_per_slide": False, **options}, passes, says,
                files={"handout.docx": doc}, originals={"deck.pptx": DECK})


NOTES, HIDDEN, PAGES = {"notes": True}, {"hidden": True}, {"page_per_slide": True}

HANDOUT = [
    case("slide text only, hidden slide left out", handout(TEXT), {}, True),
    case("with the notes", handout(NOTED), NOTES, True),
    case("the hidden slide kept", handout(KEPT), HIDDEN, True),
    case("the last slide's heading missing", handout(TEXT[:-1]), {}, False,
         "handout.docx has 6 paragraphs with text, expected 7; missing from 'Questions' on"),
    case("an extra paragraph at the end", handout([*TEXT, (None, "Thanks")]), {}, False,
         "handout.docx has 8 paragraphs with text, expected 7; the first extra one reads 'Thanks'"),
    case("the last note missing", handout([*NOTED[:8], NOTED[9]]), NOTES, False,
         "paragraph 9 of handout.docx reads 'Questions', expected 'Keep it short.'"),
    case("notes given unasked", handout(NOTED), {}, False,
         "paragraph 5 of handout.docx reads 'Mention the landlord.', expected 'Risks'"),
    case("the hidden slide kept unasked", handout(KEPT), {}, False,
         "paragraph 5 of handout.docx reads 'Backup figures', expected 'Risks'"),
    case("the hidden slide dropped though asked for", handout(TEXT), HIDDEN, False,
         "paragraph 5 of handout.docx reads 'Risks', expected 'Backup figures'"),
    case("the last heading as body text", handout([*TEXT[:-1], (None, "Questions")]), {}, False,
         "paragraph 7 of handout.docx ('Questions') is body text, expected a heading 1"),
    case("the title as a heading 1", handout([(1, "Office Move"), *TEXT[1:]]), {}, False,
         "paragraph 1 of handout.docx ('Office Move') is a heading 1, expected the title"),
    case("a page per slide", handout(TEXT, {"Risks", "Questions"}), PAGES, True),
    case("a page per slide, the first too", handout(TEXT, {"Budget", "Risks", "Questions"}), PAGES, True),
    case("the last slide's page break missing", handout(TEXT, {"Risks"}), PAGES, False,
         "paragraph 7 of handout.docx ('Questions') does not start a new page"),
    case("page breaks nobody asked for", handout(TEXT, {"Questions"}), {}, False,
         "paragraph 7 of handout.docx ('Questions') starts a new page; no page breaks were asked for"),
    case("a break before body text", handout(TEXT, {"Risks", "Questions", "Lift works"}), PAGES, False,
         "paragraph 6 of handout.docx ('Lift works') starts a new page, but only the slide headings may"),
]

CASES = {"slides.handout_written": HANDOUT}
