"""Boundary cases of `forge.checks.slides_tidy` on real decks: the LAST bullet of the last slide
left untidy, a bullet's words changed while tidying, a bullet lost or a blank one kept, a title
touched, the other slides tidied when one was named, a rule with nothing to do."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from preparers.presentation import Bullet, DeckContent, make_deck, write_pptx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _seeded

CLEAN = make_deck(*_seeded(23))
LAST = max(i for i, s in enumerate(CLEAN.slides) if s.bullets)
NAMED = 2  # the first topic slide
Edit = Callable[[int, int, str], str | None]  # (slide index, bullet index, text) -> new text; None drops it


def _deck(edit: Edit, base: DeckContent = CLEAN, retitle: int | None = None) -> DeckContent:
    slides = []
    for i, slide in enumerate(base.slides):
        texts = [(edit(i, k, b.text), b.level) for k, b in enumerate(slide.bullets)]
        title = slide.title + " (draft)" if i == retitle else slide.title
        slides.append(slide.model_copy(update={"title": title, "bullets": [Bullet(text=t, level=lv) for t, lv
                                                                           in texts if t is not None]}))
    return base.model_copy(update={"slides": slides})


def _blanks(base: DeckContent, where: Callable[[int, int], bool]) -> DeckContent:
    """An empty bullet after each bullet `where` picks."""
    slides = []
    for i, slide in enumerate(base.slides):
        out: list[Bullet] = []
        for k, b in enumerate(slide.bullets):
            out += [b, Bullet(text="")] if where(i, k) else [b]
        slides.append(slide.model_copy(update={"bullets": out}))
    return base.model_copy(update={"slides": slides})


def _last(i: int, k: int) -> bool:
    return i == LAST and k == len(CLEAN.slides[LAST].bullets) - 1


def _odd(i: int, k: int) -> bool:
    return k % 2 == 0 or _last(i, k)


STOPS = write_pptx(_deck(lambda i, k, t: t + "." if _odd(i, k) else t))
LOWER = write_pptx(_deck(lambda i, k, t: t[:1].lower() + t[1:] if _odd(i, k) else t))
SPACED = write_pptx(_deck(lambda i, k, t: " " + t.replace(" ", "  ", 1) + " " if _odd(i, k) else t))
BLANKS = write_pptx(_blanks(CLEAN, _odd))
TIDY = write_pptx(CLEAN)


def tidy_case(label: str, output: DeckContent | bytes, options: dict[str, Any], passes: bool, says: str = "",
              given: bytes = STOPS) -> Case:
    data = output if isinstance(output, bytes) else write_pptx(output)
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", **options}, passes, says,
                files={"out.pptx": data}, originals={"in.pptx": given})


NO_STOPS, STOPS_ON = {"rule": "no_periods"}, {"rule": "periods"}
ONE = {"rule": "no_periods", "slide_title": CLEAN.slides[NAMED].title}
STOPPED = _deck(lambda i, k, t: t + ".")

BULLETS_TIDIED = [
    tidy_case("every stop dropped", CLEAN, NO_STOPS, True),
    tidy_case("the last bullet keeps its stop", _deck(lambda i, k, t: t + "." if _last(i, k) else t), NO_STOPS,
              False, f"slide {LAST + 1}"),
    tidy_case("a word cut with the stop", _deck(lambda i, k, t: t[:-2] if _last(i, k) else t), NO_STOPS, False,
              f"slide {LAST + 1}"),
    tidy_case("the last bullet dropped", _deck(lambda i, k, t: None if _last(i, k) else t), NO_STOPS, False,
              f"slide {LAST + 1}"),
    tidy_case("a slide retitled", _deck(lambda i, k, t: t, retitle=LAST), NO_STOPS, False, "(draft)"),
    tidy_case("a stop added to every bullet", STOPPED, STOPS_ON, True),
    tidy_case("the last bullet left without a stop", _deck(lambda i, k, t: t if _last(i, k) else t + "."),
              STOPS_ON, False, f"slide {LAST + 1}"),
    tidy_case("a second stop on the bullets that had one", _deck(lambda i, k, t: t + ".." if _odd(i, k) else
                                                                 t + "."), STOPS_ON, False, ".."),
    tidy_case("only the named slide tidied", _deck(lambda i, k, t: t + "." if _odd(i, k) and i != NAMED else t),
              ONE, True),
    tidy_case("the other slides tidied too", CLEAN, ONE, False, "was not to change"),
    tidy_case("the named slide left as it was", STOPS, ONE, False, f"slide {NAMED + 1}"),
    tidy_case("capitals everywhere", CLEAN, {"rule": "capitals"}, True, given=LOWER),
    tidy_case("the last bullet still lower case", _deck(lambda i, k, t: t[:1].lower() + t[1:] if _last(i, k)
                                                        else t), {"rule": "capitals"}, False, f"slide {LAST + 1}",
              given=LOWER),
    tidy_case("a whole bullet in capitals", _deck(lambda i, k, t: t.upper() if _last(i, k) else t),
              {"rule": "capitals"}, False, f"slide {LAST + 1}", given=LOWER),
    tidy_case("every stray space gone", TIDY, {"rule": "spaces"}, True, given=SPACED),
    tidy_case("a trailing space left on the last bullet", _deck(lambda i, k, t: t + " " if _last(i, k) else t),
              {"rule": "spaces"}, False, "stray spaces", given=SPACED),
    tidy_case("two words run together", _deck(lambda i, k, t: t.replace(" ", "", 1) if _last(i, k) else t),
              {"rule": "spaces"}, False, f"slide {LAST + 1}", given=SPACED),
    tidy_case("every empty bullet deleted", TIDY, {"rule": "no_blanks"}, True, given=BLANKS),
    tidy_case("the last empty bullet kept", _blanks(CLEAN, _last), {"rule": "no_blanks"}, False, "still empty",
              given=BLANKS),
    tidy_case("a real bullet deleted with the blanks", _deck(lambda i, k, t: None if _last(i, k) else t),
              {"rule": "no_blanks"}, False, f"slide {LAST + 1}", given=BLANKS),
    tidy_case("a deck with nothing to tidy", TIDY, {"rule": "spaces"}, False, "changes nothing", given=TIDY),
    tidy_case("the closing slide dropped", CLEAN.model_copy(update={"slides": CLEAN.slides[:-1]}), NO_STOPS, False,
              "slides"),
]

CASES = {"slides.bullets_tidied": BULLETS_TIDIED}
