"""Table captions numbered as Insert > Caption numbers them: each caption paragraph ('Table: ...'
or one with a stale number) reads '<label> N: <title>' in document order - N counted through the
document, or '<chapter>.<n>' counted again in each chapter (Heading 1) - optionally in the Caption
paragraph style; a mention of an old number in the text ('see Table 3') follows its table's new
number. Every other paragraph and the tables stay as they were.
"""

from __future__ import annotations

import re

from pydantic import Field

from forge.checks.document import DocumentEdit, blocks, fold, paragraphs_diff, tables_same
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import DocumentView, Paragraph


class CaptionsNumbered(DocumentEdit):
    label: str = Field(default="Table", min_length=1, description="The caption label, e.g. 'Table'.")
    by_chapter: bool = Field(default=False, description="Numbers '<chapter>.<n>': the chapter is the count of "
                             "Heading 1s so far, n counts again in each chapter.")
    style: str | None = Field(default=None, description="The paragraph style captions take; None: any.")


def caption_pattern(label: str) -> re.Pattern[str]:
    """A caption draft: the label, an optional number, a colon, full stop or dash, then its title."""
    return re.compile(rf"^{re.escape(label)}(?:\s+(?P<number>\d+(?:\.\d+)?))?\s*[:.\u2013-]\s*(?P<title>\S.*)$")


def renumbered(paragraphs: list[Paragraph], opts: CaptionsNumbered) -> tuple[list[Paragraph], int]:
    """The paragraphs as the numbering leaves them, and how many captions there are."""
    pattern = caption_pattern(opts.label)
    chapter, count, numbers, old = 0, 0, {}, {}
    for i, p in enumerate(paragraphs):
        if p.heading_level == 1:
            chapter += 1
            if opts.by_chapter:
                count = 0
        found = pattern.match(fold(p.text)) if p.heading_level is None else None
        if found:
            count += 1
            numbers[i] = f"{chapter}.{count}" if opts.by_chapter else str(count)
            if found.group("number"):
                old[found.group("number")] = numbers[i]
    mention = re.compile(rf"\b{re.escape(opts.label)} (\d+(?:\.\d+)?)\b")
    out = []
    for i, p in enumerate(paragraphs):
        if i in numbers:
            title = pattern.match(fold(p.text)).group("title")  # type: ignore[union-attr]
            out.append(p.model_copy(update={"text": f"{opts.label} {numbers[i]}: {title}", "style": opts.style or ""}))
        else:
            text = mention.sub(lambda m: f"{opts.label} {old.get(m.group(1), m.group(1))}", p.text) if old else p.text
            out.append(p.model_copy(update={"text": text}))
    return out, len(numbers)


@register_check("document.captions_numbered", CaptionsNumbered, view="document")
def captions_numbered(state: FinalState, opts: CaptionsNumbered) -> Verdict:
    """Each caption reads '<label> N: <title>' with N its place in the document (or in its
    chapter, after the chapter's number), in the style asked; mentions of old numbers in the text
    follow the new ones; every other paragraph's text, level and style and every table unchanged."""
    original = input_view(state, opts.input_file, DocumentView)
    output = output_view(state, opts.file, DocumentView)
    expected, count = renumbered(blocks(original), opts)
    if not count:
        return Verdict.of(False, f"{opts.input_file} has no {opts.label!r} caption to number")
    if msg := paragraphs_diff(expected, blocks(output), opts.file):
        return Verdict.of(False, msg)
    if msg := tables_same(original, output, opts.file):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{count} captions numbered{' by chapter' if opts.by_chapter else ''}")
