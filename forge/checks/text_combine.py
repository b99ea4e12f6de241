"""Checks over text files combined into one: four markdown parts (handbook chapters, dated weekly
notes) joined in the order of their file names, ascending or descending (ISO dates in the names sort
newest first that way), optionally under a new title with every part's headings one level down,
and optionally a `---` rule between parts.

Lines are compared as a reader sees them: blank lines and the spaces inside a line do not count.
The expected document comes from the input files and the instruction's options.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from pydantic import Field

from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import TextView


class FilesCombined(CheckOptions):
    file: OutputPath
    first: InputPath
    second: InputPath
    third: InputPath
    fourth: InputPath
    descending: bool = Field(default=False, description="Parts in descending file-name order (newest first for "
                             "ISO-dated names); else ascending.")
    title: str | None = Field(default=None, description="A new top heading; every part's headings then go one "
                              "level down (to at most ######). None: the parts as they are.")
    rule: bool = Field(default=False, description="A `---` line between two parts.")


def _folded(line: str) -> str:
    return " ".join(line.split())


def part_lines(view: TextView, demote: bool) -> list[str]:
    """A part's non-blank lines, spaces folded, its headings one level down when `demote`."""
    lines = list(view.lines)
    for heading in view.headings if demote else []:
        lines[heading.line - 1] = "#" * min(heading.level + 1, 6) + " " + heading.text
    return [_folded(line) for line in lines if line.strip()]


def combined(parts: list[tuple[str, TextView]], opts: FilesCombined) -> list[tuple[str, str]]:
    """(line, where it comes from) of the expected document, parts in file-name order."""
    ordered = sorted(parts, key=lambda p: PurePosixPath(p[0]).name, reverse=opts.descending)
    out = [(_folded(f"# {opts.title}"), "the new title")] if opts.title else []
    for n, (path, view) in enumerate(ordered):
        if n and opts.rule:
            out.append(("---", f"the rule before {path}"))
        out += [(line, path) for line in part_lines(view, opts.title is not None)]
    return out


@register_check("text.files_combined", FilesCombined, view="text")
def files_combined(state: FinalState, opts: FilesCombined) -> Verdict:
    """The output holds the four parts whole, in file-name order (ascending, or descending when
    asked), under the new title with their headings one level down when a title is asked, a `---`
    line between parts when asked, and nothing else (blank lines and spacing inside lines free)."""
    paths = [opts.first, opts.second, opts.third, opts.fourth]
    want = combined([(p, input_view(state, p, TextView)) for p in paths], opts)
    got = [_folded(line) for line in output_view(state, opts.file, TextView).lines if line.strip()]
    for n, ((w, source), g) in enumerate(zip(want, got, strict=False), start=1):
        if w != g:
            return Verdict.of(False, f"text line {n} of {opts.file} is {g[:80]!r}, expected {w[:80]!r} "
                              f"(from {source})")
    if len(got) != len(want):
        where = f"missing from {want[len(got)][1]}" if len(got) < len(want) else f"extra: {got[len(want)][:60]!r}"
        return Verdict.of(False, f"{opts.file} has {len(got)} text lines, expected {len(want)} ({where})")
    return Verdict.of(True, f"4 parts combined in {'descending' if opts.descending else 'ascending'} name order")
