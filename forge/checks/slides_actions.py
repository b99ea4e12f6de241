"""Action items gathered onto one slide, as meeting decks end (or open) with: every bullet that
opens with the marker the team uses ('Action:') listed, in deck order, without the marker, on a
new slide with the title asked for, placed before or after a named slide; each item followed by
'(its slide's title)' where asked; the bullets left on their slides or moved off them."""

from __future__ import annotations

from pydantic import Field

from forge.checks._slides_scope import insert_at
from forge.checks.document import fold
from forge.checks.slides import DeckEdit, SlideFace, body_lines, deck_diff, face
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import SlidesView


class ActionsCollected(DeckEdit):
    marker: str = Field(min_length=1, description="What an action bullet opens with, e.g. 'Action:'.")
    title: str = Field(min_length=1, description="The new slide's title.")
    move: bool = Field(description="True: the action bullets leave their slides; False: they stay there too.")
    with_source: bool = Field(description="True: each item ends with ' (<its slide's title>)'.")
    anchor_title: str = Field(description="The slide the new one is placed next to.")
    before: bool = Field(description="True: directly before the anchor slide; False: directly after it.")


def collected(view: SlidesView, opts: ActionsCollected) -> tuple[list[SlideFace], list[str]]:
    """(each slide's face with its action bullets dropped when they move, the items in deck order)."""
    marker = fold(opts.marker)
    faces: list[SlideFace] = []
    items: list[str] = []
    for slide in view.slides:
        kept: list[str] = []
        for line in body_lines(slide):
            if line.startswith(marker):
                item = line[len(marker):].strip()
                items.append(f"{item} ({fold(slide.title)})" if opts.with_source else item)
            if not (opts.move and line.startswith(marker)):
                kept.append(line)
        faces.append((fold(slide.title), tuple(kept)))
    return faces, items


@register_check("slides.actions_collected", ActionsCollected, view="slides")
def actions_collected(state: FinalState, opts: ActionsCollected) -> Verdict:
    """The deck reads as the original with one new slide next to the anchor: the title asked for and
    one line per marked bullet, in deck order, the marker gone (and the source title added where
    asked); the marked bullets are gone from their slides when they move, kept otherwise."""
    original = input_view(state, opts.input_file, SlidesView)
    output = output_view(state, opts.file, SlidesView)
    faces, items = collected(original, opts)
    if not items:
        return Verdict.of(False, f"{opts.input_file} has no bullet opening with {opts.marker!r}")
    at = insert_at(original, opts.anchor_title, opts.before, opts.input_file)
    if isinstance(at, str):
        return Verdict.of(False, at)
    expected = [*faces[:at], (fold(opts.title), tuple(items)), *faces[at:]]
    if msg := deck_diff(expected, [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{len(items)} action item(s) on slide {at + 1} {opts.title!r}")
