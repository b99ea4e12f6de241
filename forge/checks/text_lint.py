"""Checks over a markdown file fixed for one markdownlint rule, as a docs CI job asks: bullet markers
made `-` (MD004), ordered lists numbered 1, 2, 3 (MD029), underscore emphasis made asterisks
(MD049/MD050), bare URLs put in angle brackets (MD034), indented code blocks fenced with a stated
language (MD046/MD040), trailing punctuation dropped from headings (MD026), or a blank line put
around every heading (MD022).

The expected file is the input with the rule applied outside fenced code (and inline code spans);
lines compare without trailing spaces, runs of blank lines count as one, and blank lines at the
start and end are free.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Literal

from pydantic import Field

from forge.checks._text_diff import text_lines_diff
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TextView

Rule = Literal["bullets", "ordered", "emphasis", "bare_urls", "fences", "heading_punct", "heading_space"]
_FENCE = re.compile(r"^\s*(```|~~~)")
_BULLET = re.compile(r"^(\s*)[*+-](\s+)(?=\S)")
_ORDERED = re.compile(r"^(\s*)(\d+)([.)])(\s+)(?=\S)")
_HEADING = re.compile(r"^ {0,3}#{1,6}\s+\S")
_URL = re.compile(r"(?<![(<\[\w])https?://[^\s<>()\[\]`]*[^\s<>()\[\]`.,;:!?'\"]")
_STRONG = re.compile(r"(?<![\w_*])__(?=\S)(.+?)(?<=\S)__(?![\w_*])")
_EMPH = re.compile(r"(?<![\w_*])_(?=[^\s_])(.+?)(?<=[^\s_])_(?![\w_*])")
_CODE_SPAN = re.compile(r"(`+)(.+?)\1")


def _outside_code(lines: list[str]) -> list[bool]:
    """Per line: True where the line is markdown text, False inside (or on) a code fence."""
    out, fenced = [], False
    for line in lines:
        fence = bool(_FENCE.match(line))
        out.append(not fenced and not fence)
        fenced ^= fence
    return out


def _spans(line: str, fix: Callable[[str], str]) -> str:
    """`fix` applied to the parts of a line outside inline code spans."""
    parts, last = [], 0
    for match in _CODE_SPAN.finditer(line):
        parts += [fix(line[last:match.start()]), match.group()]
        last = match.end()
    return "".join([*parts, fix(line[last:])])


def _bullets(lines: list[str], text: list[bool], _: str | None) -> list[str]:
    return [_BULLET.sub(r"\1-\2", line) if keep else line for line, keep in zip(lines, text, strict=True)]


def _ordered(lines: list[str], text: list[bool], _: str | None) -> list[str]:
    """Each run of ordered items at one indent counts 1, 2, 3; a nested list starts again at 1."""
    out, stack = [], []  # stack of (indent, count)
    for line, keep in zip(lines, text, strict=True):
        item = _ORDERED.match(line) if keep else None
        indent = len(line) - len(line.lstrip())
        if not keep or not line.strip():
            stack = [] if keep else stack
            out.append(line)
            continue
        while stack and (stack[-1][0] > indent or (stack[-1][0] == indent and not item)):
            stack.pop()
        if item:
            count = stack.pop()[1] + 1 if stack and stack[-1][0] == indent else 1
            stack.append((indent, count))
            line = f"{item.group(1)}{count}{item.group(3)}{item.group(4)}{line[item.end():]}"
        out.append(line)
    return out


def _emphasis(lines: list[str], text: list[bool], _: str | None) -> list[str]:
    def fix(part: str) -> str:
        return _EMPH.sub(r"*\1*", _STRONG.sub(r"**\1**", part))
    return [_spans(line, fix) if keep else line for line, keep in zip(lines, text, strict=True)]


def _bare_urls(lines: list[str], text: list[bool], _: str | None) -> list[str]:
    def fix(part: str) -> str:
        return _URL.sub(r"<\g<0>>", part)
    return [_spans(line, fix) if keep else line for line, keep in zip(lines, text, strict=True)]


def _fences(lines: list[str], text: list[bool], language: str | None) -> list[str]:
    """Each indented code block (4 spaces, after a blank line, outside a list) fenced and dedented."""
    out: list[str] = []
    k = 0
    while k < len(lines):
        starts = text[k] and lines[k].startswith("    ") and lines[k].strip() and (k == 0 or not lines[k - 1].strip())
        if not starts:
            out.append(lines[k])
            k += 1
            continue
        block = []
        while k < len(lines) and text[k] and (lines[k].startswith("    ") or not lines[k].strip()):
            block.append(lines[k][4:])
            k += 1
        while block and not block[-1].strip():
            block.pop()
            k -= 1
        out += [f"```{language or ''}", *block, "```"]
    return out


def _heading_punct(lines: list[str], text: list[bool], _: str | None) -> list[str]:
    return [line.rstrip().rstrip(".,;:!") if keep and _HEADING.match(line) else line
            for line, keep in zip(lines, text, strict=True)]


def _heading_space(lines: list[str], text: list[bool], _: str | None) -> list[str]:
    out: list[str] = []
    for k, (line, keep) in enumerate(zip(lines, text, strict=True)):
        heading = keep and bool(_HEADING.match(line))
        if heading and out and out[-1].strip():
            out.append("")
        out.append(line)
        if heading and k + 1 < len(lines) and lines[k + 1].strip():
            out.append("")
    return out


RULES: dict[str, Callable[[list[str], list[bool], str | None], list[str]]] = {
    "bullets": _bullets, "ordered": _ordered, "emphasis": _emphasis, "bare_urls": _bare_urls, "fences": _fences,
    "heading_punct": _heading_punct, "heading_space": _heading_space}


def linted(lines: list[str], rule: Rule, language: str | None = None) -> list[str]:
    """`lines` with `rule` applied outside fenced code."""
    return RULES[rule](lines, _outside_code(lines), language)


def comparable(lines: list[str]) -> list[str]:
    """Trailing spaces dropped, runs of blank lines as one, no blank lines at the start or end."""
    out: list[str] = []
    for line in (raw.rstrip() for raw in lines):
        if line or (out and out[-1]):
            out.append(line)
    while out and not out[-1]:
        out.pop()
    return out


class MarkdownLinted(CheckOptions):
    file: OutputPath
    input_file: InputPath
    rule: Rule = Field(description="The one lint rule to fix everywhere outside code.")
    language: str | None = Field(default=None, description="fences: the language tag every new fence gets.")


@register_check("text.markdown_linted", MarkdownLinted, view="text")
def markdown_linted(state: FinalState, opts: MarkdownLinted) -> Verdict:
    """The file is its input with the one rule fixed everywhere outside code (fenced blocks and inline
    code spans kept as they are) and nothing else changed; trailing spaces and repeated blank lines free."""
    original = input_view(state, opts.input_file, TextView).lines
    if opts.rule == "fences" and not opts.language:
        raise CheckError("fencing code blocks needs the language to tag them with")
    want = comparable(linted(original, opts.rule, opts.language))
    if want == comparable(original):
        raise CheckError(f"{opts.input_file} has nothing to fix for {opts.rule}; not for this check")
    problem = text_lines_diff(want, comparable(output_view(state, opts.file, TextView).lines), opts.file)
    if problem:
        return Verdict.of(False, problem.replace("text line", "line"))
    return Verdict.of(True, f"{opts.rule} fixed: {len(want)} lines as expected")
