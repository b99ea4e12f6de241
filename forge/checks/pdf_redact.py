"""Personal details redacted from a PDF before it is shared: one person's name, or every email
address, phone number or bank account number (IBAN), replaced by a marker or taken out, so the
text is gone, not only covered. The pages come from the input PDF's own text (`PdfView`); what is
redacted and the marker from the instruction."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import PdfView

Detail = Literal["email", "phone", "iban"]
PATTERNS: dict[str, str] = {
    "email": r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+",
    "phone": r"\+\d{1,3}(?: \d{2,4}){2,4}",
    "iban": r"\b[A-Z]{2}\d{2}(?: [A-Z0-9]{4}){4}(?: [A-Z0-9]{1,4})?\b",
}


class Redacted(CheckOptions):
    file: OutputPath
    input_file: InputPath
    names: list[str] = Field(default_factory=list, description="Texts redacted wherever they appear (a name).")
    details: list[Detail] = Field(default_factory=list, description="Kinds of detail redacted wherever they appear: "
                                  "email addresses, phone numbers (+country code), IBANs.")
    marker: str | None = Field(default=None, description="What stands in each redacted place; None: nothing (the "
                               "text taken out).")


def patterns(names: list[str], details: list[str]) -> list[str]:
    """What to redact as regular expressions: the names as written (whole words: 'Ada Park' is
    not in 'Ada Parker'), then the kinds of detail."""
    return [rf"(?<!\w){re.escape(n)}(?!\w)" for n in names] + [PATTERNS[d] for d in details]


def redaction(opts: Redacted) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in patterns(opts.names, list(opts.details))))


def _bare(text: str) -> str:
    return re.sub(r"\s+", "", fold(text))


@register_check("pdf.redacted", Redacted, view="pdf")
def redacted(state: FinalState, opts: Redacted) -> Verdict:
    """Every page of the output reads as the input's page with each name or detail asked for
    replaced by the marker (or taken out), nothing else changed (spacing aside); none of them
    is left in the text, and no page is added or lost."""
    pattern = redaction(opts)
    source = input_view(state, opts.input_file, PdfView).pages
    got = output_view(state, opts.file, PdfView).pages
    if len(got) != len(source):
        return Verdict.of(False, f"{opts.file} has {len(got)} pages, expected {len(source)}")
    found = 0
    for n, (before, after) in enumerate(zip(source, got, strict=True), start=1):
        lines = [fold(line) for line in before.splitlines()]  # a detail never runs over a line break
        found += sum(len(pattern.findall(line)) for line in lines)
        if left := next((m for line in after.splitlines() if (m := pattern.search(fold(line)))), None):
            return Verdict.of(False, f"page {n} of {opts.file} still shows {left.group(0)!r}")
        want = _bare("".join(pattern.sub(opts.marker or "", line) for line in lines))
        have = _bare(after)
        if have != want:
            at = next((k for k, (a, b) in enumerate(zip(have, want)) if a != b), min(len(have), len(want)))
            return Verdict.of(False, f"page {n} of {opts.file} differs from the input beyond the redactions at "
                              f"{have[max(0, at - 25):at + 15]!r}, expected {want[max(0, at - 25):at + 15]!r}")
    return Verdict.of(True, f"{found} redactions over {len(got)} pages, the rest unchanged")
