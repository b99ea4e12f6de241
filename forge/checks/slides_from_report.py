"""A deck drafted from a Word report: a title slide with the report's title, an agenda of its
headings when asked, then one slide per top-level heading, titled with it - its bullets the first
sentence of each paragraph (list items whole), or none (a skeleton to fill in); the section's
paragraphs as the slide's speaker notes when asked. The expected deck is read from the report
(`DocumentView`: its Title paragraph, its level-1 headings and the paragraphs under each)."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides import deck_diff, face
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import DocumentView, SlidesView

_SENTENCE = re.compile(r"^(.+?[.!?])(?=\s|$)")
LIST_STYLES = ("List Bullet", "List Number", "List Paragraph")


class DeckFromReport(CheckOptions):
    input_file: InputPath = Field(description="The report (docx).")
    file: OutputPath = Field(description="The new deck.")
    body: Literal["first_sentences", "skeleton"] = Field(description="first_sentences: a bullet per paragraph, its "
                                                         "first sentence (a list item whole); skeleton: no body text.")
    notes: bool = Field(description="Each section's paragraphs are its slide's speaker notes, a line each.")
    agenda: bool = Field(description="An 'Agenda' slide listing the headings follows the title slide.")


def _bullet(text: str, style: str) -> str:
    """A paragraph as a bullet: a list item whole, else its first sentence; a closing full stop aside."""
    text = fold(text)
    match = None if style in LIST_STYLES else _SENTENCE.match(text)
    return (match.group(1) if match else text).rstrip(".")


def report_sections(view: DocumentView) -> tuple[str, list[tuple[str, list[tuple[str, str]]]]]:
    """The report's title and its level-1 sections: (heading, [(paragraph text, style)])."""
    title = next((fold(p.text) for p in view.paragraphs if p.heading_level == 0), "")
    sections: list[tuple[str, list[tuple[str, str]]]] = []
    for p in view.paragraphs:
        if p.heading_level == 1:
            sections.append((fold(p.text), []))
        elif sections and p.heading_level is None and p.text.strip():
            sections[-1][1].append((fold(p.text), p.style))
    return title, sections


@register_check("slides.deck_from_report", DeckFromReport, view="slides")
def deck_from_report(state: FinalState, opts: DeckFromReport) -> Verdict:
    """The deck is exactly: the title slide (the report's title, no other text), the agenda when
    asked, and a slide per level-1 heading in order with the bullets asked for (a closing full stop
    either way) and, when asked, the section's paragraphs as notes (else no notes)."""
    title, sections = report_sections(input_view(state, opts.input_file, DocumentView))
    if not title or len(sections) < 2:
        return Verdict.of(False, f"{opts.input_file} has no title or fewer than two headings to make slides of")
    want = [(title, ())] + ([("Agenda", tuple(h for h, _ in sections))] if opts.agenda else [])
    want += [(h, tuple(_bullet(t, s) for t, s in paras) if opts.body == "first_sentences" else ())
             for h, paras in sections]
    output = output_view(state, opts.file, SlidesView)
    got = [(t, tuple(line.rstrip(".") for line in lines)) for t, lines in (face(s) for s in output.slides)]
    if msg := deck_diff([(t, tuple(lines)) for t, lines in want], got, opts.file):
        return Verdict.of(False, msg)
    first = len(want) - len(sections)
    for slide, (heading, paras) in zip(output.slides[first:], sections, strict=True):
        have = [fold(line) for line in slide.notes.splitlines() if line.strip()]
        expected = [t for t, _ in paras] if opts.notes else []
        if have != expected:
            return Verdict.of(False, f"the notes of slide {slide.number} ({heading!r}) of {opts.file} read "
                              f"{have[:2]}, expected {expected[:2]}")
    return Verdict.of(True, f"{opts.file}: {len(want)} slides from {opts.input_file}")
