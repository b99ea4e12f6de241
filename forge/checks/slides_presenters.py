"""A shared deck split into one deck per presenter, each to rehearse their own part: the topic
slides whose speaker notes open with 'Presenter: <name>' go to that presenter's deck, in order;
a copy of the title slide in front and of the closing slide behind when asked; the 'Presenter:'
line taken out of the notes or left. Every slide keeps its text, layout and other notes."""

from __future__ import annotations

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides_decks import slides_diff
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import Slide, SlidesView

MARK = "presenter:"


class SplitByPresenter(CheckOptions):
    input_file: InputPath = Field(description="The shared deck.")
    first_file: OutputPath = Field(description="The decks, one per name in `presenters`, in that order.")
    second_file: OutputPath
    third_file: OutputPath
    presenters: list[str] = Field(min_length=3, max_length=3, description="The presenters, as the notes name them.")
    title_slide: bool = Field(description="Each deck opens with a copy of the title slide (slide 1).")
    closing: bool = Field(description="Each deck ends with a copy of the closing (last) slide.")
    strip_marker: bool = Field(description="The 'Presenter: <name>' line is taken out of each slide's notes.")


def presenter(slide: Slide) -> str:
    """The name the slide's notes open with ('Presenter: Ann Lee'), else ''."""
    first = fold(slide.notes.splitlines()[0]) if slide.notes.strip() else ""
    return first[len(MARK):].strip() if first.casefold().startswith(MARK) else ""


def _stripped(slide: Slide) -> Slide:
    return slide.model_copy(update={"notes": "\n".join(slide.notes.splitlines()[1:])})


@register_check("slides.split_by_presenter", SplitByPresenter, view="slides")
def split_by_presenter(state: FinalState, opts: SplitByPresenter) -> Verdict:
    """Each output holds, in deck order, the slides whose notes name its presenter (the marker line
    kept or taken out as asked), between the title and closing slide copies when asked."""
    slides = input_view(state, opts.input_file, SlidesView).slides
    paths = [opts.first_file, opts.second_file, opts.third_file]
    for name, path in zip(opts.presenters, paths, strict=True):
        own = [s for s in slides[1:-1] if presenter(s).casefold() == fold(name).casefold()]
        if not own:
            return Verdict.of(False, f"no slide of {opts.input_file} names the presenter {name!r}")
        own = [_stripped(s) for s in own] if opts.strip_marker else own
        expected = [*slides[:1] * opts.title_slide, *own, *slides[-1:] * opts.closing]
        if msg := slides_diff(expected, output_view(state, path, SlidesView), path):
            return Verdict.of(False, msg)
    return Verdict.of(True, f"{opts.input_file} split into {len(paths)} presenters' decks")
