"""Checks over the case of a markdown document's headings, as a style guide asks: sentence case
(the first word capitalised, the rest lower case) or title case (every word capitalised but the small
ones after the first), with a stated list of abbreviations kept in capitals; every heading or only
the `##` ones; every other line as it was.

Headings come from the view's fence-aware `headings` (a `# comment` in a code block is not one).
Trailing spaces do not count. The expected text comes from the input and the options.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TextView

SMALL_WORDS = ("a", "an", "and", "as", "at", "but", "by", "for", "in", "of", "on", "or", "the", "to", "with")
Case = Literal["sentence", "title"]


def recased(text: str, case: Case, keep: list[str]) -> str:
    """`text` in `case`: words split on spaces; an abbreviation of `keep` (any case) written as listed."""
    listed = {k.casefold(): k for k in keep}
    out = []
    for n, word in enumerate(text.split()):
        if word.casefold() in listed:
            out.append(listed[word.casefold()])
        elif n == 0 or (case == "title" and word.casefold() not in SMALL_WORDS):
            out.append(word[:1].upper() + word[1:].lower())
        else:
            out.append(word.lower())
    return " ".join(out)


class HeadingCase(CheckOptions):
    file: OutputPath
    input_file: InputPath
    case: Case = Field(description="sentence: the first word capitalised, the others lower case; title: every word "
                       f"capitalised except {', '.join(SMALL_WORDS)} after the first.")
    keep: list[str] = Field(default_factory=list, description="Abbreviations written exactly so wherever they occur.")
    level: int | None = Field(default=None, ge=1, le=6, description="Only headings of this level; None: all.")


def expected_lines(view: TextView, opts: HeadingCase) -> list[str]:
    lines = [line.rstrip() for line in view.lines]
    for h in view.headings:
        if opts.level is None or h.level == opts.level:
            lines[h.line - 1] = "#" * h.level + " " + recased(h.text, opts.case, opts.keep)
    return lines


@register_check("text.heading_case", HeadingCase, view="text")
def heading_case(state: FinalState, opts: HeadingCase) -> Verdict:
    """Every heading asked (all, or those of one level) is in sentence or title case with the listed
    abbreviations as listed, keeping its level; every other line, other headings and code blocks
    included, as it was (trailing spaces and blank lines at the end free)."""
    source = input_view(state, opts.input_file, TextView)
    want = expected_lines(source, opts)
    if want == [line.rstrip() for line in source.lines]:
        raise CheckError(f"{opts.input_file} has no heading to recase; the input is not for this check")
    got = [line.rstrip() for line in output_view(state, opts.file, TextView).lines]
    while want and not want[-1]:
        want.pop()
    while got and not got[-1]:
        got.pop()
    for n, (w, g) in enumerate(zip(want, got, strict=False), start=1):
        if w != g:
            return Verdict.of(False, f"line {n} of {opts.file} is {g[:80]!r}, expected {w[:80]!r}")
    if len(got) != len(want):
        return Verdict.of(False, f"{opts.file} has {len(got)} lines, expected {len(want)}")
    return Verdict.of(True, f"headings in {opts.case} case, the rest unchanged")
