"""Find and replace in a text file: a term replaced by another as whole words only or wherever it
occurs (inside longer words too), matching case or ignoring it, everywhere or outside fenced code
blocks only. Expected lines come from the input file and the instruction's options."""

from __future__ import annotations

import re

from pydantic import Field

from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TextView


class TextReplaced(CheckOptions):
    file: OutputPath
    input_file: InputPath
    old: str = Field(min_length=1, description="The text to find.")
    new: str = Field(description="What replaces it, written exactly so (not case-matched).")
    whole_word: bool = Field(default=False, description="Only where it is a whole word, not part of a longer one.")
    ignore_case: bool = Field(default=False, description="Match it in any upper/lower case.")
    skip_code: bool = Field(default=False, description="Leave fenced code blocks (``` ... ```) untouched.")


def replaced(lines: list[str], opts: TextReplaced) -> tuple[list[str], int]:
    """The lines with the replacement done as asked, and how many occurrences were replaced."""
    core = re.escape(opts.old)
    pattern = re.compile(rf"(?<!\w){core}(?!\w)" if opts.whole_word else core, re.IGNORECASE if opts.ignore_case else 0)
    out, count, fenced = [], 0, False
    for line in lines:
        fence = line.lstrip().startswith(("```", "~~~"))
        if fence:
            fenced = not fenced
        if opts.skip_code and (fenced or fence):
            out.append(line.rstrip())
            continue
        line, n = pattern.subn(lambda _: opts.new, line)
        out.append(line.rstrip())
        count += n
    while out and not out[-1]:
        out.pop()
    return out, count


@register_check("text.text_replaced", TextReplaced, view="text")
def text_replaced(state: FinalState, opts: TextReplaced) -> Verdict:
    """Line for line the input with every occurrence of `old` that the options select replaced by
    `new` (whole words only or anywhere, case-sensitive or not, code blocks skipped or not) and
    nothing else changed (trailing spaces aside)."""
    original = input_view(state, opts.input_file, TextView).lines
    expected, count = replaced(original, opts)
    if not count:
        raise CheckError(f"{opts.input_file} has no {opts.old!r} to replace; the input is not for this check")
    got = [line.rstrip() for line in output_view(state, opts.file, TextView).lines]
    while got and not got[-1]:
        got.pop()
    for n, (want, have) in enumerate(zip(expected, got, strict=False), start=1):
        if want != have:
            return Verdict.of(False, f"line {n} of {opts.file} is {have[:70]!r}, expected {want[:70]!r}")
    if len(got) != len(expected):
        return Verdict.of(False, f"{opts.file} has {len(got)} lines, expected {len(expected)}")
    return Verdict.of(True, f"{count} occurrences of {opts.old!r} replaced, nothing else changed")
