"""Empty slide titles filled in, the repair a deck needs before its outline, agenda or navigation
work: from the first bullet (an outline import put the title there), from a loose text box someone
typed the title into (the box then goes), or from the agenda, whose items follow the slides in
order. Titles land in the title placeholder; every other slide is unchanged."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides import DeckEdit, SlideFace, body_lines, deck_diff, face
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import Slide, SlidesView

Source = Literal["first_line", "text_box", "agenda"]


def _from_first_line(slide: Slide, agenda: list[str], k: int) -> SlideFace | None:
    lines = body_lines(slide)
    return (lines[0], tuple(lines[1:])) if lines else None


def _from_text_box(slide: Slide, agenda: list[str], k: int) -> SlideFace | None:
    box = next((s for s in slide.shapes if s.kind == "text box" and s.text.strip()), None)
    if box is None:
        return None
    rest = slide.model_copy(update={"shapes": [s for s in slide.shapes if s is not box]})
    return fold(box.text), tuple(body_lines(rest))


def _from_agenda(slide: Slide, agenda: list[str], k: int) -> SlideFace | None:
    return (agenda[k], tuple(body_lines(slide))) if 0 <= k < len(agenda) else None


FILLS: dict[str, Callable[[Slide, list[str], int], SlideFace | None]] = {
    "first_line": _from_first_line, "text_box": _from_text_box, "agenda": _from_agenda}


class TitlesFilled(DeckEdit):
    source: Source = Field(description="first_line: the first body line becomes the title; text_box: the loose "
                           "text box's text does, the box removed; agenda: the agenda item of the slide's place "
                           "(the first slide after the agenda takes the first item).")
    agenda_title: str | None = Field(default=None, description="The agenda slide's title (source agenda).")


@register_check("slides.titles_filled", TitlesFilled, view="slides")
def titles_filled(state: FinalState, opts: TitlesFilled) -> Verdict:
    """Each slide with an empty title reads with the title its source gives (and without that text
    in its body, for the first line and the text box); every other slide reads as it did, in its
    place; some slide had to lack a title."""
    original = input_view(state, opts.input_file, SlidesView)
    output = output_view(state, opts.file, SlidesView)
    if opts.source == "agenda" and opts.agenda_title is None:
        return Verdict.of(False, "source 'agenda' needs the agenda slide's title")
    at = next((i for i, s in enumerate(original.slides) if fold(s.title) == fold(opts.agenda_title or "")), None)
    agenda = body_lines(original.slides[at]) if at is not None else []
    expected: list[SlideFace] = []
    filled: list[int] = []
    for i, slide in enumerate(original.slides):
        if fold(slide.title):
            expected.append(face(slide))
            continue
        fixed = FILLS[opts.source](slide, agenda, i - (at if at is not None else len(original.slides)) - 1)
        if fixed is None:
            return Verdict.of(False, f"slide {i + 1} of {opts.input_file} has no title and nothing to take one "
                              f"from ({opts.source.replace('_', ' ')})")
        expected.append(fixed)
        filled.append(i)
    if not filled:
        return Verdict.of(False, f"every slide of {opts.input_file} already has a title")
    if msg := deck_diff(expected, [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    for i in filled:  # a box repeating the title hides from body_lines: it must be gone
        if any(s.kind == "text box" and fold(s.text) == expected[i][0] for s in output.slides[i].shapes):
            return Verdict.of(False, f"slide {i + 1} ({expected[i][0]!r}) still has a text box with its title")
    return Verdict.of(True, f"{len(filled)} slide title(s) filled from the {opts.source.replace('_', ' ')}")
