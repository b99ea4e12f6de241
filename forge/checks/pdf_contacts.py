"""Email addresses pulled out of a PDF (an attendee list, a directory) into a text file, one per
line in lower case, each once: all of them, only one domain's, or all but one domain's; in the
order the PDF first prints them or A-Z. The expected list comes from the task's input PDF text;
the options only from the instruction."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import PdfView, TextView

EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
ContactOrder = Literal["listed", "alpha"]


def addresses(pages: list[str]) -> list[str]:
    """Every address the pages print, lower case, each once, in the order first printed."""
    return list(dict.fromkeys(found.lower() for page in pages for found in EMAIL.findall(page)))


class EmailsListed(CheckOptions):
    file: OutputPath = Field(description="The text file, one address per line.")
    input_file: InputPath
    domain: str | None = Field(default=None, description="Only the addresses at this domain (after the @).")
    exclude_domain: str | None = Field(default=None, description="Every address except those at this domain.")
    order: ContactOrder = Field(description="listed: as the PDF first prints them; alpha: A-Z.")


@register_check("pdf.emails_listed", EmailsListed, view="pdf")
def emails_listed(state: FinalState, opts: EmailsListed) -> Verdict:
    """The text file's non-empty lines are exactly the addresses asked for, one per line, in lower
    case, each once, in the order asked (surrounding spaces free)."""
    want = addresses(input_view(state, opts.input_file, PdfView).pages)
    at = lambda address: address.rsplit("@", 1)[1]  # noqa: E731
    if opts.domain:
        want = [a for a in want if at(a) == opts.domain.lower()]
    if opts.exclude_domain:
        want = [a for a in want if at(a) != opts.exclude_domain.lower()]
    if opts.order == "alpha":
        want.sort()
    got = [line.strip() for line in output_view(state, opts.file, TextView).text.splitlines() if line.strip()]
    for n, (w, g) in enumerate(zip(want, got), start=1):
        if g != w:
            return Verdict.of(False, f"line {n} of {opts.file} is {g!r}, expected {w!r}")
    if len(got) != len(want):
        more = f"{got[len(want)]!r} is one too many" if len(got) > len(want) else f"{want[len(got)]!r} is missing"
        return Verdict.of(False, f"{opts.file} has {len(got)} addresses, expected {len(want)}: {more}")
    return Verdict.of(True, f"{len(want)} addresses as asked")
