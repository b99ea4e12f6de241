"""PDF document properties edited: title, author, subject and keywords set, taken from the first
page, added to, or cleared, every property not named kept as the input had it, and the pages
untouched. The expected values come from the options (what the instruction states) and from the
task's input PDF (its first page and its properties as given)."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.pdf_edits import _same_pages
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import PdfView

Property = Literal["Title", "Author", "Subject", "Keywords"]
PROPERTIES: tuple[Property, ...] = ("Title", "Author", "Subject", "Keywords")


def keyword_set(text: str) -> set[str]:
    """Keywords as a viewer lists them: split at commas or semicolons, spacing and case folded."""
    return {fold(k).casefold() for k in re.split(r"[,;]", text) if k.strip()}


def first_line(page: str) -> str:
    return next((fold(line) for line in page.splitlines() if line.strip()), "")


class PropertiesSet(CheckOptions):
    file: OutputPath
    input_file: InputPath
    title: str | None = Field(default=None, description="The Title asked for.")
    author: str | None = Field(default=None, description="The Author asked for.")
    subject: str | None = Field(default=None, description="The Subject asked for.")
    keywords: list[str] = Field(default_factory=list, description="Keywords the PDF must hold (any order, comma or "
                                "semicolon separated); with none and no `add_keywords`, the input's are kept.")
    add_keywords: bool = Field(default=False, description="The input's keywords stay, `keywords` are added to them.")
    title_from_page: bool = Field(default=False, description="The Title is the first line printed on page 1.")
    cleared: list[Property] = Field(default_factory=list, description="Properties removed (absent or empty).")


def expected(before: PdfView, opts: PropertiesSet) -> dict[Property, str]:
    """Each property's value as the output must hold it (keywords joined by ', ')."""
    want: dict[Property, str] = {p: before.metadata.get(p, "") for p in PROPERTIES}
    for prop, value in (("Title", opts.title), ("Author", opts.author), ("Subject", opts.subject)):
        if value is not None:
            want[prop] = value  # type: ignore[index]
    if opts.title_from_page and before.pages:
        want["Title"] = first_line(before.pages[0])
    if opts.keywords:
        kept = sorted(keyword_set(want["Keywords"])) if opts.add_keywords else []
        want["Keywords"] = ", ".join([*kept, *opts.keywords])
    for prop in opts.cleared:
        want[prop] = ""
    return want


def _differs(prop: Property, have: str, want: str) -> str | None:
    """Why `have` is not `want` for this property, or None."""
    if prop != "Keywords":
        return None if fold(have) == fold(want) else f"is {have!r}, expected {want!r}"
    got, need = keyword_set(have), keyword_set(want)
    if missing := sorted(need - got):
        return f"lacks {', '.join(missing)} (it reads {have!r})"
    if extra := sorted(got - need):
        return f"has {', '.join(extra)} too, expected only {want!r}" if need else f"is {have!r}, expected none"
    return None


@register_check("pdf.properties_set", PropertiesSet, view="pdf")
def properties_set(state: FinalState, opts: PropertiesSet) -> Verdict:
    """The output keeps the input's pages and text; its Title, Author, Subject and Keywords are
    as asked (given values, the title printed on page 1, keywords added to the input's, or
    cleared) and every property not named is as the input had it. Text compares with spacing
    folded; keywords as a set, case folded."""
    before = input_view(state, opts.input_file, PdfView)
    after = output_view(state, opts.file, PdfView)
    if problem := _same_pages(before, after, opts.file):
        return Verdict.of(False, problem)
    for prop, want in expected(before, opts).items():
        if why := _differs(prop, after.metadata.get(prop, ""), want):
            return Verdict.of(False, f"{opts.file}'s {prop} {why}")
    return Verdict.of(True, "the document properties are as asked and the pages unchanged")
