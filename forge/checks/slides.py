"""The slides check library: relational checks over `SlidesView` (pptx today).

A slide is compared by what an audience sees: its title and the lines of its other text
shapes (whitespace folded), plus its speaker notes where the task is about notes. Each check
rebuilds the expected deck from the original and the instruction's options, so a slide added,
lost or reordered by mistake fails as surely as the asked-for change missing.
"""

from __future__ import annotations

from pydantic import Field

from forge.checks.document import blocks, fold
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import DocumentView, Paragraph, Slide, SlidesView

SlideFace = tuple[str, tuple[str, ...]]


def body_lines(slide: Slide) -> list[str]:
    """Non-empty lines of the slide's text shapes other than its title, in shape order."""
    lines: list[str] = []
    for shape in slide.shapes:
        if shape.kind == "table" or fold(shape.text) == fold(slide.title):
            continue
        lines.extend(fold(line) for line in shape.text.splitlines() if line.strip())
    return lines


def body_levels(slide: Slide) -> list[int]:
    """The bullet level of each non-empty paragraph of the shapes `body_lines` reads, in the same order."""
    levels: list[int] = []
    for shape in slide.shapes:
        if shape.kind == "table" or fold(shape.text) == fold(slide.title):
            continue
        levels.extend(level for para, level in zip(shape.text.split("\n"), shape.levels, strict=False) if para.strip())
    return levels


def face(slide: Slide) -> SlideFace:
    return fold(slide.title), tuple(body_lines(slide))


def deck_diff(expected: list[SlideFace], got: list[SlideFace], source: str,
              numbers: list[int] | None = None) -> str | None:
    """First slide whose title or body differs, or a count mismatch. `numbers` are the slides of
    `source` that `got` holds, where it leaves some out (the new ones), so a message names the slide
    as the deck numbers it."""
    numbers = numbers or list(range(1, len(got) + 1))
    for n, want, have in zip(numbers, expected, got, strict=False):
        if want[0] != have[0]:
            return f"slide {n} of {source} is titled {have[0]!r}, expected {want[0]!r}"
        if want[1] != have[1]:
            return f"slide {n} ({have[0]!r}) of {source} reads {list(have[1])}, expected {list(want[1])}"
    if len(got) != len(expected):
        titles = [t for t, _ in got]
        return f"{source} has {len(got)} slides {titles}, expected {len(expected)} {[t for t, _ in expected]}"
    return None


class DeckEdit(CheckOptions):
    """The result and the original deck; for an in-place edit both name the same path."""

    file: OutputPath
    input_file: InputPath


def _decks(state: FinalState, opts: DeckEdit) -> tuple[SlidesView, SlidesView]:
    return input_view(state, opts.input_file, SlidesView), output_view(state, opts.file, SlidesView)


def _find(view: SlidesView, title: str, source: str) -> int | str:
    """0-based index of the slide titled `title`, or a message saying it is not there (or twice)."""
    found = [i for i, s in enumerate(view.slides) if fold(s.title) == fold(title)]
    if len(found) == 1:
        return found[0]
    return f"{source} has {len(found)} slides titled {title!r}; expected exactly one"


# --- slides.slide_inserted -----------------------------------------------------------------------


class SlideInserted(DeckEdit):
    title: str
    bullets: list[str] = Field(min_length=1, description="The new slide's body lines, in order.")
    after_title: str = Field(description="Title of the slide the new one follows.")


@register_check("slides.slide_inserted", SlideInserted, view="slides")
def slide_inserted(state: FinalState, opts: SlideInserted) -> Verdict:
    """A slide with the title and bullet lines asked for sits directly after the named slide; every
    other slide is unchanged and in its place."""
    original, output = _decks(state, opts)
    at = _find(original, opts.after_title, opts.input_file)
    if isinstance(at, str):
        return Verdict.of(False, at)
    before = [face(s) for s in original.slides]
    new: SlideFace = (fold(opts.title), tuple(fold(b) for b in opts.bullets))
    expected = before[: at + 1] + [new] + before[at + 1:]
    if msg := deck_diff(expected, [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"slide {opts.title!r} inserted as slide {at + 2}")


# --- slides.slide_removed --------------------------------------------------------------------------


class SlideRemoved(DeckEdit):
    title: str


@register_check("slides.slide_removed", SlideRemoved, view="slides")
def slide_removed(state: FinalState, opts: SlideRemoved) -> Verdict:
    """The named slide is gone; every other slide is unchanged and in its original order."""
    original, output = _decks(state, opts)
    at = _find(original, opts.title, opts.input_file)
    if isinstance(at, str):
        return Verdict.of(False, at)
    expected = [face(s) for i, s in enumerate(original.slides) if i != at]
    if msg := deck_diff(expected, [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"slide {opts.title!r} removed; {len(expected)} slides remain in order")


# --- slides.slide_moved -----------------------------------------------------------------------------


class SlideMoved(DeckEdit):
    title: str
    after_title: str = Field(description="Title of the slide the moved one must follow.")


@register_check("slides.slide_moved", SlideMoved, view="slides")
def slide_moved(state: FinalState, opts: SlideMoved) -> Verdict:
    """The named slide now comes directly after the other named slide; every slide is kept unchanged
    and the others keep their relative order."""
    original, output = _decks(state, opts)
    at, after = _find(original, opts.title, opts.input_file), _find(original, opts.after_title, opts.input_file)
    if isinstance(at, str) or isinstance(after, str):
        return Verdict.of(False, at if isinstance(at, str) else str(after))
    faces = [face(s) for s in original.slides]
    moved = faces[at]
    rest = faces[:at] + faces[at + 1:]
    anchor = rest.index(faces[after])
    expected = rest[: anchor + 1] + [moved] + rest[anchor + 1:]
    if expected == faces:
        return Verdict.of(False, f"{opts.title!r} already follows {opts.after_title!r} in {opts.input_file}")
    if msg := deck_diff(expected, [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{opts.title!r} moved after {opts.after_title!r}")


# --- slides.notes_set -------------------------------------------------------------------------------


class NotesSet(DeckEdit):
    slide_title: str
    notes: str = Field(min_length=1)


@register_check("slides.notes_set", NotesSet, view="slides")
def notes_set(state: FinalState, opts: NotesSet) -> Verdict:
    """The named slide's speaker notes read exactly the text asked for; every other slide's notes,
    and every slide's visible text, are unchanged."""
    original, output = _decks(state, opts)
    at = _find(original, opts.slide_title, opts.input_file)
    if isinstance(at, str):
        return Verdict.of(False, at)
    if msg := deck_diff([face(s) for s in original.slides], [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    for i, (was, now) in enumerate(zip(original.slides, output.slides, strict=True)):
        want = fold(opts.notes) if i == at else fold(was.notes)
        if fold(now.notes) != want:
            return Verdict.of(False, f"the notes of slide {i + 1} ({now.title!r}) read {fold(now.notes)[:80]!r}, "
                              f"expected {want[:80]!r}")
    return Verdict.of(True, f"notes set on slide {at + 1}; the rest unchanged")


# --- slides.outline_of ---------------------------------------------------------------------------------


class OutlineOf(CheckOptions):
    file: OutputPath
    input_file: InputPath
    level: int = Field(default=1, ge=1, le=9, description="Heading level that becomes one slide each.")
    title_slide: str = Field(description="Title of the opening slide.")
    first_sentence: bool = Field(default=True, description="Each section slide's one bullet is the section's "
                                 "first sentence.")


@register_check("slides.outline_of", OutlineOf, view="slides")
def outline_of(state: FinalState, opts: OutlineOf) -> Verdict:
    """The deck opens with the title slide asked for, then has one slide per heading of the
    document's `level`, titled with it, in the document's order, each with some body text;
    nothing else."""
    document = input_view(state, opts.input_file, DocumentView)
    deck = output_view(state, opts.file, SlidesView)
    paragraphs = blocks(document)
    headings = [fold(p.text) for p in paragraphs if p.heading_level == opts.level]
    if not headings:
        return Verdict.of(False, f"{opts.input_file} has no level-{opts.level} headings")
    titles = [fold(s.title) for s in deck.slides]
    expected = [fold(opts.title_slide), *headings]
    if titles != expected:
        return Verdict.of(False, f"{opts.file} has slide titles {titles}, expected {expected}")
    empty = [s.number for s in deck.slides[1:] if not body_lines(s)]
    if empty:
        return Verdict.of(False, f"slide {empty[0]} of {opts.file} has a title but no body text")
    if opts.first_sentence:
        for slide, sentence in zip(deck.slides[1:], _first_sentences(paragraphs, opts.level), strict=True):
            if [line.rstrip(".") for line in body_lines(slide)] != [sentence.rstrip(".")]:
                return Verdict.of(False, f"slide {slide.number} reads {body_lines(slide)}, expected the section's "
                                  f"first sentence {sentence!r}")
    return Verdict.of(True, f"{len(headings)} heading slides after the title slide, in order")


def _first_sentences(paragraphs: list[Paragraph], level: int) -> list[str]:
    """Per heading of `level`, the first sentence of the first body paragraph under it ('' if none)."""
    found: list[str] = []
    for i, p in enumerate(paragraphs):
        if p.heading_level == level:
            body = next((q for q in paragraphs[i + 1:] if q.heading_level is None or q.heading_level <= level), None)
            text = fold(body.text) if body is not None and body.heading_level is None else ""
            found.append(text.split(". ")[0].rstrip(".") + "." if text else "")
    return found
