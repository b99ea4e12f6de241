"""Two markdown notes files merged section by section: our title block kept, each `##` section's
lines from both files under one heading (ours first; a line already there not repeated unless
repeats are kept), the colleague's new sections after ours or every section in A-to-Z order.
Expected structure comes from both input files and the instruction's options."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TextView

_SECTION = re.compile(r"^##\s+(.*?)\s*#*\s*$")


def sections(lines: list[str]) -> tuple[list[str], dict[str, list[str]]]:
    """The non-blank lines before the first `##` heading, and each section's non-blank lines
    (trimmed) by heading, in order; a heading given twice is one section."""
    head: list[str] = []
    out: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in lines:
        if match := _SECTION.match(line):
            current = out.setdefault(" ".join(match.group(1).split()), [])
        elif line.strip():
            (head if current is None else current).append(line.strip())
    return head, out


def merged(ours: list[str], theirs: list[str], order: str, dedupe: bool) -> tuple[list[str], dict[str, list[str]]]:
    head, mine = sections(ours)
    _, other = sections(theirs)
    if not set(mine) & set(other) or not set(other) - set(mine):
        raise CheckError("the notes share no section, or the second adds none; the inputs are not for this check")
    out = {name: list(body) for name, body in mine.items()}
    for name, body in other.items():
        target = out.setdefault(name, [])
        target += [line for line in body if not (dedupe and line in target)]
    if order == "alphabetical":
        out = dict(sorted(out.items(), key=lambda item: item[0].casefold()))
    return head, out


class NotesMerged(CheckOptions):
    file: OutputPath
    input_file: InputPath
    other_file: InputPath = Field(description="The colleague's notes, merged into ours.")
    order: Literal["ours", "alphabetical"] = Field(default="ours", description="ours: our sections in our order, "
                                                   "then the new ones in theirs; alphabetical: every section A to Z.")
    dedupe: bool = Field(default=True, description="A line already in the section is not added again.")


@register_check("text.notes_merged", NotesMerged, view="text")
def notes_merged(state: FinalState, opts: NotesMerged) -> Verdict:
    """Our lines before the first section, then every section of both files once, in the order
    asked, each holding our lines then the colleague's (those already there skipped with
    `dedupe`), blank lines aside; nothing else."""
    ours = input_view(state, opts.input_file, TextView).lines
    theirs = input_view(state, opts.other_file, TextView).lines
    head, expected = merged(ours, theirs, opts.order, opts.dedupe)
    output = output_view(state, opts.file, TextView).lines
    got_head, got = sections(output)
    headings = [" ".join(m.group(1).split()) for line in output if (m := _SECTION.match(line))]
    if len(headings) != len(set(headings)):
        return Verdict.of(False, f"{opts.file} has a section heading twice: {headings}")
    if got_head != head:
        return Verdict.of(False, f"{opts.file} opens with {got_head[:3]}, expected our title block {head[:3]}")
    if list(got) != list(expected):
        return Verdict.of(False, f"{opts.file} has the sections {list(got)}, expected {list(expected)}")
    for name, body in expected.items():
        if got[name] != body:
            extra = [line for line in got[name] if line not in body] or [line for line in body if line not in got[name]]
            return Verdict.of(False, f"section {name!r} holds {len(got[name])} lines, expected {len(body)} "
                              f"({'in another order' if not extra else repr(extra[0][:60])})")
    return Verdict.of(True, f"{len(expected)} sections merged")
