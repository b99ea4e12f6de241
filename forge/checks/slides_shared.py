"""A shared slide (the company's 'About us', a legal notice) brought up to date in several decks
from the master copy someone maintains: in each deck the slide with that title reads as the
master's (title, text, layout), with the master's speaker notes or the deck's own; a deck that
lacks it gets the master slide before its closing slide, when asked. Every other slide stays."""

from __future__ import annotations

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides_decks import slides_diff
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import Slide, SlidesView

SLOTS = ("first", "second", "third")


class SharedSlideSynced(CheckOptions):
    master_file: InputPath = Field(description="The deck holding the current version of the slide.")
    first_input: InputPath = Field(description="The decks to update (each with its result below).")
    second_input: InputPath
    third_input: InputPath
    first_file: OutputPath
    second_file: OutputPath
    third_file: OutputPath
    title: str = Field(description="The shared slide's title, the same in the master and the decks.")
    keep_notes: bool = Field(description="Each deck keeps its own speaker notes on the slide; else the master's.")
    add_missing: bool = Field(description="A deck without the slide gets it (with the master's notes) just before "
                              "its last (closing) slide; else such a deck stays as it was.")


def synced(slides: list[Slide], master: Slide, opts: SharedSlideSynced) -> list[Slide] | str:
    """The deck as it should read, or why it cannot be updated."""
    found = [i for i, s in enumerate(slides) if fold(s.title) == fold(opts.title)]
    if len(found) > 1:
        return f"{len(found)} slides are titled {opts.title!r}"
    if not found:
        return [*slides[:-1], master, slides[-1]] if opts.add_missing else list(slides)
    old = slides[found[0]]
    new = master.model_copy(update={"notes": old.notes}) if opts.keep_notes else master
    return [*slides[: found[0]], new, *slides[found[0] + 1:]]


@register_check("slides.shared_slide_synced", SharedSlideSynced, view="slides")
def shared_slide_synced(state: FinalState, opts: SharedSlideSynced) -> Verdict:
    """Each deck reads as before with its slide titled `title` replaced by the master's (text,
    layout, and the master's notes or its own), or the master slide added before the closing
    slide where it lacked one (when asked); some deck had an out-of-date copy to replace."""
    masters = [s for s in input_view(state, opts.master_file, SlidesView).slides if fold(s.title) == fold(opts.title)]
    if len(masters) != 1:
        return Verdict.of(False, f"{opts.master_file} has {len(masters)} slides titled {opts.title!r}, not one")
    changed = 0
    for slot in SLOTS:
        source, path = getattr(opts, f"{slot}_input"), getattr(opts, f"{slot}_file")
        slides = input_view(state, source, SlidesView).slides
        expected = synced(slides, masters[0], opts)
        if isinstance(expected, str):
            return Verdict.of(False, f"{source}: {expected}")
        if msg := slides_diff(expected, output_view(state, path, SlidesView), path):
            return Verdict.of(False, msg)
        changed += slides_diff(slides, output_view(state, path, SlidesView), path) is not None
    if not changed:
        return Verdict.of(False, f"every deck's {opts.title!r} slide already matches {opts.master_file}")
    return Verdict.of(True, f"{opts.title!r} brought up to date in {changed} deck(s)")
