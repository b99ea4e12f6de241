"""Slides gathered from several decks into a new one (every project's 'Decisions Needed' slide for
the steering meeting, or every deck's hidden backup slides for an appendix): deck after deck as
listed, each deck's in its order, shown (not hidden), their titles prefixed with their deck's
title when asked, behind a new title slide when asked; text and notes as they were."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides_decks import TITLE, slides_diff
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import Slide, SlidesView


class SlidesCollected(CheckOptions):
    file: OutputPath = Field(description="The new deck.")
    first_file: InputPath = Field(description="The decks collected from, in the order the task lists them.")
    second_file: InputPath
    third_file: InputPath
    which: Literal["titled", "hidden"] = Field(description="titled: the slides titled `title`; hidden: every hidden "
                                               "slide.")
    title: str = ""
    prefix: bool = Field(description="Each slide's title becomes '<its deck's title>: <title>'.")
    cover_title: str = Field(default="", description="The new deck opens with a title slide of this title; '': none.")


def picked(slides: list[Slide], opts: SlidesCollected) -> list[Slide]:
    """The deck's slides the task collects, as the new deck should show them."""
    chosen = [s for s in slides if (s.hidden if opts.which == "hidden" else fold(s.title) == fold(opts.title))]
    return [_titled(s, f"{fold(slides[0].title)}: {fold(s.title)}" if opts.prefix else s.title) for s in chosen]


def _titled(slide: Slide, title: str) -> Slide:
    """The slide shown, retitled `title` (its title shape too, so the title is not read as body text)."""
    shapes = [sh.model_copy(update={"text": title}) if fold(sh.text) == fold(slide.title) else sh
              for sh in slide.shapes]
    return slide.model_copy(update={"title": title, "shapes": shapes, "hidden": False})


@register_check("slides.slides_collected", SlidesCollected, view="slides")
def slides_collected(state: FinalState, opts: SlidesCollected) -> Verdict:
    """The new deck is the cover (when asked) then each deck's chosen slides, deck by deck in the
    listed order, with their text, notes and layout, titled as asked and none hidden; every deck
    must hold some."""
    expected = [Slide(number=1, title=opts.cover_title, layout_type=TITLE)] if opts.cover_title else []
    for path in (opts.first_file, opts.second_file, opts.third_file):
        found = picked(input_view(state, path, SlidesView).slides, opts)
        if not found:
            return Verdict.of(False, f"{path} has no slide to collect ({opts.which} {opts.title!r})")
        expected += found
    output = output_view(state, opts.file, SlidesView)
    if msg := slides_diff(expected, output, opts.file):
        return Verdict.of(False, msg)
    if hidden := [s.number for s in output.slides if s.hidden]:
        return Verdict.of(False, f"slide {hidden[0]} of {opts.file} is still hidden")
    return Verdict.of(True, f"{len(expected)} slides collected in {opts.file}")
