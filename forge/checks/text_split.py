"""Checks over a long markdown document split into one file per level-2 section, as people break a
handbook or a developer guide into chapter pages for a docs site: each part holds its section whole
(its `##` heading, its sub-sections and code), optionally with every heading one level up so the
section's heading is the page's title; the title and introduction before the first section go to
their own file, optionally followed by a bulleted list linking each part in order.

Sections are found by the view's ATX headings (code fences skipped: a `## build` comment in a bash
block is no section). Lines compare with their spaces folded; blank lines are free.
"""

from __future__ import annotations

import re
from posixpath import dirname, normpath, relpath

from pydantic import Field

from forge.checks._text_diff import text_lines_diff
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TextView

_LINK = re.compile(r"^[-*+]\s+\[(?P<text>[^\]]+)\]\((?P<target><[^>]+>|[^)\s]+)\)\s*$")


class SectionsSplit(CheckOptions):
    input_file: InputPath
    index: OutputPath
    part1: OutputPath
    part2: OutputPath
    part3: OutputPath
    part4: OutputPath
    promote: bool = Field(default=False, description="Every heading of a part one level up (## to #, ### to ##).")
    links: bool = Field(default=False, description="After the introduction, the index lists each part in order "
                        "as `- [heading](path relative to the index)`.")


def _folded(line: str) -> str:
    return " ".join(line.split())


def sections(view: TextView) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """The lines before the first level-2 heading, and each level-2 section's (heading text, lines)."""
    starts = [h for h in view.headings if h.level == 2]
    lines = list(view.lines)
    ends = [h.line - 1 for h in starts[1:]] + [len(lines)]
    intro = lines[: starts[0].line - 1] if starts else lines
    return intro, [(h.text, lines[h.line - 1: end]) for h, end in zip(starts, ends, strict=True)]


def _promoted(lines: list[str], first_line: int, view: TextView) -> list[str]:
    """`lines` (starting at 1-based `first_line` of `view`) with their headings one level up."""
    out = list(lines)
    for h in view.headings:
        k = h.line - first_line
        if 0 <= k < len(out):
            out[k] = "#" * max(h.level - 1, 1) + " " + h.text
    return out


def _content(lines: list[str]) -> list[str]:
    return [_folded(line) for line in lines if line.strip()]


def _links(lines: list[str], index: str) -> tuple[list[str], list[tuple[str, str]]]:
    """The index's lines before its trailing list of links, and the links as (text, resolved path)."""
    body = [line for line in lines if line.strip()]
    k = len(body)
    while k and _LINK.match(body[k - 1].strip()):
        k -= 1
    found = []
    for line in body[k:]:
        match = _LINK.match(line.strip())
        if match is None:  # pragma: no cover - every line from k on matched above
            continue
        target = match["target"].strip("<>")
        found.append((_folded(match["text"]), normpath(f"{dirname(index) or '.'}/{target}")))
    return body[:k], found


@register_check("text.sections_split", SectionsSplit, view="text")
def sections_split(state: FinalState, opts: SectionsSplit) -> Verdict:
    """Part k holds the input's k-th level-2 section whole (headings one level up when `promote`),
    and the index holds everything before the first section (then, when `links`, one link per part,
    in order, its text the section's heading). Spacing within a line and blank lines are free."""
    view = input_view(state, opts.input_file, TextView)
    intro, found = sections(view)
    parts = [opts.part1, opts.part2, opts.part3, opts.part4]
    if len(found) != len(parts):
        raise CheckError(f"{opts.input_file} has {len(found)} level-2 sections, not {len(parts)}")
    for path, (heading, lines) in zip(parts, found, strict=True):
        first = next(h.line for h in view.headings if h.level == 2 and h.text == heading)
        want = _content(_promoted(lines, first, view) if opts.promote else lines)
        problem = text_lines_diff(want, _content(output_view(state, path, TextView).lines), path)
        if problem:
            return Verdict.of(False, f"the part for '{heading}': {problem}")
    got = output_view(state, opts.index, TextView).lines
    rest, links = _links(got, opts.index) if opts.links else (got, [])
    problem = text_lines_diff(_content(intro), _content(rest), opts.index)
    if problem:
        return Verdict.of(False, f"the introduction: {problem}")
    if opts.links:
        want_links = [(_folded(heading), normpath(path)) for path, (heading, _) in zip(parts, found, strict=True)]
        for n, (want, have) in enumerate(zip(want_links, links, strict=False), start=1):
            if want != have:
                shown = relpath(have[1], dirname(opts.index) or ".")
                return Verdict.of(False, f"link {n} of {opts.index} is [{have[0]}]({shown}), expected "
                                  f"[{want[0]}]({relpath(want[1], dirname(opts.index) or '.')})")
        if len(links) != len(want_links):
            return Verdict.of(False, f"{opts.index} ends with {len(links)} links to the parts, expected "
                              f"{len(want_links)}")
    return Verdict.of(True, f"{len(parts)} sections split into their own files, the introduction in {opts.index}")
