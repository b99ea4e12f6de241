"""A Word handout made from a deck, for people who read rather than watch: the deck's title as the
document's title, then per slide after the title slide, in order, its title as a level-1 heading
and under it the slide's text lines as paragraphs (its speaker notes after them when asked);
hidden slides left out or kept, as asked; each slide after the first on a new page, or the
slides running on with no page break at all."""

from __future__ import annotations

from pydantic import Field

from forge.checks.document import blocks, fold
from forge.checks.slides import body_lines
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import DocumentView, SlidesView

Entry = tuple[int | None, str]  # (heading level: 0 the title, 1 a slide, None body text; the text)


class HandoutWritten(CheckOptions):
    file: OutputPath = Field(description="The handout (docx).")
    input_file: InputPath = Field(description="The deck.")
    notes: bool = Field(description="Each slide's speaker notes follow its text lines.")
    hidden: bool = Field(description="Hidden slides are kept; False: left out.")
    page_per_slide: bool = Field(description="Each slide's heading after the first starts a new page; False: "
                                 "no page breaks at all.")


def expected_handout(deck: SlidesView, opts: HandoutWritten) -> list[Entry]:
    out: list[Entry] = [(0, fold(deck.slides[0].title))]
    for slide in deck.slides[1:]:
        if slide.hidden and not opts.hidden:
            continue
        out.append((1, fold(slide.title)))
        out += [(None, line) for line in body_lines(slide)]
        out += [(None, fold(p)) for p in slide.notes.splitlines() if p.strip()] if opts.notes else []
    return out


def _level(level: int | None) -> int | None:
    return None if level is None or level > 1 else level


@register_check("slides.handout_written", HandoutWritten, view="document")
def handout_written(state: FinalState, opts: HandoutWritten) -> Verdict:
    """The document's text paragraphs are exactly the expected handout, in order: the title (Title
    style), one level-1 heading per slide kept, the slide's lines and (when asked) its notes as body
    paragraphs; page breaks before every slide heading but the first, or none anywhere."""
    deck = input_view(state, opts.input_file, SlidesView)
    paragraphs = blocks(output_view(state, opts.file, DocumentView))
    want = expected_handout(deck, opts)
    got: list[Entry] = [(_level(p.heading_level), fold(p.text)) for p in paragraphs]
    names = {0: "the title", 1: "a heading 1", None: "body text"}
    for n, (w, h) in enumerate(zip(want, got, strict=False), start=1):
        if w[1] != h[1]:
            return Verdict.of(False, f"paragraph {n} of {opts.file} reads {h[1][:70]!r}, expected {w[1][:70]!r}")
        if w[0] != h[0]:
            return Verdict.of(False, f"paragraph {n} of {opts.file} ({h[1][:40]!r}) is {names[h[0]]}, expected "
                              f"{names[w[0]]}")
    if len(got) != len(want):
        extra = got[len(want)][1][:70] if len(got) > len(want) else None
        return Verdict.of(False, f"{opts.file} has {len(got)} paragraphs with text, expected {len(want)}"
                          + (f"; the first extra one reads {extra!r}" if extra else
                             f"; missing from {want[len(got)][1][:70]!r} on"))
    headings = [i for i, (level, _) in enumerate(want) if level == 1]
    for i, p in enumerate(paragraphs):
        if opts.page_per_slide and i == headings[0]:
            continue  # the first slide may share the title's page
        must = opts.page_per_slide and i in headings[1:]
        if p.page_break_before != must:
            return Verdict.of(False, f"paragraph {i + 1} of {opts.file} ({fold(p.text)[:40]!r}) "
                              + ("does not start a new page" if must else "starts a new page; no page breaks "
                                 "were asked for" if not opts.page_per_slide else "starts a new page, but only the "
                                 "slide headings may"))
    return Verdict.of(True, f"{opts.file} hands out {len(headings)} slides of {opts.input_file}")
