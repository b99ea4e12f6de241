"""Key words picked out in a deck's bullets, the way presenters make figures and names jump out:
every mention of a named term (any case, whole words), every percentage (the number and its %
sign), or the label that opens a bullet ('Owner:', colon included) set bold, italic or
underlined - and nothing else. Compared character by character through the runs (spaces aside)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Literal

from pydantic import Field

from forge.checks._slides_scope import in_scope, paired_slides
from forge.checks.document import fold
from forge.checks.slides import DeckEdit, face
from forge.checks.slides_tidy import BULLETS
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import Shape

Target = Literal["term", "percent", "label"]
Style = Literal["bold", "italic", "underline"]
LABEL = re.compile(r"^\s*(?:[^\s:]+ ){0,2}[^\s:]+:")  # one to three words and a colon, opening the bullet
PERCENT = re.compile(r"\d+(?:[.,]\d+)?\s?%")


def _term(term: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w){re.escape(term)}(?!\w)", re.IGNORECASE)


SPANS: dict[str, Callable[[str, str], list[tuple[int, int]]]] = {  # (paragraph, term) -> the spans to emphasize
    "term": lambda text, term: [m.span() for m in _term(term).finditer(text)],
    "percent": lambda text, term: [m.span() for m in PERCENT.finditer(text)],
    "label": lambda text, term: [m.span() for m in LABEL.finditer(text)],
}


def styled_chars(shape: Shape, style: str) -> list[tuple[str, bool]] | None:
    """Each character of the shape's paragraphs (newlines apart) with whether it carries `style`;
    None when the runs do not spell the shape's text."""
    flags = [(ch, bool(getattr(run, style))) for run in shape.runs for ch in run.text]
    text = shape.text.replace("\v", "")
    if "".join(ch for ch, _ in flags) != text.replace("\n", ""):
        return None
    out: list[tuple[str, bool]] = []
    at = 0
    for paragraph in text.split("\n"):
        out.extend(flags[at:at + len(paragraph)])
        out.append(("\n", False))
        at += len(paragraph)
    return out[:-1]


def wanted(text: str, target: str, term: str) -> set[int]:
    """Indexes (in the newline-joined text) of the non-space characters the target covers."""
    hits: set[int] = set()
    at = 0
    for paragraph in text.split("\n"):
        for start, end in SPANS[target](paragraph, term):
            hits.update(at + i for i in range(start, end) if not paragraph[i].isspace())
        at += len(paragraph) + 1
    return hits


class TermsEmphasized(DeckEdit):
    target: Target = Field(description="term: every mention of `term` (any case, whole words); percent: every "
                           "percentage with its % sign; label: the one to three words and colon opening a bullet.")
    term: str | None = Field(default=None, min_length=2, description="The term named (target term).")
    style: Style
    slide_title: str | None = Field(default=None, description="Only this slide's bullets; None: every slide's.")


@register_check("slides.terms_emphasized", TermsEmphasized, view="slides")
def terms_emphasized(state: FinalState, opts: TermsEmphasized) -> Verdict:
    """In the bullets of the slides in scope every character the target covers carries the style
    and every other character keeps the style it had; titles, other text and the slides outside
    the scope keep theirs; every slide reads as it did."""
    if opts.target == "term" and not opts.term:
        return Verdict.of(False, "target 'term' needs the term the instruction names")
    pairs = paired_slides(state, opts, opts.slide_title)
    if isinstance(pairs, str):
        return Verdict.of(False, pairs)
    count = 0
    for was, now in pairs:
        where = f"slide {now.number} ({fold(now.title)[:30]!r})"
        texts = [s for s in was.shapes if s.text.strip()], [s for s in now.shapes if s.text.strip()]
        if face(was) != face(now) or [s.text for s in texts[0]] != [s.text for s in texts[1]]:
            return Verdict.of(False, f"{where} reads {[fold(s.text)[:60] for s in texts[1]]}, expected "
                              f"{[fold(s.text)[:60] for s in texts[0]]} (only the formatting was to change)")
        for k, (old, new) in enumerate(zip(*texts, strict=True), start=1):
            before, after = styled_chars(old, opts.style), styled_chars(new, opts.style)
            if before is None or after is None:
                return Verdict.of(False, f"{where}, text shape {k}: its runs do not spell its text")
            hits = wanted(old.text.replace("\v", ""), opts.target, opts.term or "") \
                if old.placeholder in BULLETS and in_scope(was, opts.slide_title) else set()
            count += len(hits)
            for i, ((ch, had), (_, has)) in enumerate(zip(before, after, strict=True)):
                want = True if i in hits else had
                if has != want and not ch.isspace():
                    line = old.text.replace("\v", "")[:i].count("\n") + 1
                    word = re.findall(r"\S+", old.text.replace("\v", "")[i:])[0]
                    return Verdict.of(False, f"{where}, text shape {k} line {line}: {word[:30]!r} is "
                                      f"{'' if has else 'not '}{opts.style}, expected {'' if want else 'not '}"
                                      f"{opts.style}")
    if not count:
        return Verdict.of(False, f"{opts.input_file} has nothing to emphasize ({opts.target}) in scope")
    return Verdict.of(True, f"{count} character(s) of {opts.target} text made {opts.style}; nothing else changed")
