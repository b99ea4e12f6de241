"""Sections put in order: a document's chapters (or the sub-sections of one chapter, such as an
appendix of supplier profiles) sorted by their heading, alphabetically or by the date the heading
names. Whole sections move, each with everything under it; nothing else changes.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from typing import Literal

from pydantic import Field

from forge.checks.document import DocumentEdit, blocks, fold, paragraphs_diff
from forge.checks.document_edits import loose_paragraphs
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import DocumentView, Paragraph

DATE = re.compile(r"\b(\d{1,2}) (January|February|March|April|May|June|July|August|September|October|November|"
                  r"December) (\d{4})\b")


def heading_date(text: str) -> dt.date | None:
    """The first '14 March 2025' a heading names."""
    found = DATE.search(text)
    return dt.datetime.strptime(" ".join(found.groups()), "%d %B %Y").date() if found else None


def _groups(paragraphs: list[Paragraph], level: int, start: int, end: int) -> tuple[int, list[list[Paragraph]]]:
    """(index of the first heading of `level` in [start, end), each such heading with what follows it)."""
    starts = [i for i in range(start, end) if paragraphs[i].heading_level == level]
    bounds = [*starts[1:], end]
    return (starts[0] if starts else end), [paragraphs[a:b] for a, b in zip(starts, bounds, strict=True)]


class SectionsSorted(DocumentEdit):
    key: Literal["text", "date"] = Field(description="text: the heading alphabetically (any case); date: the "
                                         "date the heading names ('14 March 2025').")
    descending: bool = Field(default=False, description="Z to A, or newest first.")
    within: str | None = Field(default=None, description="The Heading 1 whose level-2 sub-sections are sorted; "
                               "None: the document's level-1 sections.")


@register_check("document.sections_sorted", SectionsSorted, view="document")
def sections_sorted(state: FinalState, opts: SectionsSorted) -> Verdict:
    """The sections (level-1, or level-2 inside the chapter named) stand in the order asked, each
    whole (its heading and everything up to the next heading of its level, in order); what comes
    before, between chapters and after reads as it did, and the tables are all still there."""
    original, output = input_view(state, opts.input_file, DocumentView), output_view(state, opts.file, DocumentView)
    before = loose_paragraphs(blocks(original))
    start, end, level = 0, len(before), 1
    if opts.within is not None:
        at = next((i for i, p in enumerate(before) if p.heading_level == 1 and fold(p.text) == fold(opts.within)),
                  None)
        if at is None:
            return Verdict.of(False, f"{opts.input_file} has no chapter {opts.within!r}")
        start, level = at + 1, 2
        end = next((j for j in range(start, len(before)) if before[j].heading_level == 1), len(before))
    first, groups = _groups(before, level, start, end)
    if len(groups) < 2:
        return Verdict.of(False, f"{opts.input_file} has {len(groups)} level-{level} sections there; nothing to sort")
    keys = []
    for group in groups:
        key = fold(group[0].text).casefold() if opts.key == "text" else heading_date(group[0].text)
        if key is None:
            return Verdict.of(False, f"the heading {fold(group[0].text)!r} names no date to sort by")
        keys.append(key)
    order = sorted(range(len(groups)), key=lambda n: keys[n], reverse=opts.descending)
    if order == list(range(len(groups))):
        return Verdict.of(False, f"the sections of {opts.input_file} are already in that order")
    expected = [*before[:first], *(p for n in order for p in groups[n]), *before[end:]]
    after = loose_paragraphs(blocks(output))
    if msg := paragraphs_diff(expected, after, opts.file):
        want = [fold(groups[n][0].text) for n in order]
        return Verdict.of(False, f"{msg}; the sections belong in this order: {want}")
    grids = Counter(str([[fold(str(c or "")) for c in row] for row in t.rows]) for t in original.tables)
    if grids != Counter(str([[fold(str(c or "")) for c in row] for row in t.rows]) for t in output.tables):
        return Verdict.of(False, f"the tables of {opts.file} are not the ones {opts.input_file} had")
    way = ("Z to A" if opts.descending else "A to Z") if opts.key == "text" else \
        ("newest first" if opts.descending else "oldest first")
    return Verdict.of(True, f"{len(groups)} level-{level} sections sorted {way}; each kept whole")
