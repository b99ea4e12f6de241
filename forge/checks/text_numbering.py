"""Checks over line numbers on a code listing: numbers added to every line (as `cat -n` prints
them, `12 | code` as code viewers show them, or `12: code`), or such numbers stripped from a snippet
copied out of a PDF or a web page, leaving the code with its indentation.

Lines are compared whole (indentation counts in code); only trailing spaces and blank lines at the
end of the file are free. The expected lines come from the input file and the options.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks._text_diff import trimmed_lines
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TextView

Style = Literal["tab", "pipe", "colon"]
# style -> (how a number prefixes a line given the widest number's width, how to read one back)
STYLES: dict[str, tuple[str, re.Pattern[str]]] = {
    "tab": ("{n:>6}\t{line}", re.compile(r"^ *(\d+)(?:\t(.*))?$")),
    "pipe": ("{n:>{w}} | {line}", re.compile(r"^ *(\d+) \|(?: (.*))?$")),
    "colon": ("{n}: {line}", re.compile(r"^(\d+):(?: (.*))?$")),
}


def numbered(lines: list[str], style: Style) -> list[str]:
    """`lines` numbered from 1 in `style` (trailing spaces stripped)."""
    width = len(str(len(lines)))
    return [STYLES[style][0].format(n=n, w=width, line=line).rstrip() for n, line in enumerate(lines, start=1)]


def unnumbered(lines: list[str], style: Style, path: str) -> list[str]:
    """`lines` without their `style` numbers; CheckError when a line has none."""
    out = []
    for k, line in enumerate(lines, start=1):
        match = STYLES[style][1].match(line.rstrip())
        if match is None:
            raise CheckError(f"line {k} of {path} has no {style}-style line number; the input is not for this check")
        out.append(match.group(2) or "")
    return out


class LineNumbers(CheckOptions):
    file: OutputPath
    input_file: InputPath
    operation: Literal["add", "remove"] = Field(description="add a number to every line (blank ones too), counting "
                                                "from 1; or remove the numbers the listing has.")
    style: Style = Field(description="tab: the number right-aligned in 6 characters, then a tab (cat -n); pipe: "
                         "right-aligned to the widest number, then ' | '; colon: the number, then ': '.")


@register_check("text.line_numbers", LineNumbers, view="text")
def line_numbers(state: FinalState, opts: LineNumbers) -> Verdict:
    """The output is the input with a number added to every line in the style asked (counting from
    1, blank lines too), or with the listing's numbers and their separator removed and every line of
    code kept with its indentation; nothing else (trailing spaces and blank lines at the end free)."""
    original = trimmed_lines(input_view(state, opts.input_file, TextView).lines)
    if opts.operation == "add":
        want = numbered(original, opts.style)
    else:
        want = trimmed_lines(unnumbered(original, opts.style, opts.input_file))
    got = trimmed_lines(output_view(state, opts.file, TextView).lines)
    for n, (w, g) in enumerate(zip(want, got, strict=False), start=1):
        if w != g:
            return Verdict.of(False, f"line {n} of {opts.file} is {g[:80]!r}, expected {w[:80]!r}")
    if len(got) != len(want):
        return Verdict.of(False, f"{opts.file} has {len(got)} lines, expected {len(want)}")
    return Verdict.of(True, f"{len(want)} lines, numbers {'added' if opts.operation == 'add' else 'removed'}")
