"""Document edits over whole sections or the whole text: headings numbered, a section's
paragraphs made into a bulleted or numbered list, every occurrence of a term formatted. Like
`forge.checks.document`, the expected paragraphs are rebuilt from the original and the
instruction's options; everything the task did not ask to change must read as it did.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks.document import DocumentEdit, tables_same, blocks, fold, paragraphs_diff
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import DocumentView, Paragraph

LIST_STYLES = {"bullet": ("List Bullet",), "number": ("List Number",)}


def _views(state: FinalState, opts: DocumentEdit) -> tuple[DocumentView, DocumentView]:
    return input_view(state, opts.input_file, DocumentView), output_view(state, opts.file, DocumentView)


# --- document.headings_numbered -----------------------------------------------------------------


class HeadingsNumbered(DocumentEdit):
    level: int = Field(default=1, ge=1, le=9, description="The heading level numbered.")
    form: Literal["dot", "section"] = Field(description="dot: '1. Scope'; section: 'Section 1: Scope'.")


@register_check("document.headings_numbered", HeadingsNumbered, view="document")
def headings_numbered(state: FinalState, opts: HeadingsNumbered) -> Verdict:
    """Every heading of the level reads its number (1, 2, ... in document order) in the form asked
    for, then its old text, at the same level; every other paragraph and table is unchanged."""
    original, output = _views(state, opts)
    expected, n = [], 0
    for p in blocks(original):
        if p.heading_level == opts.level:
            n += 1
            number = f"{n}. " if opts.form == "dot" else f"Section {n}: "
            p = p.model_copy(update={"text": number + fold(p.text)})
        expected.append(p.model_copy(update={"style": ""}) if p.heading_level is None else p)
    if n == 0:
        return Verdict.of(False, f"{opts.input_file} has no level-{opts.level} headings to number")
    if msg := paragraphs_diff(expected, blocks(output), opts.file):
        return Verdict.of(False, msg)
    if msg := tables_same(original, output, opts.file):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{n} level-{opts.level} headings numbered ({opts.form})")


# --- document.list_made -------------------------------------------------------------------------


class ListMade(DocumentEdit):
    heading: str = Field(description="The section whose body becomes the list.")
    kind: Literal["bullet", "number"]
    split_on: str | None = Field(default=None, description="The body is one paragraph of items separated by this.")


def _section(paragraphs: list[Paragraph], heading: str) -> tuple[int, int] | None:
    """(first, end) indexes of the body under `heading`, up to the next heading."""
    starts = [i for i, p in enumerate(paragraphs) if p.heading_level is not None and fold(p.text) == fold(heading)]
    if not starts:
        return None
    end = next((j for j in range(starts[0] + 1, len(paragraphs)) if paragraphs[j].heading_level is not None),
               len(paragraphs))
    return starts[0] + 1, end


@register_check("document.list_made", ListMade, view="document")
def list_made(state: FinalState, opts: ListMade) -> Verdict:
    """The section's body is a bulleted (or numbered) list, one item per paragraph (or per item of
    the one paragraph, split where asked), in order, each in a list style of that kind; every other
    paragraph and table is unchanged."""
    original, output = _views(state, opts)
    before = blocks(original)
    span = _section(before, opts.heading)
    if span is None:
        return Verdict.of(False, f"{opts.input_file} has no heading {opts.heading!r}")
    body = before[span[0]:span[1]]
    texts = [fold(p.text) for p in body]
    if opts.split_on:
        texts = [fold(t) for text in texts for t in text.split(opts.split_on) if t.strip()]
    items = [Paragraph(text=t) for t in texts]
    expected = [*loose_paragraphs(before[:span[0]]), *items, *loose_paragraphs(before[span[1]:])]
    after = blocks(output)
    if msg := paragraphs_diff(expected, after, opts.file):
        return Verdict.of(False, msg)
    styles = LIST_STYLES[opts.kind]
    for n, p in enumerate(after[span[0]:span[0] + len(items)], start=span[0] + 1):
        if not p.style.startswith(styles):
            return Verdict.of(False, f"paragraph {n} ({fold(p.text)[:40]!r}) has style {p.style!r}; a "
                              f"{'bulleted' if opts.kind == 'bullet' else 'numbered'} list item uses {styles[0]!r}")
    if msg := tables_same(original, output, opts.file):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{len(items)} {opts.kind} items under {opts.heading!r}")


def loose_paragraphs(paragraphs: list[Paragraph]) -> list[Paragraph]:
    """Headings keep their level; body paragraphs are compared by text only."""
    return [p if p.heading_level is not None else p.model_copy(update={"style": ""}) for p in paragraphs]


# --- document.term_formatted --------------------------------------------------------------------


class TermFormatted(DocumentEdit):
    term: str
    format: Literal["bold", "italic", "underline"]


def _chars(p: Paragraph, attr: str) -> list[bool]:
    """Per character of the paragraph's runs: whether it carries the format (inherited counts as no)."""
    return [bool(getattr(run, attr)) for run in p.runs for _ in run.text]


@register_check("document.term_formatted", TermFormatted, view="document")
def term_formatted(state: FinalState, opts: TermFormatted) -> Verdict:
    """Every occurrence of the term (whole word, any case) in the body paragraphs (not headings) is
    in the format asked for, and no other text changed that format; every paragraph's text and style are unchanged."""
    original, output = _views(state, opts)
    before, after = blocks(original), blocks(output)
    if msg := paragraphs_diff(before, after, opts.file):
        return Verdict.of(False, msg)
    pattern = re.compile(rf"(?<!\w){re.escape(opts.term)}(?!\w)", re.IGNORECASE)
    found = 0
    for n, (was, now) in enumerate(zip(before, after, strict=True), start=1):
        text = "".join(r.text for r in now.runs)
        if "".join(r.text for r in was.runs) != text:
            return Verdict.of(False, f"paragraph {n}'s text changed: {text[:60]!r}")
        want = _chars(was, opts.format)
        for match in pattern.finditer(text) if was.heading_level is None else ():
            found += 1
            want[match.start():match.end()] = [True] * (match.end() - match.start())
        have = _chars(now, opts.format)
        if have != want:
            i = next(k for k, (a, b) in enumerate(zip(want, have, strict=True)) if a != b)
            what = "is not" if want[i] else "should not be"
            return Verdict.of(False, f"paragraph {n}: {text[max(0, i - 10):i + 20]!r} {what} {opts.format} at "
                              f"{text[i:i + 12]!r}")
    if found == 0:
        return Verdict.of(False, f"{opts.input_file} never mentions {opts.term!r}")
    return Verdict.of(True, f"{found} occurrences of {opts.term!r} are {opts.format}; nothing else changed")


# --- document.sections_rearranged ---------------------------------------------------------------


class SectionsRearranged(DocumentEdit):
    heading: str = Field(description="The level-1 section the edit is about.")
    op: Literal["remove", "move_before", "move_to_end", "demote"]
    before_heading: str | None = Field(default=None, description="The section it must now precede (move_before).")


def _sections(paragraphs: list[Paragraph]) -> tuple[list[Paragraph], list[list[Paragraph]]]:
    """The paragraphs before the first level-1 heading, and each level-1 section (heading first)."""
    starts = [i for i, p in enumerate(paragraphs) if p.heading_level == 1]
    ends = [*starts[1:], len(paragraphs)]
    return paragraphs[: starts[0] if starts else len(paragraphs)], [paragraphs[a:b] for a, b in zip(starts, ends, strict=True)]


@register_check("document.sections_rearranged", SectionsRearranged, view="document")
def sections_rearranged(state: FinalState, opts: SectionsRearranged) -> Verdict:
    """The named section (its heading and everything up to the next level-1 heading) is removed,
    moved before another section or to the end, or demoted to a level-2 heading of the section
    above; every paragraph's text and level are otherwise as they were."""
    original, output = _views(state, opts)
    head, sections = _sections(loose_paragraphs(blocks(original)))
    names = [fold(s[0].text).casefold() for s in sections]
    if fold(opts.heading).casefold() not in names:
        return Verdict.of(False, f"{opts.input_file} has no section {opts.heading!r}; its sections are {names}")
    at = names.index(fold(opts.heading).casefold())
    moved, rest = sections[at], sections[:at] + sections[at + 1:]
    if opts.op == "remove":
        order = rest
    elif opts.op == "move_to_end":
        order = [*rest, moved]
    elif opts.op == "demote":
        order = [*sections[:at], [moved[0].model_copy(update={"heading_level": 2, "style": ""}), *moved[1:]],
                 *sections[at + 1:]]
    else:
        target = [fold(s[0].text).casefold() for s in rest].index(fold(opts.before_heading or "").casefold())
        order = [*rest[:target], moved, *rest[target:]]
    expected = [*head, *(p for section in order for p in section)]
    if expected == [*head, *(p for section in sections for p in section)]:
        return Verdict.of(False, f"the edit asked for changes nothing in {opts.input_file}")
    if msg := paragraphs_diff(expected, blocks(output), opts.file):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"section {opts.heading!r}: {opts.op.replace('_', ' ')} done; the rest unchanged")


# --- document.replaced_by_rule ------------------------------------------------------------------


def replace_rule(text: str, old: str, new: str, whole_word: bool, match_case: bool) -> tuple[str, int]:
    """`text` with `old` replaced by `new` as Find & Replace does with those two options, and the count."""
    pattern = rf"(?<!\w){re.escape(old)}(?!\w)" if whole_word else re.escape(old)
    return re.subn(pattern, lambda _: new, text, flags=0 if match_case else re.IGNORECASE)


class ReplacedByRule(DocumentEdit):
    old: str
    new: str
    whole_word: bool = Field(description="Only where `old` is a whole word, not part of a longer one.")
    match_case: bool = Field(description="Only where the case matches exactly.")


@register_check("document.replaced_by_rule", ReplacedByRule, view="document")
def replaced_by_rule(state: FinalState, opts: ReplacedByRule) -> Verdict:
    """Every paragraph (headings included) reads as Find & Replace All with the two options gives
    (whole words only or any match; matching case or not); levels, other paragraphs and tables
    unchanged."""
    original, output = _views(state, opts)
    expected, total = [], 0
    for p in blocks(original):
        text, count = replace_rule(fold(p.text), opts.old, opts.new, opts.whole_word, opts.match_case)
        total += count
        expected.append(p.model_copy(update={"text": text}))  # styles too: a replacement changes only words
    if total == 0:
        return Verdict.of(False, f"{opts.input_file} has no {opts.old!r} to replace under these options")
    if msg := paragraphs_diff(expected, blocks(output), opts.file):
        return Verdict.of(False, msg)
    if msg := tables_same(original, output, opts.file):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{total} replacements of {opts.old!r} by {opts.new!r}")


# --- document.paragraphs_formatted --------------------------------------------------------------

ALIGNMENTS = {"center": "center", "right": "right", "justify": "justify"}
RUN_CHANGES = ("size", "font", "bold", "italic")


class ParagraphsFormatted(DocumentEdit):
    target: Literal["title", "headings", "body", "section"] = Field(
        description="title: the Title paragraph; headings: every heading; body: every other paragraph; "
                    "section: the body paragraphs under `heading`.")
    heading: str | None = Field(default=None, description="The section whose body is the target (section).")
    change: Literal["center", "right", "justify", "size", "font", "bold", "italic"]
    size_pt: float | None = Field(default=None, description="The font size asked for (size).")
    font: str | None = Field(default=None, description="The font name asked for (font).")


def _targets(paragraphs: list[Paragraph], opts: ParagraphsFormatted) -> set[int] | str:
    """Indexes of the paragraphs the instruction names, or why there are none."""
    if opts.target == "section":
        span = _section(paragraphs, opts.heading or "")
        if span is None:
            return f"{opts.input_file} has no heading {opts.heading!r}"
        chosen = set(range(*span))
    else:
        want = {"title": lambda lv: lv == 0, "headings": lambda lv: lv is not None and lv >= 1,
                "body": lambda lv: lv is None}[opts.target]
        chosen = {i for i, p in enumerate(paragraphs) if want(p.heading_level)}
    return chosen or f"{opts.input_file} has no {opts.target} paragraphs to format"


def _align(p: Paragraph) -> str:
    """left, start and unset read the same on the page."""
    return "left" if p.alignment in (None, "left", "start") else p.alignment


def _run_values(p: Paragraph, change: str) -> list[object]:
    """Per non-blank character: the run's value of the property (bold/italic unset reads as not)."""
    attr = {"size": "size_pt", "font": "font"}.get(change, change)
    return [bool(getattr(r, attr)) if change in ("bold", "italic") else getattr(r, attr)
            for r in p.runs for ch in r.text if not ch.isspace()]


@register_check("document.paragraphs_formatted", ParagraphsFormatted, view="document")
def paragraphs_formatted(state: FinalState, opts: ParagraphsFormatted) -> Verdict:
    """The target paragraphs carry the alignment (or, on every character, the size, font, bold or
    italic) asked for as direct formatting; every paragraph keeps its text and style, and no other
    paragraph's alignment or character format changed; tables unchanged."""
    original, output = _views(state, opts)
    before, after = blocks(original), blocks(output)
    if msg := paragraphs_diff(before, after, opts.file):
        return Verdict.of(False, msg)
    chosen = _targets(before, opts)
    if isinstance(chosen, str):
        return Verdict.of(False, chosen)
    want: object = {"size": opts.size_pt, "font": opts.font}.get(opts.change, True)
    for n, (was, now) in enumerate(zip(before, after, strict=True), start=1):
        where = f"paragraph {n} of {opts.file} ({fold(now.text)[:40]!r})"
        if opts.change in ALIGNMENTS:
            expected = ALIGNMENTS[opts.change] if n - 1 in chosen else _align(was)
            if _align(now) != expected:
                return Verdict.of(False, f"{where} is aligned {_align(now)}, expected {expected}")
            continue
        have = _run_values(now, opts.change)
        if n - 1 in chosen:
            wrong = next((v for v in have if v != want), None) if have else None
            if not have or any(v != want for v in have):
                return Verdict.of(False, f"{where} has {opts.change} {wrong!r} on some text, expected {want!r} "
                                  "on all of it (direct formatting)")
        elif have != _run_values(was, opts.change):
            return Verdict.of(False, f"{where} was not to be touched, but its {opts.change} changed")
        if opts.change in RUN_CHANGES and _align(now) != _align(was):
            return Verdict.of(False, f"{where} changed alignment; only its {opts.change} was to change")
    if msg := tables_same(original, output, opts.file):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{len(chosen)} {opts.target} paragraph(s) formatted ({opts.change}); nothing else changed")
