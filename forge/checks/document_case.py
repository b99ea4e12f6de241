"""Headings put in one letter case, as Writer's Format > Text menu does: UPPERCASE, Capitalize
Every Word (each word a capital then lower case) or Sentence case (the first letter a capital,
the rest lower case); every heading down to the level asked, nothing else.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks.document import DocumentEdit, tables_same, blocks, fold, paragraphs_diff
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import DocumentView

Case = Literal["upper", "capitalize", "sentence"]


def recased(text: str, case: Case) -> str:
    text = fold(text)
    if case == "upper":
        return text.upper()
    if case == "capitalize":
        return re.sub(r"[^\W\d_]+", lambda m: m.group()[:1].upper() + m.group()[1:].lower(), text)
    return text[:1].upper() + text[1:].lower()


class HeadingsRecased(DocumentEdit):
    case: Case = Field(description="upper: UPPERCASE; capitalize: Every Word Capitalized; sentence: Sentence case.")
    levels: int | None = Field(default=None, ge=1, le=9, description="Headings of levels 1 to this are recased; "
                               "None: every heading.")


@register_check("document.headings_recased", HeadingsRecased, view="document")
def headings_recased(state: FinalState, opts: HeadingsRecased) -> Verdict:
    """Each heading of levels 1 to `levels` reads its old words in the case asked (letter for
    letter: a case-blind match is not enough), at its old level; the title line, deeper headings,
    body paragraphs and tables read exactly as they did."""
    original, output = input_view(state, opts.input_file, DocumentView), output_view(state, opts.file, DocumentView)
    before, after = blocks(original), blocks(output)
    deepest = opts.levels or 9
    targets = {i for i, p in enumerate(before) if p.heading_level is not None and 1 <= p.heading_level <= deepest}
    if not targets:
        return Verdict.of(False, f"{opts.input_file} has no headings of levels 1-{deepest}")
    expected = [p.model_copy(update={"text": recased(p.text, opts.case)}) if i in targets else p
                for i, p in enumerate(before)]
    if expected == before:
        return Verdict.of(False, f"the headings of {opts.input_file} are already in that case")
    if msg := paragraphs_diff(expected, after, opts.file):
        return Verdict.of(False, msg)
    if msg := tables_same(original, output, opts.file):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{len(targets)} headings (levels 1-{deepest}) in {opts.case} case")
