"""Boundary cases of `slides.deck_from_outline` (a deck built from a markdown talk outline): the last
slide's last bullet missing, a slide too many or too few, the title slide given or left out against
the ask, a sub-item dropped, flattened to a top bullet or a top bullet pushed down, parts as title-only dividers (a divider with a bullet fails),
speaker notes from the `>` lines (the last slide's missing) or left out (a note carried over, a `>`
line put on a slide)."""

from __future__ import annotations

import datetime as dt

from preparers.presentation import Bullet, DeckContent, SlideContent, write_pptx
from tests.unit.boundary_cases import Case

OUTLINE = """# Quarterly review
Dana Reyes, 3 March 2025
Draft for review

## Where we stand
### Revenue
- Revenue up 12% on Q2
  - Two new enterprise customers
> Mention the churn number only if asked

## What comes next
### Hiring
- Three engineers by June
- One designer
> Budget is approved

### Risks
- Supplier delays
"""

TITLE = SlideContent(layout="title", title="Quarterly review", subtitle="Dana Reyes, 3 March 2025\nDraft for review")
REVENUE = SlideContent(layout="bullets", title="Revenue", bullets=[Bullet(text="Revenue up 12% on Q2"),
                                                                    Bullet(text="Two new enterprise customers", level=1)])
HIRING = SlideContent(layout="bullets", title="Hiring", bullets=[Bullet(text="Three engineers by June"),
                                                                  Bullet(text="One designer")])
RISKS = SlideContent(layout="bullets", title="Risks", bullets=[Bullet(text="Supplier delays")])
WHERE, NEXT = SlideContent(layout="title_only", title="Where we stand"), SlideContent(layout="title_only",
                                                                                      title="What comes next")
PARTS = [TITLE, WHERE, REVENUE, NEXT, HIRING, RISKS]
NOTED = [TITLE, WHERE, REVENUE.model_copy(update={"notes": "Mention the churn number only if asked"}), NEXT,
         HIRING.model_copy(update={"notes": "Budget is approved"}), RISKS]
FLAT = OUTLINE.replace("## Where we stand\n", "").replace("## What comes next\n", "").replace("### ", "## ")


def deck(label: str, slides: list[SlideContent], options: dict, passes: bool, says: str = "",
         outline: str = OUTLINE) -> Case:
    content = DeckContent(title="Quarterly review", author="Dana Reyes", date=dt.date(2025, 3, 3),
                          file_stem="quarterly_review", slides=slides)
    return Case(label, None, {"file": "talk.pptx", "input_file": "talk.md", "title_slide": True, "notes": False,
                              "parts": True, **options}, passes, says,
                files={"talk.pptx": write_pptx(content)}, originals={"talk.md": outline.encode()})


CASES = {
    "slides.deck_from_outline": [
        deck("title slide, dividers, slides; the > lines left out", PARTS, {}, True),
        deck("the last slide's last bullet missing", [*PARTS[:-1], RISKS.model_copy(update={"bullets": []})], {},
             False, "slide 6 ('Risks') of talk.pptx reads []"),
        deck("a closing slide the outline does not have", [*PARTS, SlideContent(layout="title_only", title="Thanks")],
             {}, False, "talk.pptx"),
        deck("the last slide left out", PARTS[:-1], {}, False, "talk.pptx"),
        deck("no title slide where one was asked", PARTS[1:], {}, False, "slide 1 of talk.pptx is titled"),
        deck("no title slide, as asked", PARTS[1:], {"title_slide": False}, True),
        deck("a title slide where none was asked", PARTS, {"title_slide": False}, False,
             "slide 1 of talk.pptx is titled 'Quarterly review', expected 'Where we stand'"),
        deck("a sub-item dropped", [*PARTS[:2], REVENUE.model_copy(update={"bullets": REVENUE.bullets[:1]}),
                                    *PARTS[3:]], {}, False, "slide 3 ('Revenue')"),
        deck("a sub-item flattened to a top bullet", [*PARTS[:2], REVENUE.model_copy(update={"bullets": [
            REVENUE.bullets[0], Bullet(text="Two new enterprise customers")]}), *PARTS[3:]], {}, False,
             "the bullet levels of slide 3 ('Revenue') of talk.pptx are [0, 0], expected [0, 1]"),
        deck("the last slide's only bullet pushed a level down", [*PARTS[:-1], RISKS.model_copy(update={"bullets": [
            Bullet(text="Supplier delays", level=1)]})], {}, False,
             "the bullet levels of slide 6 ('Risks') of talk.pptx are [1], expected [0]"),
        deck("a part divider with a bullet", [*PARTS[:3], NEXT.model_copy(update={"layout": "bullets", "bullets": [
            Bullet(text="Hiring and risks")]}), *PARTS[4:]], {}, False, "slide 4 ('What comes next')"),
        deck("no parts: ## headings are the slides", [TITLE, REVENUE, HIRING, RISKS], {"parts": False}, True,
             outline=FLAT),
        deck("speaker notes from the > lines", NOTED, {"notes": True}, True),
        deck("the last note missing", [*NOTED[:4], HIRING, RISKS], {"notes": True}, False,
             "the notes of slide 5 ('Hiring') of talk.pptx read ''"),
        deck("a > line carried into the notes where they stay out", NOTED, {}, False,
             "the notes of slide 3 ('Revenue')"),
        deck("a > line put on the slide as a bullet", [*PARTS[:4], HIRING.model_copy(update={"bullets": [
            *HIRING.bullets, Bullet(text="Budget is approved")]}), RISKS], {}, False, "slide 5 ('Hiring')"),
    ],
}
