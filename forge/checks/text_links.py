"""Markdown link style: inline links (`[text](url)`) turned into numbered reference links
(`[text][1]` with `[1]: url` definitions at the end, one number per URL in order of first use), or
reference links turned back into inline ones (their definitions dropped); images (`![alt](src)`)
converted too or left as they are, code blocks never touched. Expected lines come from the input
file and the instruction's options, never from the workflow."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TextView

INLINE = re.compile(r"(!?)\[([^\]\n]+)\]\(([^)\s]+)\)")
REFERENCE = re.compile(r"(!?)\[([^\]\n]+)\]\[([^\]\n]+)\]")
DEFINITION = re.compile(r"^ {0,3}\[([^\]]+)\]:\s+(\S+)\s*$")


def _prose(lines: list[str]) -> list[bool]:
    """For each line: True outside fenced code blocks."""
    out, fenced = [], False
    for line in lines:
        fence = line.lstrip().startswith(("```", "~~~"))
        fenced ^= fence
        out.append(not fenced and not fence)
    return out


def _trim(lines: list[str]) -> list[str]:
    lines = [line.rstrip() for line in lines]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def to_reference(lines: list[str], images: bool) -> list[str]:
    """Inline links (and with `images` inline images) as numbered reference links, definitions last."""
    numbers: dict[str, int] = {}

    def swap(match: re.Match[str]) -> str:
        bang, text, url = match.groups()
        if bang and not images:
            return match.group(0)
        number = numbers.setdefault(url, len(numbers) + 1)
        return f"{bang}[{text}][{number}]"

    body = [INLINE.sub(swap, line) if prose else line for line, prose in zip(lines, _prose(lines), strict=True)]
    if not numbers:
        raise CheckError("the input has no inline links to convert")
    return [*_trim(body), "", *(f"[{n}]: {url}" for url, n in numbers.items())]


def to_inline(lines: list[str], images: bool) -> list[str]:
    """Reference links (and with `images` reference images) written inline; unused definitions go."""
    prose = _prose(lines)
    urls = {m.group(1).casefold(): m.group(2) for line, p in zip(lines, prose, strict=True) if p
            and (m := DEFINITION.match(line))}
    if not urls:
        raise CheckError("the input has no reference link definitions")
    kept: set[str] = set()

    def swap(match: re.Match[str]) -> str:
        bang, text, label = match.groups()
        if label.casefold() not in urls or (bang and not images):
            kept.add(label.casefold())
            return match.group(0)
        return f"{bang}[{text}]({urls[label.casefold()]})"

    body = [REFERENCE.sub(swap, line) if p else line
            for line, p in zip(lines, prose, strict=True)]
    out = [line for line, p in zip(body, prose, strict=True)
           if not (p and (m := DEFINITION.match(line)) and m.group(1).casefold() not in kept)]
    return _trim(out)


class LinksRestyled(CheckOptions):
    file: OutputPath
    input_file: InputPath
    style: Literal["reference", "inline"] = Field(description="reference: `[text][n]` with `[n]: url` at the end; "
                                                  "inline: `[text](url)`.")
    images: bool = Field(default=True, description="Images converted too; else left exactly as they are.")


@register_check("text.links_restyled", LinksRestyled, view="text")
def links_restyled(state: FinalState, opts: LinksRestyled) -> Verdict:
    """Line for line the input with its links in the style asked: for reference style, numbers
    1, 2, 3 ... in order of first use (a URL used twice keeps its number) and the definitions as
    `[n]: url` lines after one blank line at the end; for inline, every reference written with its
    URL and the definitions no longer used removed; images as asked, code blocks unchanged."""
    original = input_view(state, opts.input_file, TextView).lines
    expected = to_reference(original, opts.images) if opts.style == "reference" else to_inline(original, opts.images)
    got = _trim(output_view(state, opts.file, TextView).lines)
    for n, (want, have) in enumerate(zip(expected, got, strict=False), start=1):
        if want != have:
            return Verdict.of(False, f"line {n} of {opts.file} is {have[:70]!r}, expected {want[:70]!r}")
    if len(got) != len(expected):
        return Verdict.of(False, f"{opts.file} has {len(got)} lines, expected {len(expected)}")
    return Verdict.of(True, f"links written {opts.style}, {len(expected)} lines")
