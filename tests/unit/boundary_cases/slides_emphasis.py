"""Boundary cases of `forge.checks.slides_emphasis` on real decks: the LAST mention left plain, a
mention in another case missed, a neighbouring word (or the whole bullet) styled too, the number
without its % sign, a label without its colon, another style, a slide outside the scope styled,
a title's own bold lost, the wording touched, nothing to emphasize."""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

import pptx
from pptx.enum.shapes import PP_PLACEHOLDER

from preparers.presentation import Bullet, DeckContent, SlideContent, write_pptx
from tests.unit.boundary_cases import Case

Marks = dict[tuple[int, int], list[str]]  # (slide index, bullet index) -> the pieces styled


def _slide(title: str, *bullets: str) -> SlideContent:
    return SlideContent(layout="bullets", title=title, bullets=[Bullet(text=b) for b in bullets])


DECK = DeckContent(title="Quarterly Business Review", author="Ann Lee", date=dt.date(2025, 3, 4),
                   file_stem="qbr", slides=[
                       SlideContent(layout="title", title="Quarterly Business Review", subtitle="Ann Lee, 4 March"),
                       _slide("Agenda", "Highlights", "Pipeline", "Risks"),
                       _slide("Highlights", "Revenue rose by 12% against the same period last year",
                              "Owner: Jane Doe", "Three quick wins identified for revenue"),
                       _slide("Pipeline", "Pilot with Acme starts in May", "Status: on track",
                              "Gross margin slipped in June; recovery plan in place"),
                       _slide("Risks", "Main risk: delays from Initech", "Revenue is on track for the year-end "
                              "target", "Order volume rose by 7% against last year"),
                       SlideContent(layout="title_only", title="Questions and discussion")])
GIVEN = write_pptx(DECK)
TERM: Marks = {(2, 0): ["Revenue"], (2, 2): ["revenue"], (4, 1): ["Revenue"]}
PERCENT: Marks = {(2, 0): ["12%"], (4, 2): ["7%"]}
LABEL: Marks = {(2, 1): ["Owner:"], (3, 1): ["Status:"], (4, 0): ["Main risk:"]}


def _styled(marks: Marks, style: str = "bold", title_bold: bool = False, text: dict[int, str] | None = None) -> bytes:
    """The deck with each marked piece of a bullet in its own run carrying `style`."""
    deck = pptx.Presentation(io.BytesIO(GIVEN))
    for i, slide in enumerate(deck.slides):
        if title_bold:
            slide.shapes.title.text_frame.paragraphs[0].runs[0].font.bold = True
        body = [p for s in slide.placeholders if s.placeholder_format.type in (PP_PLACEHOLDER.BODY,
                                                                              PP_PLACEHOLDER.OBJECT)
                for p in s.text_frame.paragraphs]
        for k, paragraph in enumerate(body):
            line = (text or {}).get(i, paragraph.text) if k == 0 else paragraph.text
            for run in list(paragraph.runs):
                paragraph._p.remove(run._r)
            at = 0
            for piece in [*marks.get((i, k), []), ""]:
                start = line.find(piece, at) if piece else len(line)
                for part, on in ((line[at:start], False), (piece, True)):
                    if part:
                        run = paragraph.add_run()
                        run.text = part
                        setattr(run.font, style, True) if on else None
                at = start + len(piece)
    out = io.BytesIO()
    deck.save(out)
    return out.getvalue()


def _without(marks: Marks, key: tuple[int, int]) -> Marks:
    return {k: v for k, v in marks.items() if k != key}


def emphasis_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
                  given: bytes = GIVEN) -> Case:
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", "style": "bold", **options}, passes,
                says, files={"out.pptx": output}, originals={"in.pptx": given})


ON_TERM = {"target": "term", "term": "Revenue"}
ON_PERCENT = {"target": "percent"}
ON_LABEL = {"target": "label", "style": "underline"}

EMPHASIS = [
    emphasis_case("every mention bold", _styled(TERM), ON_TERM, True),
    emphasis_case("the last mention left plain", _styled(_without(TERM, (4, 1))), ON_TERM, False,
                  "slide 5 ('Risks'), text shape 2 line 2: 'Revenue' is not bold"),
    emphasis_case("the lower-case mention missed", _styled(_without(TERM, (2, 2))), ON_TERM, False,
                  "line 3: 'revenue' is not bold"),
    emphasis_case("the next word bold too", _styled({**TERM, (4, 1): ["Revenue is"]}), ON_TERM, False,
                  "'is' is bold, expected not bold"),
    emphasis_case("the whole bullet bold", _styled({**TERM, (2, 0): [DECK.slides[2].bullets[0].text]}), ON_TERM,
                  False, "'rose' is bold, expected not bold"),
    emphasis_case("italic instead of bold", _styled(TERM, style="italic"), ON_TERM, False, "is not bold"),
    emphasis_case("the wording touched", _styled(TERM, text={4: "Main risk: delays from Initech Ltd"}), ON_TERM,
                  False, "only the formatting"),
    emphasis_case("a title's own bold kept", _styled(TERM, title_bold=True), ON_TERM, True,
                  given=_styled({}, title_bold=True)),
    emphasis_case("a title's own bold lost", _styled(TERM), ON_TERM, False, "text shape 1 line 1: 'Quarterly' is "
                  "not bold, expected bold", given=_styled({}, title_bold=True)),
    emphasis_case("no term named", _styled(TERM), {"target": "term"}, False, "needs the term"),
    emphasis_case("a term the deck lacks", _styled({}), {"target": "term", "term": "Headcount"}, False,
                  "nothing to emphasize"),
    emphasis_case("every percentage bold", _styled(PERCENT), ON_PERCENT, True),
    emphasis_case("the number without its % sign", _styled({**PERCENT, (4, 2): ["7"]}), ON_PERCENT, False,
                  "'%' is not bold"),
    emphasis_case("one slide's percentages", _styled({(4, 2): ["7%"]}), {**ON_PERCENT, "slide_title": "Risks"},
                  True),
    emphasis_case("a slide outside the scope styled", _styled(PERCENT), {**ON_PERCENT, "slide_title": "Risks"},
                  False, "slide 3 ('Highlights'), text shape 2 line 1: '12%' is bold, expected not bold"),
    emphasis_case("every label underlined", _styled(LABEL, style="underline"), ON_LABEL, True),
    emphasis_case("the last label without its colon", _styled({**LABEL, (4, 0): ["Main risk"]}, style="underline"),
                  ON_LABEL, False, "slide 5 ('Risks'), text shape 2 line 1: ':' is not underline"),
    emphasis_case("a label missed", _styled(_without(LABEL, (3, 1)), style="underline"), ON_LABEL, False,
                  "slide 4 ('Pipeline')"),
    emphasis_case("a slide dropped", write_pptx(DECK.model_copy(update={"slides": DECK.slides[:-1]})), ON_LABEL,
                  False, "has 5 slides, expected 6"),
]

CASES = {"slides.terms_emphasized": EMPHASIS}
