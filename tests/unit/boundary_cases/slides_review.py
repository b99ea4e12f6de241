"""Boundary cases of `forge.checks.slides_review` on small real decks, one per house rule: a slide
exactly at the limit (not listed) and one just over it (listed); the LAST offending slide left out,
a slide that keeps the rule listed, a title mistyped, the wrong header or a malformed line; a dash
not counted as a word; duplicate titles in another case (both slides listed); a file name as alt
text; the house font named in another case; an empty subtitle or content placeholder (a
title-only slide has none); a third bullet level, not a second. The search check: a whole word in any case, a word
inside another not a mention, notes apart from the slide's text, titles apart from the rest."""

from __future__ import annotations

import csv
import datetime as dt
import io
import random
from typing import Any

from preparers.filetypes.image import photo_jpeg
from preparers.presentation import Bullet, DeckContent, SlideContent, write_pptx
from tests.unit.boundary_cases import Case
from workflows.presentation.review_deck import _runs_styled

B = [Bullet(text=t) for t in ["Revenue up by ten percent", "Two new customers", "Churn flat", "Costs down",
                              "Hiring on plan", "Office move in May"]]
SLIDES = [
    SlideContent(layout="title", title="Quarterly Review", subtitle="Ann Lee"),
    SlideContent(layout="bullets", title="Agenda",
                 bullets=[Bullet(text=t) for t in ["Highlights", "Pipeline", "Risks"]]),
    SlideContent(layout="bullets", title="Highlights", bullets=B[:5], notes="Start with the Atlas launch."),
    SlideContent(layout="bullets", title="Pipeline - where we stand", bullets=B, notes="Pipeline is strong."),
    SlideContent(layout="bullets", title="Risks",
                 bullets=[Bullet(text="Supplier delays from Acme could push the Atlas launch back"),
                          Bullet(text="Hiring freeze")]),
    SlideContent(layout="title_only", title="Questions"),
]
DECK = DeckContent(title="Quarterly Review", author="Ann Lee", date=dt.date(2025, 3, 4), file_stem="qr", slides=SLIDES)
TITLES = {n: s.title for n, s in enumerate(SLIDES, start=1)}


def deck(**changes: dict[str, Any]) -> DeckContent:
    """DECK with slide N (1-based, keyword sN) updated."""
    slides = [s.model_copy(update=changes.get(f"s{n}", {})) for n, s in enumerate(SLIDES, start=1)]
    return DECK.model_copy(update={"slides": slides})


PLAIN = write_pptx(DECK)
NO_TITLE = write_pptx(deck(s5={"title": ""}))
TWICE = write_pptx(deck(s5={"title": "highlights"}))
BOXED = write_pptx(deck(s4={"boxes": ["Draft - figures to be confirmed"]}))
EMPTIED = write_pptx(deck(s1={"subtitle": ""}, s5={"bullets": []}))
NESTED = write_pptx(deck(s3={"bullets": [B[0], Bullet(text="Mostly in the north", level=1), B[1]]},
                         s4={"bullets": [B[0], Bullet(text="North", level=1), Bullet(text="Two big deals", level=2)]}))


def _size(at: int, kind: str, para: int, run: Any) -> None:
    from pptx.util import Pt
    run.font.size = Pt(32 if kind == "title" else {(2, 1): 11, (3, 0): 12}.get((at, para), 20))


def _face(at: int, kind: str, para: int, run: Any) -> None:
    run.font.name = "Comic Sans MS" if (at, kind, para) == (4, "body", 1) else "Arial"


SIZED = _runs_styled(DECK, _size)
FONTS = _runs_styled(DECK, _face)


def _pictured() -> bytes:
    rng = random.Random(1)
    alts = {2: "Team photo at the offsite", 3: "IMG_2041.jpg", 4: ""}
    return _runs_styled(DECK, lambda *a: None, {k: (photo_jpeg(rng, (120, 80)), alt) for k, alt in alts.items()})


PICTURED = _pictured()


def _txt(numbers: list[int], titles: dict[int, str] = TITLES, sep: str = ": ") -> bytes:
    return "".join(f"Slide {n}{sep}{titles[n]}\n" for n in numbers).encode()


def _csv(numbers: list[int], titles: dict[int, str] = TITLES, head: tuple[str, str] = ("Slide", "Title")) -> bytes:
    out = io.StringIO()
    csv.writer(out).writerows([list(head), *[[n, titles[n]] for n in numbers]])
    return out.getvalue().encode()


def case(label: str, body: bytes, options: dict[str, Any], passes: bool, says: str = "", given: bytes = PLAIN,
         out: str = "found.txt", check: str = "rule") -> Case:
    base = {"rule": {"file": out, "input_file": "in.pptx"}, "term": {"file": out, "input_file": "in.pptx"}}[check]
    return Case(label, None, {**base, **options}, passes, says, files={out: body}, originals={"in.pptx": given})


def rule(name: str, **more: Any) -> dict[str, Any]:
    return {"rule": name, **more}


BULLETS = rule("many_bullets", limit=5)
NOT_SLIDE = {**TITLES, 5: ""}
TWICE_TITLES = {**TITLES, 5: "highlights"}

REVIEW = [
    case("the slide over the limit", _txt([4]), BULLETS, True),
    case("the slide over the limit, csv", _csv([4]), BULLETS, True, out="found.csv"),
    case("the slide at the limit listed too", _txt([3, 4]), BULLETS, False,
         "entry 1 of found.txt is slide 3, expected slide 4"),
    case("a limit one lower takes the slide at it", _txt([3, 4]), rule("many_bullets", limit=4), True),
    case("the last offender left out", _txt([3]), rule("many_bullets", limit=4), False,
         "found.txt lists 1 slides, expected 2"),
    case("nothing listed", b"", BULLETS, False, "found.txt lists 0 slides, expected 1"),
    case("a title mistyped", _txt([4], {4: "Pipeline"}), BULLETS, False,
         "entry 1 of found.txt gives slide 4's title as 'Pipeline', expected 'Pipeline - where we stand'"),
    case("a title in another case, a dash after the number", _txt([4], {4: "pipeline - WHERE we stand"}, " - "),
         BULLETS, True),
    case("a line that is not Slide N", b"4: Pipeline - where we stand\n", BULLETS, False,
         "found.txt has the line '4: Pipeline - where we stand', not 'Slide N: Title'"),
    case("the csv header misnamed", _csv([4], head=("Number", "Title")), BULLETS, False,
         "found.csv does not open with the header Slide, Title", out="found.csv"),
    case("a csv with a third column", b"Slide,Title,Bullets\n4,Pipeline - where we stand,6\n", BULLETS, False,
         "found.csv does not open with the header Slide, Title", out="found.csv"),
    case("a bullet over the word limit", _txt([5]), rule("long_bullets", limit=9), True),
    case("a bullet at the word limit is fine", _txt([5]), rule("long_bullets", limit=10), False,
         "the deck has no slide breaking the rule long_bullets to list"),
    case("no speaker notes, every such slide", _txt([1, 2, 5, 6]), rule("no_notes"), True),
    case("no speaker notes, the last slide left out", _txt([1, 2, 5]), rule("no_notes"), False,
         "found.txt lists 3 slides, expected 4"),
    case("no title, the slide without one", _txt([5], NOT_SLIDE), rule("no_title"), True, given=NO_TITLE),
    case("no title, written 'Slide 5' alone", b"Slide 5\n", rule("no_title"), True, given=NO_TITLE),
    case("no title, a titled slide listed", _txt([5, 6], NOT_SLIDE), rule("no_title"), False,
         "found.txt lists 2 slides, expected 1", given=NO_TITLE),
    case("a title over the word limit (the dash not a word)", _txt([4]), rule("long_title", limit=3), True),
    case("a title at the word limit", _txt([4]), rule("long_title", limit=4), False,
         "the deck has no slide breaking the rule long_title to list"),
    case("a title in another case on two slides, both listed", _txt([3, 5], TWICE_TITLES),
         rule("duplicate_title"), True, given=TWICE),
    case("a shared title, only the second listed", _txt([5], TWICE_TITLES), rule("duplicate_title"), False,
         "entry 1 of found.txt is slide 5, expected slide 3", given=TWICE),
    case("text under the size", _txt([3]), rule("small_text", limit=12), True, given=SIZED),
    case("text at the size listed too", _txt([3, 4]), rule("small_text", limit=12), False,
         "found.txt lists 2 slides, expected 1", given=SIZED),
    case("a size one higher takes the slide at it", _txt([3, 4]), rule("small_text", limit=13), True, given=SIZED),
    case("pictures with no text or a file name", _txt([4, 5]), rule("missing_alt"), True, given=PICTURED),
    case("the described picture listed too", _txt([3, 4, 5]), rule("missing_alt"), False,
         "entry 1 of found.txt is slide 3, expected slide 4", given=PICTURED),
    case("a file name as alt text left out", _txt([5]), rule("missing_alt"), False,
         "entry 1 of found.txt is slide 5, expected slide 4", given=PICTURED),
    case("text off the house font", _csv([5]), rule("off_font", font="Arial"), True, given=FONTS, out="f.csv"),
    case("the house font named in lower case", _csv([5]), rule("off_font", font="arial"), True, given=FONTS,
         out="f.csv"),
    case("another house font: every slide is off", _csv([5]), rule("off_font", font="Calibri"), False,
         "entry 1 of f.csv is slide 5, expected slide 1", given=FONTS, out="f.csv"),
    case("a loose text box", _txt([4]), rule("text_boxes"), True, given=BOXED),
    case("a loose text box missed", b"", rule("text_boxes"), False, "found.txt lists 0 slides, expected 1",
         given=BOXED),
    case("an empty subtitle and an empty content placeholder", _txt([1, 5]), rule("empty_placeholder"), True,
         given=EMPTIED),
    case("the empty content placeholder (the last) missed", _txt([1]), rule("empty_placeholder"), False,
         "found.txt lists 1 slides, expected 2", given=EMPTIED),
    case("a title-only slide is no empty placeholder", _txt([1, 5, 6]), rule("empty_placeholder"), False,
         "found.txt lists 3 slides, expected 2", given=EMPTIED),
    case("a third level", _txt([4]), rule("deep_bullets"), True, given=NESTED),
    case("a second level listed too", _txt([3, 4]), rule("deep_bullets"), False,
         "entry 1 of found.txt is slide 3, expected slide 4", given=NESTED),
    case("no third level anywhere", _txt([4]), rule("deep_bullets"), False,
         "the deck has no slide breaking the rule deep_bullets to list"),
]


def term(word: str, scope: str) -> dict[str, Any]:
    return {"term": word, "scope": scope}


MENTIONS = [
    case("in the slide text, any case", _txt([5]), term("atlas", "slide"), True, check="term"),
    case("in the notes", _txt([3]), term("Atlas", "notes"), True, check="term"),
    case("in either", _txt([3, 5]), term("ATLAS", "either"), True, check="term"),
    case("in either, the last left out", _txt([3]), term("Atlas", "either"), False,
         "found.txt lists 1 slides, expected 2", check="term"),
    case("a notes mention counted as slide text", _txt([3, 5]), term("Atlas", "slide"), False,
         "entry 1 of found.txt is slide 3, expected slide 5", check="term"),
    case("a word inside another is no mention", _txt([4]), term("Pipe", "slide"), False,
         "the deck has no slide mentioning 'Pipe' (slide) to list", check="term"),
    case("in a title", _txt([4]), term("pipeline", "title"), True, check="term"),
    case("in a title, a bullet's mention listed too", _txt([2, 4]), term("pipeline", "title"), False,
         "entry 1 of found.txt is slide 2, expected slide 4", check="term"),
    case("a whole word in titles and bullets", _csv([2, 4]), term("pipeline", "slide"), True,
         out="f.csv", check="term"),
    case("a whole word, notes too", _csv([2, 4]), term("pipeline", "either"), True, out="f.csv", check="term"),
]

CASES = {"slides.review_findings": REVIEW, "slides.mentions_listed": MENTIONS}
