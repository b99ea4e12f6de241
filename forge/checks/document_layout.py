"""Document page-layout checks: where pages start (a page break before every Heading 1, before
one section, or none left), and which pages are landscape (the whole document, one section on
pages of its own, or everything from a heading on), with the paper size kept and margins as
asked. Like `forge.checks.document`, the text must read as it did: layout is all that moves.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks.document import DocumentEdit, tables_same, fold, paragraphs_diff
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import DocumentView


def text_indexes(view: DocumentView) -> list[int]:
    """Indexes in `paragraphs` of the paragraphs holding text (what `blocks` returns, by place)."""
    return [i for i, p in enumerate(view.paragraphs) if p.text.strip()]


def same_text(original: DocumentView, output: DocumentView, source: str) -> str | None:
    """The text paragraphs read as they did (text, heading level, style), each under the header and
    footer it had (a new section repeats them), and the tables are the same."""
    before, after = text_indexes(original), text_indexes(output)
    expected = [original.paragraphs[i] for i in before]
    if msg := paragraphs_diff(expected, [output.paragraphs[i] for i in after], source):
        return msg
    for what, old, new in (("header", original.headers, output.headers), ("footer", original.footers, output.footers)):
        for n, (i, j) in enumerate(zip(before, after, strict=True), start=1):
            want = fold(old[original.section_of(i)]) if old else ""
            have = fold(new[output.section_of(j)]) if new else ""
            if have != want:
                return f"the {what} over paragraph {n} of {source} reads {have[:50]!r}, expected {want[:50]!r}"
    return tables_same(original, output, source)


def heading_span(view: DocumentView, heading: str) -> tuple[int, int] | None:
    """(index of the Heading 1 or Title named `heading`, index of the next one or len(paragraphs))."""
    at = next((i for i, p in enumerate(view.paragraphs) if p.heading_level in (0, 1)
               and fold(p.text) == fold(heading)), None)
    if at is None:
        return None
    end = next((j for j in range(at + 1, len(view.paragraphs)) if view.paragraphs[j].heading_level in (0, 1)),
               len(view.paragraphs))
    return at, end


# --- document.page_starts -------------------------------------------------------------------------


class PageStarts(DocumentEdit):
    at: Literal["every_heading", "heading", "none"] = Field(
        description="every_heading: each Heading 1 opens a page; heading: only the one named; none: no manual "
                    "page break is left.")
    heading: str | None = Field(default=None, description="The heading that opens a page (with at=heading).")


@register_check("document.page_starts", PageStarts, view="document")
def page_starts(state: FinalState, opts: PageStarts) -> Verdict:
    """The paragraphs with text that open a new page (a page break before them, the page-break-before
    property, or a section starting on a new page) are exactly the ones asked: every Heading 1, the
    named heading, or none; the first paragraph never (a blank first page); every paragraph reads as
    it did, styles included, and tables are unchanged."""
    original, output = input_view(state, opts.input_file, DocumentView), output_view(state, opts.file, DocumentView)
    if opts.at == "heading" and (opts.heading is None or heading_span(original, opts.heading) is None):
        return Verdict.of(False, f"{opts.input_file} has no heading {opts.heading!r}")
    if msg := same_text(original, output, opts.file):
        return Verdict.of(False, msg)
    found = 0
    for n, i in enumerate(text_indexes(output), start=1):
        p = output.paragraphs[i]
        want = n > 1 and (opts.at == "every_heading" and p.heading_level == 1 or opts.at == "heading"
                          and p.heading_level in (0, 1) and fold(p.text) == fold(opts.heading or ""))
        has = output.starts_page(i)
        if has != want:
            how = "starts a new page, but should not" if has else "does not start a new page"
            return Verdict.of(False, f"paragraph {n} of {opts.file} ({fold(p.text)[:50]!r}) {how}")
        found += want
    if opts.at != "none" and not found:
        return Verdict.of(False, f"{opts.file} has no heading that should start a page")
    return Verdict.of(True, f"{found} paragraph(s) start a new page, as asked" if found else "no page breaks left")


# --- document.landscape_pages ---------------------------------------------------------------------


class LandscapePages(DocumentEdit):
    scope: Literal["whole", "section", "from"] = Field(
        description="whole: every page; section: the named Heading 1 section, on pages of its own; from: the "
                    "named heading to the end.")
    heading: str | None = Field(default=None, description="The section's heading (section, from).")
    margin_cm: float | None = Field(default=None, gt=0, description="Margins of the landscape pages, all four "
                                    "sides; None: as they were.")
    tolerance: float = Field(default=0.5, ge=0, description="Slack in mm on sizes and margins (unit rounding).")


def _close(a: float | None, b: float | None, tolerance: float) -> bool:
    return a is not None and b is not None and abs(a - b) <= tolerance


@register_check("document.landscape_pages", LandscapePages, view="document")
def landscape_pages(state: FinalState, opts: LandscapePages) -> Verdict:
    """Every paragraph with text in the asked part (the whole document, the named Heading 1 section up
    to the next, or the named heading to the end) is in a landscape section (marked landscape, wider
    than tall) and every other one in a portrait section; every section keeps the original's paper
    (width and height, either way round); the landscape pages' margins are the ones asked (else the
    original's), the portrait pages' as they were; the text and tables are unchanged."""
    original, output = input_view(state, opts.input_file, DocumentView), output_view(state, opts.file, DocumentView)
    if not original.sections:
        return Verdict.of(False, f"{opts.input_file} has no page setup to start from")
    span = (0, len(original.paragraphs))
    if opts.scope != "whole":
        found = heading_span(original, opts.heading or "")
        if found is None:
            return Verdict.of(False, f"{opts.input_file} has no Heading 1 {opts.heading!r}")
        span = found if opts.scope == "section" else (found[0], len(original.paragraphs))
    if msg := same_text(original, output, opts.file):
        return Verdict.of(False, msg)
    before = original.sections[0]
    paper = sorted([before.width_mm or 0, before.height_mm or 0])
    old_margins = before.margins_mm
    inside = [k for k, i in enumerate(text_indexes(original)) if span[0] <= i < span[1]]
    for k, i in enumerate(text_indexes(output)):
        p, page = output.paragraphs[i], output.sections[output.section_of(i)] if output.sections else None
        where = f"paragraph {k + 1} of {opts.file} ({fold(p.text)[:40]!r})"
        if page is None or page.width_mm is None or page.height_mm is None:
            return Verdict.of(False, f"{where} is in a section without a page size")
        wide = k in inside
        if (page.orientation == "landscape") != wide or (page.width_mm > page.height_mm) != wide:
            want = "landscape" if wide else "portrait"
            shape = "wider than tall" if wide else "taller than wide"
            return Verdict.of(False, f"{where} is on a page marked {page.orientation}, {page.width_mm:.0f} x "
                              f"{page.height_mm:.0f} mm; it should be {want} and {shape}")
        size = sorted([page.width_mm, page.height_mm])
        if not all(_close(a, b, opts.tolerance) for a, b in zip(size, paper, strict=True)):
            return Verdict.of(False, f"{where} is on {page.width_mm:.0f} x {page.height_mm:.0f} mm paper; the paper "
                              f"size must stay {paper[0]:.0f} x {paper[1]:.0f} mm")
        margins = {side: opts.margin_cm * 10 for side in ("top", "bottom", "left", "right")} \
            if wide and opts.margin_cm is not None else old_margins
        for side, want_mm in margins.items():
            if not _close(page.margins_mm.get(side), want_mm, opts.tolerance):
                return Verdict.of(False, f"{where} has a {side} margin of {page.margins_mm.get(side)} mm, expected "
                                  f"{want_mm:.1f} mm")
    part = {"whole": "every page", "section": f"the section {opts.heading!r}", "from": f"{opts.heading!r} on"}
    return Verdict.of(True, f"{part[opts.scope]} landscape, the rest portrait, paper kept")
