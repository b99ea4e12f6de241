"""Boundary cases of `forge.checks.slides_glossary` on real decks: the LAST mention left, a title
left, a longer word holding an old name renamed (Atlassian), a lower-case common noun renamed,
the notes renamed when they were to stay (and left when they were to change), a list without
its columns, a deck that mentions none of the names."""

from __future__ import annotations

import datetime as dt
from typing import Any

from preparers.presentation import Bullet, DeckContent, SlideContent, write_pptx
from tests.unit.boundary_cases import Case

OLD = {"Highlights": (["Atlas pilot with Acme starts in May", "Tickets now tracked in Atlassian tools"],
                      "Mention that Atlas ships in May."),
       "Pipeline": (["Customer Care team trained", "Site atlas updated"], ""),
       "Risks: Atlas": (["Atlas rollout on track for June"], "Thank Ann.")}
GLOSSARY = b"old,new\nAtlas,Orion\nCustomer Care,Customer Success\n"


def _renamed(text: str, skip: str = "") -> str:
    for old, new in (("Atlas ", "Orion "), ("Atlas", "Orion") if text.endswith("Atlas") else ("", ""),
                     ("Customer Care", "Customer Success")):
        text = text.replace(old, new) if old and old.strip() != skip else text
    return text


def _deck(slides: dict[str, tuple[list[str], str]]) -> bytes:
    content = [SlideContent(layout="title", title="Quarterly Business Review", subtitle="Ann Lee, 4 March"),
               SlideContent(layout="bullets", title="Agenda", bullets=[Bullet(text="Highlights"),
                                                                       Bullet(text="Pipeline")])]
    content += [SlideContent(layout="bullets", title=t, bullets=[Bullet(text=b) for b in bs], notes=n)
                for t, (bs, n) in slides.items()]
    content.append(SlideContent(layout="title_only", title="Questions and discussion"))
    return write_pptx(DeckContent(title="Quarterly Business Review", author="Ann Lee", date=dt.date(2025, 3, 4),
                                  file_stem="qbr", slides=content))


def _new(notes: bool = False, edit: dict[str, tuple[list[str], str]] | None = None) -> bytes:
    slides = {_renamed(t): ([_renamed(b) for b in bs], _renamed(n) if notes else n) for t, (bs, n) in OLD.items()}
    return _deck({**slides, **(edit or {})})


def glossary_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
                  given: bytes | None = None, glossary: bytes = GLOSSARY) -> Case:
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", "glossary": "names.csv",
                              "with_notes": False, **options}, passes, says, files={"out.pptx": output},
                originals={"in.pptx": given or _deck(OLD), "names.csv": glossary})


NOTES = {"with_notes": True}
RISKS = "Risks: Orion"

GLOSSARY_APPLIED = [
    glossary_case("renamed on the slides, notes kept", _new(), {}, True),
    glossary_case("the last mention left", _new(edit={RISKS: (["Atlas rollout on track for June"], "Thank Ann.")}),
                  {}, False, "slide 5 ('Risks: Orion') of out.pptx reads ['Atlas rollout"),
    glossary_case("a title left", _deck({**{_renamed(t): ([_renamed(b) for b in bs], n) for t, (bs, n) in
                                            OLD.items() if t != "Risks: Atlas"},
                                         "Risks: Atlas": (["Orion rollout on track for June"], "Thank Ann.")}),
                  {}, False, "slide 5 of out.pptx is titled 'Risks: Atlas', expected 'Risks: Orion'"),
    glossary_case("a longer word renamed", _new(edit={"Highlights": (["Orion pilot with Acme starts in May",
                                                                      "Tickets now tracked in Orionsian tools"],
                                                                     "Mention that Atlas ships in May.")}), {},
                  False, "slide 3 ('Highlights') of out.pptx reads"),
    glossary_case("a common noun renamed", _new(edit={"Pipeline": (["Customer Success team trained",
                                                                    "Site Orion updated"], "")}), {}, False,
                  "slide 4 ('Pipeline') of out.pptx reads"),
    glossary_case("notes renamed unasked", _new(notes=True), {}, False,
                  "the notes of slide 3 ('Highlights') read 'Mention that Orion"),
    glossary_case("notes renamed too", _new(notes=True), NOTES, True),
    glossary_case("notes left", _new(), NOTES, False, "expected 'Mention that Orion ships in May.'"),
    glossary_case("a list without its columns", _new(), {}, False, "no 'old' and 'new' columns",
                  glossary=b"from,to\nAtlas,Orion\n"),
    glossary_case("no name mentioned", _new(), {}, False, "mentions none of the names", given=_new()),
]

CASES = {"slides.glossary_applied": GLOSSARY_APPLIED}
