"""A word (CONFIDENTIAL, APPROVED, COPY...) stamped on chosen pages only: pages named, a page
range, the pages that mention a term or those that do not, or the last page. The pages chosen
come from the task's input PDF (their text) and the rule the instruction states; every other
page must stay exactly as it was."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.pdf_edits import _bare
from forge.checks.pdf_pages import mentions
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import PdfView

MarkSelect = Literal["listed", "range", "mentioning", "not_mentioning", "last"]


class PagesMarked(CheckOptions):
    file: OutputPath
    input_file: InputPath
    text: str = Field(description="The word stamped.")
    select: MarkSelect = Field(description="listed: `pages`; range: `from_page` to `to_page`; mentioning / "
                               "not_mentioning: the pages that mention `term` (whole word, case ignored) or do not; "
                               "last: the last page.")
    pages: list[int] = Field(default_factory=list, description="1-based pages stamped (listed).")
    from_page: int | None = None
    to_page: int | None = None
    term: str | None = None


def chosen(pages: list[str], opts: PagesMarked) -> set[int]:
    """The 1-based pages the rule picks."""
    count = len(pages)
    rules = {
        "listed": lambda: set(opts.pages),
        "range": lambda: set(range(opts.from_page or 1, (opts.to_page or count) + 1)),
        "mentioning": lambda: {n for n, p in enumerate(pages, start=1) if mentions(p, opts.term or "")},
        "not_mentioning": lambda: {n for n, p in enumerate(pages, start=1) if not mentions(p, opts.term or "")},
        "last": lambda: {count},
    }
    return rules[opts.select]()


@register_check("pdf.pages_marked", PagesMarked, view="pdf")
def pages_marked(state: FinalState, opts: PagesMarked) -> Verdict:
    """Each chosen page carries the word once more, before or after its own text, which is
    otherwise unchanged; every other page is unchanged; no page is added, lost or moved."""
    before = input_view(state, opts.input_file, PdfView).pages
    after = output_view(state, opts.file, PdfView).pages
    if len(after) != len(before):
        return Verdict.of(False, f"{opts.file} has {len(after)} pages, expected the input's {len(before)}")
    picked, stamp = chosen(before, opts), _bare(opts.text)
    for n, (want, have) in enumerate(zip(before, after, strict=True), start=1):
        original, got = _bare(want), _bare(have)
        if n not in picked and got != original:
            return Verdict.of(False, f"page {n} of {opts.file} changed; only pages {sorted(picked)} take the stamp")
        if n in picked and got not in (stamp + original, original + stamp):
            where = "its own text changed" if stamp in got else f"no {opts.text!r}"
            return Verdict.of(False, f"page {n} of {opts.file}: {where} (it reads {fold(have)[:70]!r})")
    return Verdict.of(True, f"{len(picked)} page(s) stamped {opts.text!r}, the others unchanged")
