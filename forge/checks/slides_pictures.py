"""Pictures deleted from a deck: every one (a text-only version to print or mail), those on one
named slide, or the placeholder pictures a designer left (their alternative text says so). A
picture is told apart by its slide and its alternative text; the slides' text stays."""

from __future__ import annotations

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides import DeckEdit, deck_diff, face
from forge.checks.slides_alt_text import pictures
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import SlidesView


class PicturesRemoved(DeckEdit):
    slide_title: str | None = Field(default=None, description="Only this slide's pictures; None: every slide's.")
    alt_contains: str | None = Field(default=None, description="Only pictures whose alternative text contains "
                                     "this (any case); None: every picture in scope.")


@register_check("slides.pictures_removed", PicturesRemoved, view="slides")
def pictures_removed(state: FinalState, opts: PicturesRemoved) -> Verdict:
    """The pictures in scope are gone and every other picture is still on its slide (told by its
    alternative text, in order); every slide's title and text read as they did."""
    original = input_view(state, opts.input_file, SlidesView)
    output = output_view(state, opts.file, SlidesView)
    if msg := deck_diff([face(s) for s in original.slides], [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    needle = fold(opts.alt_contains or "").casefold()
    removed = 0
    for was, now in zip(original.slides, output.slides, strict=True):
        in_scope = opts.slide_title is None or fold(was.title) == fold(opts.slide_title)
        want = [alt for alt in pictures(was) if not (in_scope and needle in alt.casefold())]
        removed += len(pictures(was)) - len(want)
        if pictures(now) != want:
            return Verdict.of(False, f"slide {now.number} ({fold(now.title)!r}) has the pictures {pictures(now)} "
                              f"(by alternative text), expected {want}")
    if not removed:
        return Verdict.of(False, f"no picture of {opts.input_file} is in scope; nothing to delete")
    return Verdict.of(True, f"{removed} picture(s) deleted")
