"""A deck put in the running order an organiser sent as a text file (one slide per line, by title or
by its current number): the title and agenda slides stay in front and the closing slide last; the
listed topic slides follow the list; the topic slides not on it are deleted, moved after the
listed ones, or moved there and hidden. Every slide keeps its text and notes."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides import DeckEdit
from forge.checks.slides_decks import slides_diff
from forge.checks.source import input_view, output_view
from forge.checks.spec import InputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import Slide, SlidesView, TextView


class RunningOrder(DeckEdit):
    list_file: InputPath = Field(description="The running order: a slide per line.")
    by: Literal["titles", "numbers"] = Field(description="titles: each line is a slide's title; numbers: its number "
                                             "in the deck as given.")
    unlisted: Literal["delete", "end", "hide"] = Field(description="The topic slides not listed: deleted; moved after "
                                                       "the listed ones in their order; or moved there and hidden.")


def listed(slides: list[Slide], lines: list[str], by: str) -> list[int] | str:
    """The 0-based topic slides (not the first two or the last) the lines name, in list order."""
    topics = range(2, len(slides) - 1)
    out: list[int] = []
    for line in lines:
        if by == "numbers":
            found = [int(line) - 1] if line.isdigit() and int(line) - 1 in topics else []
        else:
            found = [i for i in topics if fold(slides[i].title).casefold() == line.casefold()]
        if len(found) != 1 or found[0] in out:
            return f"the line {line!r} does not name one topic slide (once)"
        out.append(found[0])
    return out


@register_check("slides.running_order", RunningOrder, view="slides")
def running_order(state: FinalState, opts: RunningOrder) -> Verdict:
    """The deck reads: title and agenda slides, the listed topic slides in list order, the unlisted
    ones (unless deleted) in their order - hidden when asked -, the closing slide; each with its
    text, notes and layout; no other slide hidden."""
    slides = input_view(state, opts.input_file, SlidesView).slides
    lines = [fold(line) for line in input_view(state, opts.list_file, TextView).lines if line.strip()]
    order = listed(slides, lines, opts.by)
    if isinstance(order, str):
        return Verdict.of(False, f"{opts.list_file}: {order}")
    rest = [i for i in range(2, len(slides) - 1) if i not in order]
    if not rest or order == sorted(order):
        return Verdict.of(False, f"{opts.list_file} leaves no topic slide out or keeps the deck's order")
    tail = [] if opts.unlisted == "delete" else rest
    expected = [slides[i] for i in [0, 1, *order, *tail, len(slides) - 1]]
    output = output_view(state, opts.file, SlidesView)
    if msg := slides_diff(expected, output, opts.file):
        return Verdict.of(False, msg)
    hide = {fold(slides[i].title) for i in rest} if opts.unlisted == "hide" else set()
    for slide in output.slides:
        if slide.hidden != (fold(slide.title) in hide):
            state_of = ("shown", "hidden")
            return Verdict.of(False, f"slide {slide.number} ({fold(slide.title)!r}) of {opts.file} is "
                              f"{state_of[slide.hidden]}, expected {state_of[not slide.hidden]}")
    return Verdict.of(True, f"{len(order)} slides in the running order, {len(rest)} {opts.unlisted}")
