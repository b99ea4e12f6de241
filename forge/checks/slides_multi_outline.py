"""A deck built from a talk's markdown outline (text -> presentation): the `#` line and the plain lines
under it are the title slide, each slide heading a slide with its `-` items as body lines, `>` lines
its speaker notes; with parts, a `##` part heading is a title-only divider and its `###` headings are
the slides. The expected deck is read from the outline as the task gave it (through its text view),
then compared slide by slide: titles, body lines, notes, nothing more or less.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides import body_levels, deck_diff, face
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import SlidesView, TextView

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*$")
_ITEM = re.compile(r"^\s*[-*+]\s+(.*)$")


@dataclass
class Planned:
    """One slide the outline asks for."""

    title: str
    body: list[str] = field(default_factory=list)
    levels: list[int] = field(default_factory=list)  # each body line's bullet level (0: top)
    notes: list[str] = field(default_factory=list)
    indents: list[int] = field(default_factory=list)  # the open items' indentation widths, outermost first

    def add_item(self, text: str, indent: int) -> None:
        """An item one level below the nearest less indented one above it (markdown nests by indentation)."""
        while self.indents and indent < self.indents[-1]:
            self.indents.pop()
        if not self.indents or indent > self.indents[-1]:
            self.indents.append(indent)
        self.body.append(text)
        self.levels.append(len(self.indents) - 1)


class DeckFromOutline(CheckOptions):
    file: OutputPath = Field(description="The deck built.")
    input_file: InputPath = Field(description="The markdown outline.")
    title_slide: bool = Field(description="The `#` line opens the deck as a title slide, the plain lines under it "
                                          "as its subtitle; False: the deck starts with the first slide heading.")
    notes: bool = Field(description="`>` lines become the speaker notes of their slide; False: they stay out of "
                                    "the deck (no slide has notes).")
    parts: bool = Field(default=False, description="`##` headings are parts (a title-only divider slide each) and "
                                                   "`###` headings the slides; False: `##` headings are the slides.")


def planned(text: str, opts: DeckFromOutline) -> list[Planned]:
    """The slides the outline asks for, in order."""
    slides: list[Planned] = []
    current: Planned | None = None
    opening: Planned | None = None
    slide_level = 3 if opts.parts else 2
    in_code = False
    for raw in text.splitlines():
        if raw.strip().startswith("```"):
            in_code = not in_code
            continue
        if in_code or not raw.strip():
            continue
        if heading := _HEADING.match(raw):
            level, title = len(heading[1]), fold(heading[2])
            if level == 1:
                current = opening = Planned(title) if opts.title_slide else None
            elif level == slide_level or (opts.parts and level == 2):
                current = Planned(title)
            else:
                raise CheckError(f"{opts.input_file} has a level-{level} heading {title!r} the task gives no place")
            if current is not None:
                slides.append(current)
            continue
        if current is None:
            continue
        if raw.lstrip().startswith(">"):
            current.notes.append(fold(raw.lstrip()[1:]))
        elif item := _ITEM.match(raw):
            current.add_item(fold(item[1]), len(raw.expandtabs(4)) - len(raw.expandtabs(4).lstrip()))
        elif current is opening:
            current.body.append(fold(raw))  # the title slide's subtitle lines
            current.levels.append(0)
    if not slides:
        raise CheckError(f"{opts.input_file} has no slide headings")
    return slides


@register_check("slides.deck_from_outline", DeckFromOutline, view="slides")
def deck_from_outline(state: FinalState, opts: DeckFromOutline) -> Verdict:
    """The deck has exactly the outline's slides in order: (with `title_slide`) the `#` title over its
    subtitle lines, then per slide heading its title over its `-` items (sub-items one bullet level down),
    with `parts` a title-only divider per part; with `notes`, each slide's `>` lines as its speaker
    notes, else no notes anywhere; the `>` lines never on a slide."""
    plan = planned(input_view(state, opts.input_file, TextView).text, opts)
    deck = output_view(state, opts.file, SlidesView)
    expected = [(p.title, tuple(p.body)) for p in plan]
    if msg := deck_diff(expected, [face(s) for s in deck.slides], opts.file):
        return Verdict.of(False, msg)
    for slide, want in zip(deck.slides, plan, strict=True):
        if (levels := body_levels(slide)) != want.levels:
            return Verdict.of(False, f"the bullet levels of slide {slide.number} ({fold(slide.title)!r}) of {opts.file} "
                              f"are {levels}, expected {want.levels} (0: a top bullet, 1: a sub-bullet)")
        notes = " ".join(want.notes) if opts.notes else ""
        if fold(slide.notes) != notes:
            return Verdict.of(False, f"the notes of slide {slide.number} ({fold(slide.title)!r}) of {opts.file} read "
                              f"{fold(slide.notes)[:80]!r}, expected {notes[:80]!r}"
                              + ("" if opts.notes else " (the outline's > lines stay out of the deck)"))
    return Verdict.of(True, f"{len(plan)} slides from the outline{', with their notes' if opts.notes else ''}")
