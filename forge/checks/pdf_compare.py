"""Two versions of a report compared page by page: the pages of the new version that are new or
changed (their text is no page of the old version), reported as page numbers or as how many.
The expected answer comes from the two input PDFs; the options only from the instruction."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks.pdf_edits import _bare
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import PdfView, TextView

_INT = re.compile(r"(?<![\w.])\d+(?!\w|\.\d)")  # a number, a sentence's full stop after it allowed


def changed_pages(old: list[str], new: list[str]) -> list[int]:
    """The 1-based pages of `new` whose text (spacing aside) is not the text of any page of `old`."""
    before = {_bare(page) for page in old}
    return [n for n, page in enumerate(new, start=1) if _bare(page) not in before]


class ChangesReported(CheckOptions):
    file: OutputPath = Field(description="The text file with the answer.")
    old_file: InputPath = Field(description="The earlier version.")
    new_file: InputPath = Field(description="The later version.")
    report: Literal["pages", "count"] = Field(description="pages: the new version's page numbers that are new or "
                                              "changed (any order, each once); count: how many there are.")


@register_check("pdf.changes_reported", ChangesReported, view="pdf")
def changes_reported(state: FinalState, opts: ChangesReported) -> Verdict:
    """The text file's numbers are exactly the answer: the new version's pages that are new or
    changed against the old one (any order, each once), or their count; no other numbers."""
    changed = changed_pages(input_view(state, opts.old_file, PdfView).pages,
                            input_view(state, opts.new_file, PdfView).pages)
    expected = changed if opts.report == "pages" else [len(changed)]
    numbers = [int(n) for n in _INT.findall(output_view(state, opts.file, TextView).text)]
    got = sorted(numbers) if opts.report == "pages" else numbers
    if got != expected:
        return Verdict.of(False, f"{opts.file} gives {numbers}, expected {expected} (the new version's "
                          f"{'changed pages' if opts.report == 'pages' else 'count of changed pages'})")
    return Verdict.of(True, f"{opts.report}: {expected}")
