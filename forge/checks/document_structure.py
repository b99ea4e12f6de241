"""Document structure checks: a draft's typed-in headings made real heading styles (the cue being
lines bold all through, lines in capitals, or numbered lines), two documents merged into one, a
document split in two at a heading. As in `forge.checks.document`, the expected paragraphs are
rebuilt from the task's inputs and the instruction's options, and every paragraph the task did
not name must read as it did.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks.document import DocumentEdit, _tables_same, blocks, fold, paragraphs_diff
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import DocumentView, Paragraph

NUMBERED = re.compile(r"^\d+\.\s+\S")


def is_cue(p: Paragraph, cue: str) -> bool:
    """Whether a body paragraph is a typed-in heading by the cue: bold on every character, all
    capitals, or '1. ' numbered."""
    text = fold(p.text)
    if p.heading_level is not None or not text:
        return False
    if cue == "bold":
        chars = [bool(r.bold) for r in p.runs for ch in r.text if not ch.isspace()]
        return bool(chars) and all(chars)
    if cue == "caps":
        return any(ch.isalpha() for ch in text) and text == text.upper()
    return bool(NUMBERED.match(text))


# --- document.headings_styled ---------------------------------------------------------------------


class HeadingsStyled(DocumentEdit):
    cue: Literal["bold", "caps", "numbered"] = Field(description="What marks a typed-in heading after the first line.")
    title: bool = Field(description="The first line also becomes the Title style.")


@register_check("document.headings_styled", HeadingsStyled, view="document")
def headings_styled(state: FinalState, opts: HeadingsStyled) -> Verdict:
    """Every paragraph after the first that the cue marks as a heading (bold all through, in
    capitals, or numbered '1. ') has the Heading 1 style, with its text as it was; the first
    line has the Title style when asked, else it is unchanged; every other paragraph keeps its
    text and style (none becomes a heading); tables unchanged."""
    original, output = input_view(state, opts.input_file, DocumentView), output_view(state, opts.file, DocumentView)
    before = blocks(original)
    expected, found = [], 0
    for n, p in enumerate(before):
        if n == 0 and opts.title:
            expected.append(Paragraph(text=p.text, heading_level=0))
        elif n > 0 and is_cue(p, opts.cue):
            found += 1
            expected.append(Paragraph(text=p.text, heading_level=1, style="Heading 1"))
        else:
            expected.append(p.model_copy(update={"style": p.style or "Normal"}))
    if found == 0:
        return Verdict.of(False, f"{opts.input_file} has no {opts.cue} lines to make headings")
    if msg := paragraphs_diff(expected, blocks(output), opts.file):
        return Verdict.of(False, msg)
    if msg := _tables_same(original, output, opts.file):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{found} {opts.cue} lines are Heading 1" + (" and the first is the Title" if opts.title else ""))
