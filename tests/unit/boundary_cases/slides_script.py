"""Boundary cases of `forge.checks.slides_script` on a real deck: the LAST slide's notes missing, a
heading numbered from the visible slides, '(no notes)' left out or written where only noted slides
were asked, the hidden slide kept, skipped or unmarked against the ask, the other format, an extra
line at the end, blank lines and spaces (free), a deck with no hidden slide."""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

import pptx

from preparers.presentation import Bullet, DeckContent, SlideContent, write_pptx
from tests.unit.boundary_cases import Case

TOPICS = [("Highlights", "Thank Ann for the numbers."), ("Pipeline", ""), ("Backup: churn", "Only if asked."),
          ("Risks", "Pause for questions.")]


def _deck(hidden: bool = True) -> bytes:
    slides = [SlideContent(layout="title", title="Quarterly Review", subtitle="Ann Lee, 4 March 2025")]
    slides += [SlideContent(layout="bullets", title=t, bullets=[Bullet(text=f"{t} in short")], notes=n)
               for t, n in TOPICS]
    deck = pptx.Presentation(io.BytesIO(write_pptx(DeckContent(
        title="Quarterly Review", author="Ann Lee", date=dt.date(2025, 3, 4), file_stem="qr", slides=slides))))
    if hidden:
        deck.slides[3]._element.set("show", "0")
    out = io.BytesIO()
    deck.save(out)
    return out.getvalue()


DECK = _deck()
NOTED_SKIP = ["## 2. Highlights", "Thank Ann for the numbers.", "## 5. Risks", "Pause for questions."]
ALL_MARK = ["## 1. Quarterly Review", "(no notes)", "## 2. Highlights", "Thank Ann for the numbers.", "## 3. Pipeline",
            "(no notes)", "## 4. Backup: churn (hidden)", "Only if asked.", "## 5. Risks", "Pause for questions."]


def script_case(label: str, lines: list[str], options: dict[str, Any], passes: bool, says: str = "",
                deck: bytes = DECK, path: str = "script.md") -> Case:
    return Case(label, None, {"input_file": "deck.pptx", "file": path, "form": "md", "scope": "noted", "hidden": "skip",
                              **options}, passes, says, files={path: "\n".join(lines).encode()},
                originals={"deck.pptx": deck})


EVERY = {"scope": "all", "hidden": "mark"}
TEXT = {"form": "txt"}

SCRIPT = [
    script_case("noted slides, hidden left out", NOTED_SKIP, {}, True),
    script_case("blank lines and spaces", ["", "##  2. Highlights", "", "Thank Ann  for the numbers.", "",
                                           *NOTED_SKIP[2:], ""], {}, True),
    script_case("the last slide's notes missing", NOTED_SKIP[:3], {}, False,
                "script.md has 3 lines (blank lines aside), expected 4; missing: 'Pause for questions.'"),
    script_case("an extra line at the end", [*NOTED_SKIP, "Thanks!"], {}, False, "extra: 'Thanks!'"),
    script_case("numbered from the visible slides", [*NOTED_SKIP[:2], "## 4. Risks", NOTED_SKIP[3]], {}, False,
                "line 3 of script.md (blank lines aside) reads '## 4. Risks', expected '## 5. Risks'"),
    script_case("the hidden slide kept", [*NOTED_SKIP[:2], "## 4. Backup: churn", "Only if asked.", *NOTED_SKIP[2:]],
                {}, False, "line 3 of script.md (blank lines aside) reads '## 4. Backup: churn'"),
    script_case("every slide, hidden marked", ALL_MARK, EVERY, True),
    script_case("'(no notes)' left out", [line for line in ALL_MARK if line != "(no notes)"], EVERY, False,
                "line 2 of script.md (blank lines aside) reads '## 2. Highlights', expected '(no notes)'"),
    script_case("the hidden slide unmarked", [line.replace(" (hidden)", "") for line in ALL_MARK], EVERY, False,
                "reads '## 4. Backup: churn', expected '## 4. Backup: churn (hidden)'"),
    script_case("the hidden slide skipped when marking", [*ALL_MARK[:6], *ALL_MARK[8:]], EVERY, False,
                "line 7 of script.md (blank lines aside) reads '## 5. Risks'"),
    script_case("as a text file", ["Slide 2: Highlights", NOTED_SKIP[1], "Slide 5: Risks", NOTED_SKIP[3]], TEXT,
                True, path="script.txt"),
    script_case("Markdown headings in the text file", NOTED_SKIP, TEXT, False,
                "line 1 of script.txt (blank lines aside) reads '## 2. Highlights', expected 'Slide 2: Highlights'",
                path="script.txt"),
    script_case("a deck with no hidden slide", NOTED_SKIP, {}, False, "needs a hidden slide", deck=_deck(False)),
]

CASES = {"slides.notes_script": SCRIPT}
