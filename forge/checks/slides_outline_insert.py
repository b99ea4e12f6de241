"""New slides a colleague drafted in a Markdown outline ('# Title', '- bullet', sub-bullets indented
by two spaces) inserted into an existing deck, next to a named slide, in the outline's order;
the agenda slide brought up to date with the new titles where asked. Every other slide is kept."""

from __future__ import annotations

import re

from pydantic import Field

from forge.checks._slides_scope import insert_at
from forge.checks.document import fold
from forge.checks.slides import DeckEdit, SlideFace, body_levels, deck_diff, face
from forge.checks.source import input_view, output_view
from forge.checks.spec import InputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import SlidesView, TextView

BULLET = re.compile(r"^( *)[-*] +(.+)$")


def outline_slides(text: str) -> list[tuple[str, list[tuple[str, int]]]]:
    """(title, [(bullet, level)]) per '# ' heading of the outline; two spaces of indent per level."""
    slides: list[tuple[str, list[tuple[str, int]]]] = []
    for line in text.splitlines():
        if line.startswith("# "):
            slides.append((fold(line[2:]), []))
        elif (found := BULLET.match(line)) and slides:
            slides[-1][1].append((fold(found.group(2)), len(found.group(1)) // 2))
    return slides


class OutlineInserted(DeckEdit):
    outline: InputPath = Field(description="The Markdown outline of the new slides.")
    anchor_title: str = Field(description="The slide the new ones are placed next to.")
    before: bool = Field(description="True: directly before the anchor slide; False: directly after it.")
    update_agenda: bool = Field(description="True: the agenda lists the new titles next to the anchor's entry, as the "
                                "slides stand (at its end when the anchor is not listed); False: it is unchanged.")
    agenda_title: str = Field(default="Agenda", description="The title of the deck's agenda slide.")


def _agenda(faces: list[SlideFace], opts: OutlineInserted, titles: list[str]) -> list[SlideFace]:
    out = []
    for title, lines in faces:
        if title == fold(opts.agenda_title) and opts.update_agenda:
            items = list(lines)
            anchor = fold(opts.anchor_title)
            at = items.index(anchor) + (0 if opts.before else 1) if anchor in items else len(items)
            lines = (*items[:at], *titles, *items[at:])
        out.append((title, lines))
    return out


@register_check("slides.outline_inserted", OutlineInserted, view="slides")
def outline_inserted(state: FinalState, opts: OutlineInserted) -> Verdict:
    """The deck reads as the original with one slide per outline heading - its title, its bullets
    in order at their outline levels - placed together next to the anchor slide in the outline's
    order; the agenda gains the new titles next to the anchor's entry if asked, else is unchanged."""
    original = input_view(state, opts.input_file, SlidesView)
    output = output_view(state, opts.file, SlidesView)
    new = outline_slides(input_view(state, opts.outline, TextView).text)
    if not new:
        return Verdict.of(False, f"{opts.outline} has no '# ' slide titles")
    at = insert_at(original, opts.anchor_title, opts.before, opts.input_file)
    if isinstance(at, str):
        return Verdict.of(False, at)
    faces = _agenda([face(s) for s in original.slides], opts, [t for t, _ in new])
    added: list[SlideFace] = [(t, tuple(b for b, _ in bullets)) for t, bullets in new]
    if msg := deck_diff([*faces[:at], *added, *faces[at:]], [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    for k, (title, bullets) in enumerate(new):
        slide = output.slides[at + k]
        if body_levels(slide) != [level for _, level in bullets]:
            return Verdict.of(False, f"slide {slide.number} ({title!r}) has bullet levels {body_levels(slide)}, "
                              f"expected {[level for _, level in bullets]} (the outline's indents)")
    return Verdict.of(True, f"{len(new)} slide(s) from {opts.outline} inserted from slide {at + 1}")
