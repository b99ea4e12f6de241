"""A style guide's term list applied to a document: every listed old term replaced by its new one
as a whole word, all terms in one pass (a replacement is never replaced again), matching case
exactly or in any case with the found word's initial capital kept, everywhere or outside code
(fenced blocks and inline `code` spans). The list is a CSV or a markdown table (old term first,
new term second, under a header) or `old -> new` lines; the expected text comes from the input
document and the list.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks._compare import text
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.text_reports import _cells
from forge.checks.text_tables import table_spans
from forge.errors import CheckError
from forge.views import TableView, TextView

ListFormat = Literal["csv", "markdown", "arrows"]
_INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+\1")


class TermsReplaced(CheckOptions):
    file: OutputPath
    input_file: InputPath
    list_file: InputPath = Field(description="The term list: old term, new term.")
    list_format: ListFormat = Field(description="csv or markdown: a table whose first two columns are old and new; "
                                    "arrows: one 'old -> new' per line.")
    ignore_case: bool = Field(default=False, description="Match a term in any case; the found word's initial "
                              "capital is kept on its replacement.")
    skip_code: bool = Field(default=False, description="Leave fenced code blocks and inline code spans untouched.")


def term_list(state: FinalState, opts: TermsReplaced) -> dict[str, str]:
    """old -> new, in the list's order."""
    if opts.list_format == "csv":
        rows = [[text(v) for v in row[:2]] for row in input_view(state, opts.list_file, TableView).get().body]
    else:
        lines = input_view(state, opts.list_file, TextView).lines
        if opts.list_format == "arrows":
            rows = [[part.strip() for part in line.split("->", 1)] for line in lines if "->" in line]
        else:
            spans = table_spans(lines)
            if not spans:
                raise CheckError(f"{opts.list_file} holds no markdown table")
            rows = [_cells(line)[:2] for line in lines[spans[0][0] + 2: spans[0][1]]]
    pairs = {old: new for old, new in rows if old}
    if not pairs:
        raise CheckError(f"{opts.list_file} lists no terms")
    return pairs


def replaced(lines: list[str], terms: dict[str, str], opts: TermsReplaced) -> tuple[list[str], dict[str, int]]:
    """The lines with every term replaced as the options ask, and how often each term was found."""
    folded = {old.casefold(): old for old in terms}
    pattern = re.compile(r"(?<!\w)(" + "|".join(re.escape(t) for t in sorted(terms, key=len, reverse=True)) + r")(?!\w)",
                         re.IGNORECASE if opts.ignore_case else 0)
    counts = dict.fromkeys(terms, 0)

    def swap(match: re.Match[str]) -> str:
        found = match.group(0)
        old = folded[found.casefold()] if opts.ignore_case else found
        counts[old] += 1
        new = terms[old]
        return new[:1].upper() + new[1:] if opts.ignore_case and found[:1].isupper() else new

    def outside_code(line: str) -> str:
        if not opts.skip_code:
            return pattern.sub(swap, line)
        parts, at = [], 0
        for span in _INLINE_CODE.finditer(line):
            parts += [pattern.sub(swap, line[at: span.start()]), span.group(0)]
            at = span.end()
        return "".join([*parts, pattern.sub(swap, line[at:])])

    out, fenced = [], False
    for line in lines:
        fence = line.lstrip().startswith(("```", "~~~"))
        fenced ^= fence
        out.append(line.rstrip() if opts.skip_code and (fenced or fence) else outside_code(line).rstrip())
    while out and not out[-1]:
        out.pop()
    return out, counts


@register_check("text.terms_replaced", TermsReplaced, view="text")
def terms_replaced(state: FinalState, opts: TermsReplaced) -> Verdict:
    """Line for line the input document with every listed term replaced by its new term (whole words,
    one pass, case as the options say, code left alone when asked) and nothing else changed
    (trailing spaces aside)."""
    terms = term_list(state, opts)
    original = input_view(state, opts.input_file, TextView).lines
    expected, counts = replaced(original, terms, opts)
    if unused := [old for old, n in counts.items() if not n]:
        raise CheckError(f"{opts.input_file} has no {unused[0]!r} to replace; the input is not for this check")
    got = [line.rstrip() for line in output_view(state, opts.file, TextView).lines]
    while got and not got[-1]:
        got.pop()
    for n, (want, have) in enumerate(zip(expected, got, strict=False), start=1):
        if want != have:
            return Verdict.of(False, f"line {n} of {opts.file} is {have[:80]!r}, expected {want[:80]!r}")
    if len(got) != len(expected):
        return Verdict.of(False, f"{opts.file} has {len(got)} lines, expected {len(expected)}")
    return Verdict.of(True, f"{sum(counts.values())} occurrences of {len(terms)} terms replaced, nothing else changed")
