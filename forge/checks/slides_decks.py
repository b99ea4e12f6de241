"""Decks put together or taken apart whole: three teams' decks combined into one (each team's
title slide kept, turned into a section header, or dropped behind one new cover slide; the decks
as listed or by team A-Z), and a deck split into one deck per section (each part from its section
header slide, with a copy of the title slide in front or the closing slide behind when asked).
The expected decks are rebuilt from the inputs; every slide is compared by its title, text lines,
speaker notes and layout type (title, secHead, obj, ... - what survives an Impress save)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides import deck_diff, face
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import Shape, Slide, SlidesView

SECTION, TITLE = "secHead", "title"  # the OOXML layout types of Section Header and Title Slide


def _made(title: str, layout_type: str, text: str = "") -> Slide:
    """A slide the task makes (a cover, a divider) as the view would read it."""
    shapes = [Shape(name="Text", kind="placeholder", text=text)] if text else []
    return Slide(number=1, title=title, layout_type=layout_type, shapes=shapes)


def slides_diff(expected: list[Slide], got: SlidesView, source: str) -> str | None:
    """The first difference of `got` from `expected`: title and text lines, then notes, then layout."""
    if msg := deck_diff([face(s) for s in expected], [face(s) for s in got.slides], source):
        return msg
    for want, have in zip(expected, got.slides, strict=True):
        where = f"slide {have.number} ({fold(have.title)!r}) of {source}"
        if fold(want.notes) != fold(have.notes):
            return f"the notes of {where} read {fold(have.notes)[:60]!r}, expected {fold(want.notes)[:60]!r}"
        if want.layout_type and have.layout_type != want.layout_type:
            return f"{where} is on a {have.layout_type or have.layout!r} layout, expected {want.layout_type!r}"
    return None


# --- slides.decks_combined ---------------------------------------------------------------------------

Opener = Literal["keep", "section", "cover"]


class DecksCombined(CheckOptions):
    file: OutputPath = Field(description="The combined deck (the first deck itself when combined in place).")
    first_file: InputPath = Field(description="The decks combined, in the order the task lists them.")
    second_file: InputPath
    third_file: InputPath
    opener: Opener = Field(description="keep: every deck's own title slide stays; section: each deck's title slide "
                           "becomes a Section Header slide titled as it was (no other text); cover: the decks' title "
                           "slides are dropped and one new title slide (`cover_title`, `cover_subtitle`) opens.")
    cover_title: str = ""
    cover_subtitle: str = ""
    alphabetical: bool = Field(description="The decks in A-Z order of their title slides' titles; else as listed.")


@register_check("slides.decks_combined", DecksCombined, view="slides")
def decks_combined(state: FinalState, opts: DecksCombined) -> Verdict:
    """The result holds the three decks' slides deck after deck in the order asked, each slide with
    its title, text, notes and layout; each deck opens with its own title slide, a Section Header
    slide titled as that title slide was, or (cover) nothing, behind one new title slide."""
    paths = [opts.first_file, opts.second_file, opts.third_file]
    decks = {p: input_view(state, p, SlidesView).slides for p in paths}
    if empty := [p for p in paths if len(decks[p]) < 2]:
        return Verdict.of(False, f"{empty[0]} has no slides besides its title slide to combine")
    if opts.alphabetical:
        paths.sort(key=lambda p: fold(decks[p][0].title).casefold())
    expected = [_made(opts.cover_title, TITLE, opts.cover_subtitle)] if opts.opener == "cover" else []
    for p in paths:
        opening = {"keep": [decks[p][0]], "section": [_made(decks[p][0].title, SECTION)], "cover": []}
        expected += [*opening[opts.opener], *decks[p][1:]]
    if msg := slides_diff(expected, output_view(state, opts.file, SlidesView), opts.file):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{len(expected)} slides from {', '.join(paths)} combined in {opts.file}")


# --- slides.split_by_section -------------------------------------------------------------------------


class SplitBySection(CheckOptions):
    input_file: InputPath = Field(description="A deck of title, agenda, three sections and a closing slide.")
    first_file: OutputPath = Field(description="The parts, one per section, in the deck's order.")
    second_file: OutputPath
    third_file: OutputPath
    keep_divider: bool = Field(description="Each part opens (after any title slide) with its Section Header slide; "
                               "else from the section's first slide after it.")
    title_slide: bool = Field(description="Each part opens with a copy of the deck's title slide (slide 1).")
    closing: bool = Field(description="Each part ends with a copy of the closing (last) slide; else only the last "
                          "part does.")


def sections(slides: list[Slide]) -> list[list[Slide]] | str:
    """Each section's slides, from its Section Header slide to the next (the last up to the closing
    slide), or why the deck cannot be split so."""
    starts = [i for i, s in enumerate(slides) if s.layout_type == SECTION]
    if not starts or starts[-1] >= len(slides) - 2:
        return f"{len(starts)} Section Header slide(s), the last with no slides of its own before the closing slide"
    ends = [*starts[1:], len(slides) - 1]
    return [slides[a:b] for a, b in zip(starts, ends, strict=True)]


@register_check("slides.split_by_section", SplitBySection, view="slides")
def split_by_section(state: FinalState, opts: SplitBySection) -> Verdict:
    """Each output holds one section of the deck, in order: the title slide when asked, the section's
    header slide when kept, its slides, and the closing slide (every part, or only the last); every
    slide with its title, text, notes and layout."""
    slides = input_view(state, opts.input_file, SlidesView).slides
    parts = sections(slides)
    outputs = [opts.first_file, opts.second_file, opts.third_file]
    if isinstance(parts, str) or len(parts) != len(outputs):
        why = parts if isinstance(parts, str) else f"{len(parts)} sections"
        return Verdict.of(False, f"{opts.input_file} cannot be split into {len(outputs)} sections: {why}")
    for k, (part, path) in enumerate(zip(parts, outputs, strict=True)):
        ends = opts.closing or k == len(parts) - 1
        expected = [*slides[:1] * opts.title_slide, *part[0 if opts.keep_divider else 1:], *slides[-1:] * ends]
        if msg := slides_diff(expected, output_view(state, path, SlidesView), path):
            return Verdict.of(False, msg)
    return Verdict.of(True, f"{opts.input_file} split into {', '.join(outputs)}")
