"""A list inside a document put in order (Writer's Tools > Sort, Word's Sort Text): the items of
one section's list - names, actions, stock lines - sorted A to Z or Z to A, by surname, or by the
number each line ends with. The items move whole and keep their list style; ties may stand in
any order; every other paragraph and the tables read as they did.
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import pairwise
from typing import Literal

from pydantic import Field

from forge.checks.document import DocumentEdit, blocks, fold, paragraphs_diff, tables_same
from forge.checks.document_edits import loose_paragraphs
from forge.checks.document_tidy import first_difference
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import DocumentView, Paragraph

SortKey = Literal["text", "surname", "number"]
NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")
ROLE = re.compile(r"\s*(?:,| - | \u2013 |\().*$")


def item_key(text: str, key: SortKey) -> str | float | None:
    """What an item sorts by: its text in any case; the last word of the name before a comma,
    dash or bracket ('Priya Shah, Finance' -> 'shah'); or the last number it shows."""
    text = fold(text)
    if key == "text":
        return text.casefold()
    if key == "surname":
        name = ROLE.sub("", text).split()
        return name[-1].casefold() if name else None
    found = NUMBER.findall(text)
    return float(found[-1].replace(",", "")) if found else None


def section_span(paragraphs: list[Paragraph], heading: str) -> tuple[int, int] | None:
    """(first, end) indexes of the body under the first heading reading `heading`, up to the next
    heading of any level."""
    starts = [i for i, p in enumerate(paragraphs) if p.heading_level is not None and fold(p.text) == fold(heading)]
    if not starts:
        return None
    end = next((j for j in range(starts[0] + 1, len(paragraphs)) if paragraphs[j].heading_level is not None),
               len(paragraphs))
    return starts[0] + 1, end


def list_span(paragraphs: list[Paragraph], heading: str) -> tuple[int, int] | None:
    """(first, end) indexes of the list under `heading`: the run of paragraphs closing the section
    that share the style of its last paragraph (an introduction line in another style stays put)."""
    span = section_span(paragraphs, heading)
    if span is None:
        return None
    start, end = span
    first = end
    while first > start and paragraphs[first - 1].style == paragraphs[end - 1].style:
        first -= 1
    return (first, end) if end - first >= 2 else None


def _count_diff(items: list[Paragraph], after: list[Paragraph], opts: ListSorted) -> str | None:
    """When the output's list has another number of items: which item it lost or gained."""
    span = list_span(after, opts.heading)
    if span is None or span[1] - span[0] == len(items):
        return None
    have, want = Counter(fold(p.text) for p in after[span[0]:span[1]]), Counter(fold(p.text) for p in items)
    lost, gained = list((want - have).elements()), list((have - want).elements())
    what = f"lost {lost[0][:50]!r}" if lost else f"has an extra {gained[0][:50]!r}"
    return f"the list under {opts.heading!r} in {opts.file} has {span[1] - span[0]} items, not {len(items)}: it {what}"


def changed_outside(expected: list[Paragraph], after: list[Paragraph], indexes: list[int], source: str) -> str | None:
    """Where the first of the paragraphs at `indexes` (the same count on both sides) changed its
    text or heading level, pointing at the character."""
    for n in indexes:
        want, have = expected[n], after[n]
        if fold(want.text) != fold(have.text):
            return f"paragraph {n + 1} of {source} changed {first_difference(fold(want.text), fold(have.text))}"
        if want.heading_level != have.heading_level:
            return f"paragraph {n + 1} of {source} changed its heading level to {have.heading_level} " \
                   f"from {want.heading_level}"
    return None


class ListSorted(DocumentEdit):
    heading: str = Field(description="The heading of the section whose list is sorted.")
    key: SortKey = Field(description="text: the item's text, any case; surname: the last word of the name "
                         "before a comma, dash or bracket; number: the last number the item shows.")
    descending: bool = Field(default=False, description="Z to A, or largest first.")


@register_check("document.list_sorted", ListSorted, view="document")
def list_sorted(state: FinalState, opts: ListSorted) -> Verdict:
    """The section's list holds the same items, each whole and in the list's style, in the order
    asked (items with equal keys in any order); the paragraphs before and after it, the other
    sections and the tables are unchanged."""
    original, output = input_view(state, opts.input_file, DocumentView), output_view(state, opts.file, DocumentView)
    before, after = blocks(original), blocks(output)
    span = list_span(before, opts.heading)
    if span is None:
        return Verdict.of(False, f"{opts.input_file} has no list under a heading {opts.heading!r}")
    first, end = span
    items = before[first:end]
    keys = [item_key(p.text, opts.key) for p in items]
    if None in keys:
        return Verdict.of(False, f"the item {fold(items[keys.index(None)].text)!r} has no {opts.key} to sort by")
    if sorted(keys, reverse=opts.descending) == keys:
        return Verdict.of(False, f"the list under {opts.heading!r} in {opts.input_file} is already in that order")
    order = sorted(range(len(items)), key=keys.__getitem__, reverse=opts.descending)  # type: ignore[arg-type]
    expected = [*before[:first], *(items[i] for i in order), *before[end:]]
    if len(after) != len(expected):
        return Verdict.of(False, _count_diff(items, after, opts) or
                          paragraphs_diff(loose_paragraphs(expected), loose_paragraphs(after), opts.file) or "")
    if msg := changed_outside(expected, after, [*range(first), *range(end, len(expected))], opts.file):
        return Verdict.of(False, f"outside the list, {msg}")
    got, left = after[first:end], Counter(fold(p.text) for p in items)
    for n, p in enumerate(got, start=first + 1):
        if left[fold(p.text)] <= 0:
            lost = next(t for t, k in left.items() if k > 0)
            return Verdict.of(False, f"paragraph {n} of {opts.file} ({fold(p.text)[:50]!r}) is not one of the "
                              f"list's items (or repeats one); the list lost {lost[:50]!r}")
        left[fold(p.text)] -= 1
    for n, p in enumerate(got, start=first + 1):
        if p.style != items[0].style:
            return Verdict.of(False, f"paragraph {n} ({fold(p.text)[:40]!r}) has style {p.style!r}; the list's "
                              f"items are {items[0].style!r}")
    for n, (a, b) in enumerate(pairwise(got), start=first + 2):
        ka, kb = item_key(a.text, opts.key), item_key(b.text, opts.key)
        if (ka > kb) if not opts.descending else (ka < kb):  # type: ignore[operator]
            return Verdict.of(False, f"paragraph {n} ({fold(b.text)[:40]!r}) is out of order: it belongs before "
                              f"{fold(a.text)[:40]!r} (by {opts.key}, {'descending' if opts.descending else 'ascending'})")
    if msg := tables_same(original, output, opts.file):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"the {len(items)} items under {opts.heading!r} are sorted by {opts.key}")
