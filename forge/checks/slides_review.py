"""A deck reviewed against a house rule before it goes out, the findings listed for its owner: the
slides with more than a number of bullet points, with a bullet longer than a number of words, with
no speaker notes, with no title, with a title longer than a number of words, sharing their title
with another slide, with text smaller than a size, with a picture that has no alternative text
(none, or just a file name), with text in a font other than the house font, with text in a
loose text box (outside the placeholders, so missing from the outline), with a text placeholder
left empty, or with bullets nested deeper than two levels. The list is a text file
('Slide N: Title' a line) or a CSV (Slide, Title), in deck order, each offending slide once, no
other; it is rebuilt from the deck the task gave. Also the slides that mention a term (whole
word, any case) in their title, their slide text, their speaker notes, or either, listed the same way."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, Literal

from pydantic import Field

from forge.checks._compare import is_number
from forge.checks.document import fold
from forge.checks.slides_alt_text import missing
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import Slide, SlidesView, TableView, TextView

Rule = Literal["many_bullets", "long_bullets", "no_notes", "no_title", "long_title", "duplicate_title",
               "small_text", "missing_alt", "off_font", "text_boxes", "empty_placeholder", "deep_bullets"]
Scope = Literal["title", "slide", "notes", "either"]
TITLES = {"title", "center_title"}
BODY = {"body", "object"}
FILLED = BODY | {"subtitle"}  # the text placeholders a slide shows 'Click to add text' in while empty
LINE = re.compile(r"^\s*slide\s+(\d+)\s*(?:[:\-\u2013]\s*(.*?))?\s*$", re.IGNORECASE)


def words(text: str) -> int:
    """Words as a reader counts them: whitespace-separated tokens carrying a letter or a digit."""
    return sum(1 for token in text.split() if any(ch.isalnum() for ch in token))


def bullets(slide: Slide) -> list[str]:
    """The slide's bullet points: the non-empty paragraphs of its content placeholders, any level."""
    return [line for s in slide.shapes if s.placeholder in BODY for line in s.text.split("\n") if line.strip()]


def title_key(slide: Slide) -> str:
    return fold(slide.title).casefold()


def offends(slide: Slide, rule: Rule, limit: int, font: str, repeated: set[str]) -> bool:
    """Whether `slide` breaks `rule` (`limit`: bullets, words or points; `font`: the house font)."""
    texts = [s for s in slide.shapes if s.text.strip()]
    if rule == "many_bullets":
        return len(bullets(slide)) > limit
    if rule == "long_bullets":
        return any(words(b) > limit for b in bullets(slide))
    if rule == "no_notes":
        return not slide.notes.strip()
    if rule == "no_title":
        return not slide.title.strip()
    if rule == "long_title":
        return words(slide.title) > limit
    if rule == "duplicate_title":
        return bool(slide.title.strip()) and title_key(slide) in repeated
    if rule == "small_text":
        return any(r.size_pt is not None and r.size_pt < limit for s in texts for r in s.runs if r.text.strip())
    if rule == "missing_alt":
        return any(s.kind == "picture" and missing(s.alt_text) for s in slide.shapes)
    if rule == "off_font":
        return any(r.font is not None and r.font.casefold() != font.casefold() for s in texts for r in s.runs
                   if r.text.strip())
    if rule == "empty_placeholder":
        return any(s.placeholder in FILLED and not s.text.strip() for s in slide.shapes)
    if rule == "deep_bullets":
        return any(level >= 2 and line.strip() for s in slide.shapes if s.placeholder in BODY
                   for line, level in zip(s.text.split("\n"), s.levels, strict=False))
    return any(s.kind == "text box" for s in texts)  # text_boxes


def mentions(slide: Slide, term: str, scope: Scope) -> bool:
    """Whether `term` occurs as a whole word (any case) in the slide's title, its text (the title, text
    boxes and tables), its notes, or either of the last two."""
    pattern = re.compile(rf"(?<!\w){re.escape(term)}(?!\w)", re.IGNORECASE)
    seen = " ".join(s.text for s in slide.shapes)
    seen += " " + " ".join(str(c) for s in slide.shapes if s.table is not None for row in s.table.rows
                           for c in row if c is not None)
    return {"title": bool(pattern.search(slide.title)), "slide": bool(pattern.search(seen)),
            "notes": bool(pattern.search(slide.notes)),
            "either": bool(pattern.search(seen) or pattern.search(slide.notes))}[scope]


def _listed(state: FinalState, path: str) -> list[tuple[Any, str]] | str:
    """(slide number, title) per entry of the findings file, or what is wrong with it."""
    if path.lower().endswith(".csv"):
        rows = [r for r in output_view(state, path, TableView).get().rows if any(str(c or "").strip() for c in r)]
        if not rows or [fold(str(c or "")).casefold() for c in rows[0]] != ["slide", "title"]:
            return f"{path} does not open with the header Slide, Title"
        for n, row in enumerate(rows[1:], start=2):
            if len(row) != 2:
                return f"row {n} of {path} has {len(row)} cells, expected 2"
        return [(r[0], fold(str(r[1] or ""))) for r in rows[1:]]
    entries: list[tuple[Any, str]] = []
    for line in output_view(state, path, TextView).lines:
        if not line.strip():
            continue
        found = LINE.match(line)
        if found is None:
            return f"{path} has the line {line.strip()!r}, not 'Slide N: Title'"
        entries.append((int(found.group(1)), fold(found.group(2) or "")))
    return entries


def _compare(state: FinalState, path: str, slides: list[Slide], want: list[Slide], what: str) -> Verdict:
    got = _listed(state, path)
    if isinstance(got, str):
        return Verdict.of(False, got)
    if not want:
        return Verdict.of(False, f"the deck has no slide {what} to list")
    for k, (slide, (number, title)) in enumerate(zip(want, got, strict=False), start=1):
        if not ((is_number(number) and number == slide.number) or fold(str(number)) == str(slide.number)):
            return Verdict.of(False, f"entry {k} of {path} is slide {number!r}, expected slide {slide.number}")
        if title.casefold() != fold(slide.title).casefold():
            return Verdict.of(False, f"entry {k} of {path} gives slide {slide.number}'s title as {title!r}, "
                              f"expected {fold(slide.title)!r}")
    if len(got) != len(want):
        return Verdict.of(False, f"{path} lists {len(got)} slides, expected {len(want)} of the "
                          f"{len(slides)} ({what})")
    return Verdict.of(True, f"{path} lists the {len(want)} slides {what}")


class ReviewFindings(CheckOptions):
    input_file: InputPath = Field(description="The deck reviewed.")
    file: OutputPath = Field(description="The findings: a text file ('Slide N: Title' a line) or a CSV (Slide, "
                             "Title).")
    rule: Rule = Field(description="The house rule the listed slides break.")
    limit: int | None = Field(default=None, ge=0, description="The rule's number: bullets (many_bullets), words "
                       "(long_bullets, long_title) or points (small_text); unused by the other rules.")
    font: str | None = Field(default=None, description="The house font (off_font); unused by the other rules.")


@register_check("slides.review_findings", ReviewFindings, view="table")
def review_findings(state: FinalState, opts: ReviewFindings) -> Verdict:
    """The file lists exactly the slides of the deck that break the rule, in deck order, each by its
    number and title (a title compared with spaces folded, any case)."""
    slides = input_view(state, opts.input_file, SlidesView).slides
    counts = Counter(title_key(s) for s in slides if s.title.strip())
    repeated = {k for k, n in counts.items() if n > 1}
    want = [s for s in slides if offends(s, opts.rule, opts.limit or 0, opts.font or "", repeated)]
    return _compare(state, opts.file, slides, want, f"breaking the rule {opts.rule}")


class MentionsListed(CheckOptions):
    input_file: InputPath = Field(description="The deck searched.")
    file: OutputPath = Field(description="The slides found: a text file ('Slide N: Title' a line) or a CSV "
                             "(Slide, Title).")
    term: str = Field(description="The word or name searched for (whole word, any case).")
    scope: Scope = Field(description="Where: the slide's title only, its own text (title, text, tables), its "
                         "speaker notes, or either of the last two.")


@register_check("slides.mentions_listed", MentionsListed, view="table")
def mentions_listed(state: FinalState, opts: MentionsListed) -> Verdict:
    """The file lists exactly the slides that mention the term where asked, in deck order, each by
    its number and title."""
    slides = input_view(state, opts.input_file, SlidesView).slides
    want = [s for s in slides if mentions(s, opts.term, opts.scope)]
    return _compare(state, opts.file, slides, want, f"mentioning {opts.term!r} ({opts.scope})")
