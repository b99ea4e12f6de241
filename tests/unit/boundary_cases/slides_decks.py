"""Boundary cases of `forge.checks.slides_decks` on real decks. Combined: the LAST team's last slide
or its notes lost, the teams as listed when A-Z was asked, a divider on the wrong layout or with
text left, a cover without its subtitle or with the teams' title slides kept, combined in place, a
deck with nothing to combine. Split: a part's LAST slide lost, the divider kept or dropped against
the ask, the title or closing slide missing or extra, notes lost, a deck without three sections."""

from __future__ import annotations

import datetime as dt
from typing import Any

from preparers.presentation import Bullet, DeckContent, SlideContent, write_pptx
from tests.unit.boundary_cases import Case

DATE = dt.date(2025, 3, 7)
TEAMS = {"Sales": ["Pipeline outlook", "Customer wins"], "Finance": ["Revenue by region", "Energy use", "Staffing"],
         "People": ["Hiring update", "Security basics"]}
NOTE = "Pause here for questions."


def _deck(slides: list[SlideContent], title: str = "Deck") -> bytes:
    return write_pptx(DeckContent(title=title, author="Ann Lee", date=DATE, file_stem="deck", slides=slides))


def _topic(title: str, note: str = NOTE) -> SlideContent:
    return SlideContent(layout="bullets", title=title, bullets=[Bullet(text=f"{title}: on track")], notes=note)


def _opening(team: str, opener: str) -> list[SlideContent]:
    return {"keep": [SlideContent(layout="title", title=f"{team} update", subtitle="Ann Lee, 7 March 2025")],
            "section": [SlideContent(layout="section", title=f"{team} update")], "cover": []}[opener]


def _team(team: str, drop_last: bool = False, last_note: str = NOTE) -> list[SlideContent]:
    topics = TEAMS[team][:-1] if drop_last else TEAMS[team]
    return [_topic(t, last_note if k == len(TEAMS[team]) - 1 else NOTE) for k, t in enumerate(topics)]


INPUTS = {f"{team.lower()}.pptx": _deck([*_opening(team, "keep"), *_team(team)]) for team in TEAMS}
LISTED = ["sales.pptx", "finance.pptx", "people.pptx"]
COVER = SlideContent(layout="title", title="All-hands, March 2025", subtitle="Team updates, 7 March 2025")


def combined(opener: str = "keep", order: tuple[str, ...] = ("Sales", "Finance", "People"), cover: bool | None = None,
             **team_changes: Any) -> bytes:
    """The combined deck: `order`'s decks, each opened as `opener` says; the LAST one changed as asked."""
    slides = [COVER] if (opener == "cover" if cover is None else cover) else []
    for team in order:
        changes = team_changes if team == order[-1] else {}
        slides += [*_opening(team, opener), *_team(team, **changes)]
    return _deck(slides)


def combine_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
                 originals: dict[str, bytes] | None = None, file: str = "out.pptx") -> Case:
    return Case(label, None, {"file": file, "first_file": LISTED[0], "second_file": LISTED[1],
                              "third_file": LISTED[2], "opener": "keep", "alphabetical": False, **options},
                passes, says, files={file: output}, originals=originals or INPUTS)


A_Z = {"alphabetical": True}
SECTION = {"opener": "section"}
COVERED = {"opener": "cover", "cover_title": "All-hands, March 2025", "cover_subtitle": "Team updates, 7 March 2025"}
ONE_SLIDE = {**INPUTS, "people.pptx": _deck(_opening("People", "keep"))}

COMBINED = [
    combine_case("every deck as listed", combined(), {}, True),
    combine_case("the last team's last slide lost", combined(drop_last=True), {}, False,
                 "out.pptx has 9 slides"),
    combine_case("the last slide's notes lost", combined(last_note=""), {}, False,
                 "the notes of slide 10 ('Security basics') of out.pptx read ''"),
    combine_case("the teams A-Z", combined(order=("Finance", "People", "Sales")), A_Z, True),
    combine_case("as listed when A-Z was asked", combined(), A_Z, False,
                 "slide 1 of out.pptx is titled 'Sales update', expected 'Finance update'"),
    combine_case("title slides as section headers", combined("section"), SECTION, True),
    combine_case("a divider on the title layout", combined("keep"), SECTION, False,
                 "slide 1 ('Sales update') of out.pptx reads ['Ann Lee, 7 March 2025'], expected []"),
    combine_case("a cover, the title slides dropped", combined("cover"), COVERED, True),
    combine_case("the cover without its subtitle", _deck([COVER.model_copy(update={"subtitle": ""}),
                                                          *_team("Sales"), *_team("Finance"), *_team("People")]),
                 COVERED, False, "slide 1 ('All-hands, March 2025') of out.pptx reads []"),
    combine_case("a cover with the title slides kept", combined("keep", cover=True), COVERED, False,
                 "slide 2 of out.pptx is titled 'Sales update', expected 'Pipeline outlook'"),
    combine_case("combined into the first deck", combined(), {}, True, file="sales.pptx"),
    combine_case("a deck with only its title slide", combined(), {}, False,
                 "people.pptx has no slides besides its title slide", originals=ONE_SLIDE),
]


def _divider_layout_case() -> Case:
    """The section header slides typed on the Title Only layout: same text, wrong layout."""
    slides = [SlideContent(layout="title_only", title=s.title) if s.layout == "section" else s
              for team in ("Sales", "Finance", "People") for s in [*_opening(team, "section"), *_team(team)]]
    return combine_case("dividers on the Title Only layout", _deck(slides), SECTION, False,
                        "slide 1 ('Sales update') of out.pptx is on a 'titleOnly' layout, expected 'secHead'")


COMBINED.append(_divider_layout_case())

SECTIONS = {"Background": ["Why we are moving", "The new location"], "The plan": ["Moving timeline"],
            "Next steps": ["What changes for you", "Parking and transport"]}
TITLE = SlideContent(layout="title", title="Office Move Update", subtitle="Ann Lee, 7 March 2025")
AGENDA = SlideContent(layout="bullets", title="Agenda", bullets=[Bullet(text=t) for t in SECTIONS])
CLOSE = SlideContent(layout="title_only", title="Questions and discussion")
PARTS = ["part_1.pptx", "part_2.pptx", "part_3.pptx"]


def _section(name: str, divider: bool = True, drop_last: bool = False, last_note: str = NOTE) -> list[SlideContent]:
    topics = SECTIONS[name][:-1] if drop_last else SECTIONS[name]
    head = [SlideContent(layout="section", title=name, bullets=[Bullet(text="Part")])] if divider else []
    return head + [_topic(t, last_note if k == len(SECTIONS[name]) - 1 else NOTE) for k, t in enumerate(topics)]


WHOLE = _deck([TITLE, AGENDA, *(s for name in SECTIONS for s in _section(name)), CLOSE])


def parts(divider: bool = True, title: bool = False, closing: bool = False, *, last: dict[str, Any] | None = None,
          closing_last: bool = True) -> dict[str, bytes]:
    """The three parts as asked; the LAST part changed by `last`; the closing slide on the last part unless told."""
    out = {}
    for k, (path, name) in enumerate(zip(PARTS, SECTIONS, strict=True)):
        ends = closing or (k == 2 and closing_last)
        slides = [*[TITLE] * title, *_section(name, divider, **(last or {}) if k == 2 else {}), *[CLOSE] * ends]
        out[path] = _deck(slides)
    return out


def split_case(label: str, files: dict[str, bytes], options: dict[str, Any], passes: bool, says: str = "",
               given: bytes = WHOLE) -> Case:
    return Case(label, None, {"input_file": "deck.pptx", "first_file": PARTS[0], "second_file": PARTS[1],
                              "third_file": PARTS[2], "keep_divider": True, "title_slide": False, "closing": False,
                              **options}, passes, says, files=files, originals={"deck.pptx": given})


NO_DIVIDER = {"keep_divider": False}
FRAMED = {"title_slide": True, "closing": True}
TWO_SECTIONS = _deck([TITLE, AGENDA, *_section("Background"), *_section("The plan"),
                      *_section("Next steps", divider=False), CLOSE])

SPLIT = [
    split_case("each section with its divider", parts(), {}, True),
    split_case("the last part's last slide lost", parts(last={"drop_last": True}), {}, False,
               "slide 3 of part_3.pptx is titled 'Questions and discussion', expected 'Parking and transport'"),
    split_case("the last slide's notes lost", parts(last={"last_note": ""}), {}, False,
               "the notes of slide 3 ('Parking and transport') of part_3.pptx read ''"),
    split_case("the closing slide left off the last part", parts(closing_last=False), {}, False,
               "part_3.pptx has 3 slides"),
    split_case("the closing slide on every part unasked", parts(closing=True), {}, False, "part_1.pptx has 4 slides"),
    split_case("without the dividers", parts(divider=False), NO_DIVIDER, True),
    split_case("the dividers kept against the ask", parts(), NO_DIVIDER, False,
               "slide 1 of part_1.pptx is titled 'Background', expected 'Why we are moving'"),
    split_case("title and closing slide on every part", parts(title=True, closing=True), FRAMED, True),
    split_case("the title slide missing", parts(closing=True), FRAMED, False,
               "slide 1 of part_1.pptx is titled 'Background', expected 'Office Move Update'"),
    split_case("a deck in two sections", parts(), {}, False, "cannot be split into 3 sections: 2 sections",
               given=TWO_SECTIONS),
]

CASES = {"slides.decks_combined": COMBINED, "slides.split_by_section": SPLIT}
