"""Deck structure checks: a slide duplicated (the copy retitled, its text kept or emptied, placed
after its original or at the end) and a deck split in two at a slide (each part a deck of its
own, the title slide opening both where asked). Slides are compared by what the audience sees
(`forge.checks.slides.face`), layouts and notes where the task is about them.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides import DeckEdit, SlideFace, _find, deck_diff, face
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import Slide, SlidesView

# --- slides.slide_duplicated ----------------------------------------------------------------------


class SlideDuplicated(DeckEdit):
    title: str = Field(description="The slide copied.")
    new_title: str = Field(description="The copy's title.")
    keep_body: bool = Field(description="The copy keeps the text and notes; else only its title, no notes.")
    place: Literal["after", "end"] = Field(description="after: directly after the original; end: the last slide.")


@register_check("slides.slide_duplicated", SlideDuplicated, view="slides")
def slide_duplicated(state: FinalState, opts: SlideDuplicated) -> Verdict:
    """The deck has one more slide: a copy of the named slide on the same layout, titled as asked,
    with the original's text and speaker notes (or, when emptied, no text but the title and no
    notes), directly after the original or at the end; every other slide, notes included, is as it
    was."""
    original, output = input_view(state, opts.input_file, SlidesView), output_view(state, opts.file, SlidesView)
    at = _find(original, opts.title, opts.input_file)
    if isinstance(at, str):
        return Verdict.of(False, at)
    source = original.slides[at]
    copy: SlideFace = (fold(opts.new_title), face(source)[1] if opts.keep_body else ())
    where = at + 1 if opts.place == "after" else len(original.slides)
    faces = [face(s) for s in original.slides]
    if msg := deck_diff([*faces[:where], copy, *faces[where:]], [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    made = output.slides[where]
    if made.layout != source.layout:
        return Verdict.of(False, f"the copy (slide {where + 1}) uses the layout {made.layout!r}; the original's is "
                          f"{source.layout!r}")
    notes = [fold(s.notes) for s in original.slides]
    want = [*notes[:where], notes[at] if opts.keep_body else "", *notes[where:]]
    for n, (w, s) in enumerate(zip(want, output.slides, strict=True), start=1):
        if fold(s.notes) != w:
            return Verdict.of(False, f"the notes of slide {n} ({fold(s.title)!r}) read {fold(s.notes)[:60]!r}, "
                              f"expected {w[:60]!r}")
    return Verdict.of(True, f"{opts.title!r} copied as {opts.new_title!r} (slide {where + 1})")


# --- slides.deck_split ------------------------------------------------------------------------------


class DeckSplit(CheckOptions):
    file: OutputPath = Field(description="The first part.")
    second_file: OutputPath = Field(description="The second part.")
    input_file: InputPath
    at_title: str | None = Field(default=None, description="The slide the second part starts with, by title.")
    at_number: int | None = Field(default=None, ge=2, description="... or by its number in the original deck.")
    title_slide: bool = Field(description="The second part opens with a copy of the deck's title slide.")


def _part_diff(expected: list[Slide], got: SlidesView, source: str) -> str | None:
    if msg := deck_diff([face(s) for s in expected], [face(s) for s in got.slides], source):
        return msg
    for want, have in zip(expected, got.slides, strict=True):
        if fold(want.notes) != fold(have.notes):
            return f"the notes of slide {have.number} of {source} ({fold(have.title)!r}) changed"
    return None


@register_check("slides.deck_split", DeckSplit, view="slides")
def deck_split(state: FinalState, opts: DeckSplit) -> Verdict:
    """The first deck holds the original's slides before the named (or numbered) slide, the second
    deck that slide and every one after it (opened by a copy of the title slide, when asked), each
    slide with its text and notes as they were, in order."""
    original = input_view(state, opts.input_file, SlidesView)
    if opts.at_number is not None:
        at: int | str = opts.at_number - 1
        if opts.at_number > len(original.slides):
            return Verdict.of(False, f"{opts.input_file} has only {len(original.slides)} slides")
    else:
        at = _find(original, opts.at_title or "", opts.input_file)
    if isinstance(at, str):
        return Verdict.of(False, at)
    if at == 0:
        return Verdict.of(False, f"the split point is the first slide of {opts.input_file}; nothing to split off")
    first, second = original.slides[:at], original.slides[at:]
    if opts.title_slide:
        second = [original.slides[0], *second]
    for part, path in ((first, opts.file), (second, opts.second_file)):
        if msg := _part_diff(part, output_view(state, path, SlidesView), path):
            return Verdict.of(False, msg)
    return Verdict.of(True, f"{len(first)} slides in {opts.file}, {len(second)} in {opts.second_file}")


# --- slides.reordered_by_rule -----------------------------------------------------------------------

Rule = Literal["title_az", "title_za", "reverse", "notes_last"]


class ReorderedByRule(DeckEdit):
    rule: Rule = Field(description="title_az / title_za: by title; reverse: the opposite order; notes_last: the "
                       "slides without speaker notes after the others, each group in its order.")
    update_agenda: bool = Field(description="The agenda slide (the second) then lists the topic titles in the new "
                                "order, one line each.")


def reorder(topics: list[Slide], rule: str) -> list[Slide]:
    """The topic slides (between the agenda and the closing slide) in the order the rule gives."""
    if rule == "reverse":
        return topics[::-1]
    if rule == "notes_last":
        return [s for s in topics if s.notes.strip()] + [s for s in topics if not s.notes.strip()]
    return sorted(topics, key=lambda s: fold(s.title).casefold(), reverse=rule == "title_za")


@register_check("slides.reordered_by_rule", ReorderedByRule, view="slides")
def reordered_by_rule(state: FinalState, opts: ReorderedByRule) -> Verdict:
    """The topic slides - every slide but the first two (title, agenda) and the last (closing) -
    come in the rule's order; the first two and the last stay put; every slide keeps its text and
    notes, except that the agenda lists the topic titles in the new order when asked."""
    original, output = input_view(state, opts.input_file, SlidesView), output_view(state, opts.file, SlidesView)
    slides = original.slides
    if len(slides) < 5:
        return Verdict.of(False, f"{opts.input_file} has too few slides to have topic slides to reorder")
    topics = reorder(slides[2:-1], opts.rule)
    if topics == slides[2:-1]:
        return Verdict.of(False, f"the topic slides of {opts.input_file} are already in that order")
    expected = [slides[0], slides[1], *topics, slides[-1]]
    faces = [face(s) for s in expected]
    if opts.update_agenda:
        faces[1] = (faces[1][0], tuple(fold(s.title) for s in topics))
    if msg := deck_diff(faces, [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    for want, have in zip(expected, output.slides, strict=True):
        if fold(want.notes) != fold(have.notes):
            return Verdict.of(False, f"slide {have.number} ({fold(have.title)!r}) of {opts.file} does not carry its "
                              "own speaker notes")
    return Verdict.of(True, f"{len(topics)} topic slides in {opts.rule.replace('_', ' ')} order"
                      + ("; agenda updated" if opts.update_agenda else ""))
