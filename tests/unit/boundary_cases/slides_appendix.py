"""Boundary cases of `forge.checks.slides_appendix` on real decks: the backup slides behind the closing
slide in their order - the LAST one out of order, one left in place, the divider missing, extra,
on the wrong layout or with text; hidden against the ask or a main slide hidden; a note changed;
each marker (title, notes, hidden) and a slide whose notes only mention backup left alone; a deck
with nothing to move."""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

import pptx

from preparers.presentation import Bullet, DeckContent, SlideContent, write_pptx
from tests.unit.boundary_cases import Case

BY_REGION, HIRING_PLAN = "Backup: Highlights by region", "Backup: Hiring plan detail"


def _slide(title: str, notes: str = "", layout: str = "bullets") -> SlideContent:
    bullets = [Bullet(text=f"{title} in short")] if layout == "bullets" else []
    return SlideContent(layout=layout, title=title, bullets=bullets, notes=notes)  # type: ignore[arg-type]


SLIDES = {s.title: s for s in [
    SlideContent(layout="title", title="Quarterly Review", subtitle="Ann Lee"),
    _slide("Agenda"), _slide("Highlights", "Backup figures are in the appendix."), _slide("Pipeline", "On pipeline."),
    _slide("Hiring", "On hiring."), _slide("Risks", "On risks."), _slide("Questions", layout="title_only"),
    _slide(BY_REGION, "Only if asked about highlights."), _slide(HIRING_PLAN, "For questions from Finance."),
    _slide("Highlights by region", "Backup: only if asked."), _slide("Hiring plan detail", "BACKUP - for Finance."),
    _slide("Appendix", layout="section"), _slide("Appendix ", layout="title_only")]}
MAIN = ["Quarterly Review", "Agenda", "Highlights", "Pipeline", "Hiring", "Risks", "Questions"]
BACKUP = [BY_REGION, HIRING_PLAN]
NOTED = ["Highlights by region", "Hiring plan detail"]  # backup by their notes
PLAIN_NOTE = {"Highlights": "On highlights."}  # where the notes mark backups, no other note opens with the word


def _deck(titles: list[str], hidden: tuple[str, ...] = (), notes: dict[str, str] | None = None,
          divider_text: str = "") -> bytes:
    slides = [SLIDES[t].model_copy(update={"notes": (notes or {}).get(t, SLIDES[t].notes)}) for t in titles]
    deck = pptx.Presentation(io.BytesIO(write_pptx(DeckContent(
        title="Quarterly Review", author="Ann Lee", date=dt.date(2025, 3, 4), file_stem="qr", slides=slides))))
    for slide in deck.slides:
        text = slide.shapes.title.text_frame.text
        if text in hidden:
            slide._element.set("show", "0")
        if divider_text and text == "Appendix":
            slide.placeholders[1].text = divider_text
    out = io.BytesIO()
    deck.save(out)
    return out.getvalue()


def _given(backup: list[str]) -> list[str]:
    """The deck as given: each backup slide right after its topic slide."""
    return ["Quarterly Review", "Agenda", "Highlights", backup[0], "Pipeline", "Hiring", backup[1], "Risks",
            "Questions"]


GIVEN = {"title": _deck(_given(BACKUP)), "notes": _deck(_given(NOTED), notes=PLAIN_NOTE),
         "hidden": _deck(_given(NOTED), hidden=tuple(NOTED))}


def case(label: str, deck: bytes, options: dict[str, Any], passes: bool, says: str = "",
         given: bytes | None = None) -> Case:
    opts = {"file": "out.pptx", "input_file": "in.pptx", "marker": "title", "divider": True, "hide": True, **options}
    return Case(label, None, opts, passes, says, files={"out.pptx": deck},
                originals={"in.pptx": given or GIVEN[opts["marker"]]})


DONE = _deck([*MAIN, "Appendix", *BACKUP], hidden=tuple(BACKUP))
PLAIN = {"divider": False}
SHOWN = {"hide": False}
BY_NOTES = {"marker": "notes", "hide": False}

APPENDIX = [
    case("backups behind the divider, hidden", DONE, {}, True),
    case("the last two backups swapped", _deck([*MAIN, "Appendix", HIRING_PLAN, BY_REGION], hidden=tuple(BACKUP)),
         {}, False, f"slide 9 of out.pptx is titled {HIRING_PLAN!r}, expected {BY_REGION!r}"),
    case("one backup left in place", _deck([*MAIN[:5], HIRING_PLAN, *MAIN[5:], "Appendix", BY_REGION],
                                          hidden=tuple(BACKUP)),
         {}, False, f"slide 6 of out.pptx is titled {HIRING_PLAN!r}, expected 'Risks'"),
    case("no divider when asked", _deck([*MAIN, *BACKUP], hidden=tuple(BACKUP)), {}, False,
         f"slide 8 of out.pptx is titled {BY_REGION!r}, expected 'Appendix'"),
    case("no divider, none asked", _deck([*MAIN, *BACKUP], hidden=tuple(BACKUP)), PLAIN, True),
    case("a divider not asked for", DONE, PLAIN, False,
         f"slide 8 of out.pptx is titled 'Appendix', expected {BY_REGION!r}"),
    case("the divider on a Title Only layout", _deck([*MAIN, "Appendix ", *BACKUP], hidden=tuple(BACKUP)), {}, False,
         "slide 8 ('Appendix') of out.pptx is on the layout 'titleOnly', expected a Section Header"),
    case("the divider with a text", _deck([*MAIN, "Appendix", *BACKUP], hidden=tuple(BACKUP), divider_text="Backup"),
         {}, False, "slide 8 ('Appendix') of out.pptx reads ['Backup'], expected []"),
    case("the last backup left shown", _deck([*MAIN, "Appendix", *BACKUP], hidden=(BY_REGION,)), {}, False,
         f"slide 10 ({HIRING_PLAN!r}) of out.pptx is shown, expected hidden"),
    case("a main slide hidden too", _deck([*MAIN, "Appendix", *BACKUP], hidden=(*BACKUP, "Risks")), {}, False,
         "slide 6 ('Risks') of out.pptx is hidden, expected shown"),
    case("backups shown, as asked", _deck([*MAIN, "Appendix", *BACKUP]), SHOWN, True),
    case("backups hidden, shown asked", DONE, SHOWN, False,
         f"slide 9 ({BY_REGION!r}) of out.pptx is hidden, expected shown"),
    case("the last backup's notes changed", _deck([*MAIN, "Appendix", *BACKUP], hidden=tuple(BACKUP),
                                                  notes={HIRING_PLAN: "For questions."}), {}, False,
         f"the notes of slide 10 ({HIRING_PLAN!r}) of out.pptx read 'For questions.'"),
    case("the slide whose notes mention backup moved", _deck(
        ["Quarterly Review", "Agenda", "Pipeline", "Hiring", "Risks", "Questions", "Appendix", "Highlights",
         *BACKUP], hidden=tuple(BACKUP)), {}, False,
         "slide 3 of out.pptx is titled 'Pipeline', expected 'Highlights'"),
    case("notes-marked backups moved", _deck([*MAIN, "Appendix", *NOTED], notes=PLAIN_NOTE), BY_NOTES, True),
    case("notes-marked: only the first moved",
         _deck([*MAIN[:5], NOTED[1], *MAIN[5:], "Appendix", NOTED[0]], notes=PLAIN_NOTE), BY_NOTES, False,
         "slide 6 of out.pptx is titled 'Hiring plan detail'"),
    case("hidden slides moved and shown again", _deck([*MAIN, *NOTED]),
         {"marker": "hidden", "divider": False, "hide": False}, True),
    case("hidden slides moved, still hidden", _deck([*MAIN, *NOTED], hidden=tuple(NOTED)),
         {"marker": "hidden", "divider": False, "hide": False}, False,
         "slide 8 ('Highlights by region') of out.pptx is hidden, expected shown"),
    case("a deck whose backups are already last", DONE, {}, False,
         "in.pptx has no title-marked backup slide before its last slides", given=_deck([*MAIN, *BACKUP])),
    case("a deck with no backup slide", _deck(MAIN), {"marker": "hidden"}, False,
         "in.pptx has no hidden-marked backup slide", given=_deck(MAIN)),
]

CASES = {"slides.backup_appendix": APPENDIX}
