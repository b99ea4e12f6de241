"""Personal contact details taken out of a document before it is shared: every email address or
phone number (or both) replaced by the stated placeholder, in the text, the tables and, where
asked, the page header and footer (the letterhead's own details stay otherwise). The
expected text is the original with each match replaced, so a number cut short, a placeholder
misspelt, a detail left at the end or a word lost all show at the character where they differ.
"""

from __future__ import annotations

import re

from pydantic import Field

from forge.checks.document import DocumentEdit, blocks, fold, paragraphs_diff
from forge.checks.document_edits import loose_paragraphs
from forge.checks.document_tidy import first_difference
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import DocumentView

EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
PHONE = re.compile(r"(?:\+\d{1,3}[ -]?)?(?:\(\d{2,4}\)[ -]?|\d{2,5}[ -])\d{3,4}[ -]\d{3,4}\b")


class Redacted(DocumentEdit):
    email_marker: str | None = Field(default=None, description="What replaces each email address; None: "
                                     "addresses stay.")
    phone_marker: str | None = Field(default=None, description="What replaces each phone number (country code "
                                     "and brackets included); None: numbers stay.")
    margins: bool = Field(default=False, description="The page header and footer are redacted too; False: they "
                          "stay as they were.")


def redact(text: str, opts: Redacted) -> tuple[str, int]:
    """The text with every asked-for detail replaced, and how many were."""
    count = 0
    for pattern, marker in ((EMAIL, opts.email_marker), (PHONE, opts.phone_marker)):
        if marker is not None:
            text, n = pattern.subn(marker, text)
            count += n
    return text, count


def _same(want: str, have: str, where: str) -> str | None:
    if fold(want) != fold(have):
        return f"{where} {first_difference(fold(want), fold(have))}"
    return None


@register_check("document.redacted", Redacted, view="document")
def redacted(state: FinalState, opts: Redacted) -> Verdict:
    """Every paragraph, table cell and (with `margins`) header and footer reads as the original
    with each email address and/or phone number replaced by its placeholder; nothing else changed,
    and the header and footer stay as they were without `margins`."""
    original, output = input_view(state, opts.input_file, DocumentView), output_view(state, opts.file, DocumentView)
    before, after = blocks(original), blocks(output)
    expected, total = [], 0
    for p in before:
        text, n = redact(p.text, opts)
        expected.append(p.model_copy(update={"text": text}))
        total += n
    if opts.email_marker is None and opts.phone_marker is None:
        return Verdict.of(False, "nothing to redact: neither email addresses nor phone numbers were asked for")
    if len(after) != len(expected):
        return Verdict.of(False, paragraphs_diff(loose_paragraphs(expected), loose_paragraphs(after), opts.file) or "")
    for n, (want, have) in enumerate(zip(expected, after, strict=True), start=1):
        if msg := _same(want.text, have.text, f"paragraph {n} of {opts.file} differs"):
            return Verdict.of(False, msg)
    if msg := paragraphs_diff(loose_paragraphs(expected), loose_paragraphs(after), opts.file):
        return Verdict.of(False, msg)
    if len(output.tables) != len(original.tables):
        return Verdict.of(False, f"{opts.file} has {len(output.tables)} tables, expected {len(original.tables)}")
    for t, (a, b) in enumerate(zip(original.tables, output.tables, strict=True), start=1):
        if len(a.rows) != len(b.rows):
            return Verdict.of(False, f"table {t} of {opts.file} has {len(b.rows)} rows, expected {len(a.rows)}")
        for r, (row_a, row_b) in enumerate(zip(a.rows, b.rows, strict=True), start=1):
            for c, (cell_a, cell_b) in enumerate(zip(row_a, row_b, strict=False), start=1):
                text, n = redact(str(cell_a or ""), opts)
                total += n
                if msg := _same(text, str(cell_b or ""), f"table {t}, row {r}, column {c} of {opts.file} differs"):
                    return Verdict.of(False, msg)
    for part in ("headers", "footers"):
        for s, (a, b) in enumerate(zip(getattr(original, part), getattr(output, part), strict=False), start=1):
            text, n = redact(a, opts) if opts.margins else (a, 0)
            total += n
            if msg := _same(text, b, f"the {part[:-1]} of section {s} of {opts.file} differs"):
                return Verdict.of(False, msg)
    if total == 0:
        return Verdict.of(False, f"{opts.input_file} has no contact details of the kinds asked to redact")
    return Verdict.of(True, f"{total} contact details replaced; everything else reads as it did")
