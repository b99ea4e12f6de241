"""Heading numbers of a markdown document: sections numbered `## 1. Costs` (and sub-sections
`### 1.1 Detail`, counted afresh in each section), old or wrong numbers replaced, or every number
stripped. The title (`#`) and code blocks (a `# comment` there is no heading) are never numbered.
Expected lines come from the input file and the instruction's options, never from the workflow."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TextView

_ATX = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$")
NUMBER = re.compile(r"^\d+(?:\.\d+)*\.?\s+")


def _fence(line: str) -> bool:
    return line.lstrip().startswith(("```", "~~~"))


def outline(lines: list[str]) -> list[tuple[int, str] | str]:
    """Each line as (level, text) when it is an ATX heading outside code fences, else the line."""
    out: list[tuple[int, str] | str] = []
    fenced = False
    for line in lines:
        if _fence(line):
            fenced = not fenced
            out.append(line.rstrip())
            continue
        match = None if fenced else _ATX.match(line)
        out.append((len(match.group(1)), " ".join(match.group(2).split())) if match and match.group(2).strip()
                   else line.rstrip())
    return out


def numbered(lines: list[str], depth: int | None) -> list[str]:
    """The lines with the level-2 (with `depth` 3 also level-3) headings numbered afresh, any old
    number replaced: `1.`, `2.` ... and `1.1`, `1.2` ... under each; `depth` None: every number
    below the title stripped."""
    out, section, sub = [], 0, 0
    for item in outline(lines):
        if isinstance(item, str):
            out.append(item)
            continue
        level, text = item
        text = NUMBER.sub("", text) if 1 < level <= (depth or 6) else text
        if depth and level == 2:
            section, sub = section + 1, 0
            text = f"{section}. {text}"
        elif depth == 3 and level == 3:
            if not section:
                raise CheckError("a level-3 heading comes before any level-2 one; it has no section number")
            sub += 1
            text = f"{section}.{sub} {text}"
        out.append(f"{'#' * level} {text}")
    return out


class HeadingsNumbered(CheckOptions):
    file: OutputPath
    input_file: InputPath
    depth: Literal[2, 3] | None = Field(default=2, description="2: number the ## sections; 3: also the ### "
                              "sub-sections (1.1, 1.2 ...); None: strip every heading number instead.")


def _canonical(lines: list[str]) -> list[str]:
    rows = [item if isinstance(item, str) else f"{'#' * item[0]} {item[1]}" for item in outline(lines)]
    while rows and not rows[-1].strip():
        rows.pop()
    return rows


@register_check("text.headings_numbered", HeadingsNumbered, view="text")
def headings_numbered(state: FinalState, opts: HeadingsNumbered) -> Verdict:
    """Line for line the input, except that each heading below the title carries the number asked
    for (`## 2. Plan`, `### 2.1 Steps`) in place of any old one, or with `depth` None no number at
    all; code blocks and every other line unchanged (trailing spaces aside)."""
    original = input_view(state, opts.input_file, TextView).lines
    expected = _canonical(numbered(original, opts.depth))
    if expected == _canonical(original):
        raise CheckError(f"{opts.input_file} already reads as asked; the input is not for this check")
    got = _canonical(output_view(state, opts.file, TextView).lines)
    for n, (want, have) in enumerate(zip(expected, got, strict=False), start=1):
        if want != have:
            return Verdict.of(False, f"line {n} of {opts.file} is {have[:70]!r}, expected {want[:70]!r}")
    if len(got) != len(expected):
        return Verdict.of(False, f"{opts.file} has {len(got)} lines, expected {len(expected)}")
    count = sum(1 for line in expected if line.startswith("##"))
    return Verdict.of(True, f"{count} headings {'numbered' if opts.depth else 'without numbers'}")
