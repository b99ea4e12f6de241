"""Tidying a draft: spacer paragraphs removed, double and stray spaces taken out, pasted text's
manual line breaks joined back into flowing paragraphs, a list converted to the other kind or
typed list marks ("- ", "1) ") turned into a real list, drafting notes taken out. Unlike
`forge.checks.document`, the whitespace is what these tasks are about, so texts are compared
exactly; the words, their bold and italic, the styles outside the edit and the tables must stay
as they were.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks.document import DocumentEdit, tables_same, blocks, fold, paragraphs_diff
from forge.checks.document_edits import LIST_STYLES
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import DocumentView, Paragraph

Fix = Literal["blank_paragraphs", "double_spaces", "line_breaks", "all"]
TYPED_MARK = re.compile(r"^\s*(?:[-*\u2022\u2013]|\(?\d{1,3}[.)])\s+")


def respaced(text: str, fix: Fix) -> str:
    """The paragraph text as the fix leaves it: line breaks joined with one space, space runs
    collapsed and the ends trimmed."""
    if fix in ("line_breaks", "all"):
        text = re.sub(r"[ \t]*\n[ \t]*", " ", text).strip("\n")
    if fix in ("double_spaces", "all"):
        text = re.sub(r" {2,}", " ", text).strip(" ")
    return text


def _emphasis(p: Paragraph, attr: str) -> str:
    """The paragraph's characters carrying bold (or italic), folded: run splits do not matter."""
    return fold(" ".join(r.text for r in p.runs if getattr(r, attr)))


def first_difference(want: str, have: str) -> str:
    """Where a paragraph's text first departs from the expected, with the text around it: a long
    paragraph that differs by one space would otherwise fail with no hint of where."""
    at = next((i for i, (a, b) in enumerate(zip(want, have, strict=False)) if a != b), min(len(want), len(have)))
    return f"at character {at + 1}: {have[max(0, at - 15):at + 15]!r}, expected {want[max(0, at - 15):at + 15]!r}"


class DraftTidied(DocumentEdit):
    fix: Fix = Field(description="blank_paragraphs: empty spacer paragraphs removed; double_spaces: runs of "
                     "spaces made one, none at a paragraph's ends; line_breaks: manual line breaks inside a "
                     "paragraph joined with a space; all: the three.")


@register_check("document.draft_tidied", DraftTidied, view="document")
def draft_tidied(state: FinalState, opts: DraftTidied) -> Verdict:
    """Every paragraph reads exactly as the fix leaves the original (same style and heading level,
    same bold and italic words), the empty paragraphs gone where asked (kept otherwise, as far as
    they hold nothing), and the tables unchanged."""
    original, output = input_view(state, opts.input_file, DocumentView), output_view(state, opts.file, DocumentView)
    drop = opts.fix in ("blank_paragraphs", "all")
    before = [p for p in original.paragraphs if p.text.strip()] if drop else blocks(original)
    after = list(output.paragraphs) if drop else blocks(output)
    expected = [p.model_copy(update={"text": respaced(p.text, opts.fix)}) for p in before]
    spacers = drop and len(before) < len(original.paragraphs)
    if expected == before and not spacers:
        return Verdict.of(False, f"{opts.input_file} has nothing for the fix {opts.fix!r} to change")
    if drop and (empty := next((n for n, p in enumerate(after, start=1) if not p.text.strip()), None)):
        return Verdict.of(False, f"paragraph {empty} of {opts.file} is still an empty spacer paragraph")
    for n, (want, have) in enumerate(zip(expected, after, strict=False), start=1):
        if want.text != have.text and len(after) == len(expected):
            return Verdict.of(False, f"paragraph {n} of {opts.file} ({fold(have.text)[:30]!r}) "
                              f"{first_difference(want.text, have.text)}")
    if msg := paragraphs_diff(expected, after, opts.file):
        return Verdict.of(False, msg)
    for n, (have, was) in enumerate(zip(after, before, strict=True), start=1):
        for attr in ("bold", "italic"):
            if _emphasis(was, attr) != _emphasis(have, attr):
                return Verdict.of(False, f"paragraph {n} of {opts.file} ({fold(have.text)[:30]!r}) has "
                                  f"{_emphasis(have, attr)[:40]!r} in {attr}, expected {_emphasis(was, attr)[:40]!r}")
    if msg := tables_same(original, output, opts.file):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{len(expected)} paragraphs tidied ({opts.fix.replace('_', ' ')}); words kept")


# --- document.list_converted ---------------------------------------------------------------------


class ListConverted(DocumentEdit):
    heading: str = Field(description="The section whose body is the list.")
    kind: Literal["bullet", "number"] = Field(description="The list it must be now.")
    marks: bool = Field(default=False, description="The items began with typed marks (\"- \", \"1)\") to take out.")


@register_check("document.list_converted", ListConverted, view="document")
def list_converted(state: FinalState, opts: ListConverted) -> Verdict:
    """Every paragraph of the section's body is an item of the list kind asked for, in order, its
    text as it was (without its typed mark "- ", "* ", "1.", "2)" where the items had them); every
    other paragraph (its style too: a list running on into the next section fails) and table reads
    as it did."""
    original, output = input_view(state, opts.input_file, DocumentView), output_view(state, opts.file, DocumentView)
    before, after = blocks(original), blocks(output)
    at = next((i for i, p in enumerate(before) if p.heading_level is not None
               and fold(p.text) == fold(opts.heading)), None)
    if at is None:
        return Verdict.of(False, f"{opts.input_file} has no heading {opts.heading!r}")
    end = next((j for j in range(at + 1, len(before)) if before[j].heading_level is not None), len(before))
    styles = LIST_STYLES[opts.kind]
    items = range(at + 1, end)
    if not items or (not opts.marks and all(before[i].style.startswith(styles) for i in items)):
        return Verdict.of(False, f"the section {opts.heading!r} of {opts.input_file} has no list to convert")
    unmark = TYPED_MARK.sub if opts.marks else (lambda _, text: text)
    expected = [Paragraph(text=unmark("", p.text)) if i in items else p for i, p in enumerate(before)]
    if msg := paragraphs_diff(expected, after, opts.file):
        return Verdict.of(False, msg)
    for i in items:
        if not after[i].style.startswith(styles):
            return Verdict.of(False, f"paragraph {i + 1} ({fold(after[i].text)[:40]!r}) has style {after[i].style!r}; "
                              f"a {'bulleted' if opts.kind == 'bullet' else 'numbered'} list item uses {styles[0]!r}")
    if msg := tables_same(original, output, opts.file):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{len(items)} items under {opts.heading!r} are a {opts.kind} list")


# --- document.notes_stripped ---------------------------------------------------------------------

TBC_LINE = re.compile(r"^\s*(?:TBC|TBD)\b")
BRACKET_LINE = re.compile(r"^\s*\[[^\]]*\]\s*$")
INLINE_NOTE = re.compile(r"\s*\[[^\]\n]*\]")
Marker = Literal["tbc", "reviewer", "inline", "all"]


class NotesStripped(DocumentEdit):
    marker: Marker = Field(description="tbc: paragraphs starting TBC or TBD; reviewer: paragraphs that are "
                           "one [bracketed note]; inline: [bracketed notes] inside sentences, with the space before "
                           "them; all: the three.")


@register_check("document.notes_stripped", NotesStripped, view="document")
def notes_stripped(state: FinalState, opts: NotesStripped) -> Verdict:
    """The drafting notes asked for are gone (whole note paragraphs deleted, inline notes cut out
    of their sentences) and every other paragraph reads as it did, in the same style; tables
    unchanged."""
    original, output = input_view(state, opts.input_file, DocumentView), output_view(state, opts.file, DocumentView)
    before, expected, cut = blocks(original), [], 0
    for p in before:
        if (opts.marker in ("tbc", "all") and TBC_LINE.match(p.text)) or \
                (opts.marker in ("reviewer", "all") and BRACKET_LINE.match(p.text)):
            cut += 1
            continue
        if opts.marker in ("inline", "all") and not BRACKET_LINE.match(p.text):
            text, n = INLINE_NOTE.subn("", p.text)
            cut, p = cut + n, p.model_copy(update={"text": text})
        expected.append(p)
    if cut == 0:
        return Verdict.of(False, f"{opts.input_file} has no {opts.marker} notes to take out")
    after = blocks(output)
    for n, (want, have) in enumerate(zip(expected, after, strict=False), start=1):
        if fold(want.text) != fold(have.text) and len(after) == len(expected):
            return Verdict.of(False, f"paragraph {n} of {opts.file} "
                              f"{first_difference(fold(want.text), fold(have.text))}")
    if msg := paragraphs_diff(expected, after, opts.file):
        return Verdict.of(False, msg)
    if msg := tables_same(original, output, opts.file):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{cut} drafting notes taken out; everything else kept")
