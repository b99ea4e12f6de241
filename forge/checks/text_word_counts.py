"""Checks over a report of a markdown document's word counts per section, as an editor or a grant
office asks for against section limits: every level-2 section (its sub-sections counted in) or every
heading below the title (its own text only); all of them, all with a total, or only those over a
stated limit; as `Section: N` lines or a two-column markdown table.

Words are counted as `wc -w` counts them (runs of non-space characters) on the lines under a heading
up to the next heading of the scope; heading lines themselves and lines inside code fences do not
count. Rows compare in document order, names ignoring case and outer spaces.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks._line_entries import named_rows_diff
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TextView

Scope = Literal["sections", "headings"]
Mode = Literal["all", "total", "over"]
_LINE = re.compile(r"^\s*(.+?)\s*:\s*(\d+)\s*(?:words?)?\s*$")
_ROW = re.compile(r"^\s*\|(.+)\|\s*$")


def word_counts(view: TextView, scope: Scope) -> list[tuple[str, int]]:
    """(heading, words) per section of the scope, in document order."""
    heads = {h.line: h for h in view.headings if h.level >= 2}
    counts: list[list] = []
    fenced = False
    for number, line in enumerate(view.lines, start=1):
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
            continue
        head = heads.get(number)
        if head is not None:
            if scope == "headings" or head.level == 2:
                counts.append([head.text.strip(), 0])
            continue
        if counts and not fenced:
            counts[-1][1] += len(line.split())
    return [(name, n) for name, n in counts]


def reported(lines: list[str], table: bool) -> list[tuple[str, int]] | str:
    """The report's (name, count) rows, or what does not read."""
    rows: list[tuple[str, int]] = []
    cells = [[c.strip() for c in m.group(1).split("|")] for m in (_ROW.match(x) for x in lines) if m] if table else []
    if table:
        body = [c for c in cells if not all(re.fullmatch(r":?-{3,}:?", x) for x in c)][1:]
        for row in body:
            if len(row) != 2 or not row[1].replace(",", "").isdigit():
                return f"table row {' | '.join(row)[:60]!r} is not a name and a number"
            rows.append((row[0], int(row[1].replace(",", ""))))
        return rows
    for line in (x for x in lines if x.strip()):
        match = _LINE.match(line)
        if match is None:
            return f"line {line[:60]!r} is not 'Name: N'"
        rows.append((match.group(1), int(match.group(2))))
    return rows


class SectionWords(CheckOptions):
    file: OutputPath
    input_file: InputPath
    scope: Scope = Field(description="sections: every level-2 heading, sub-sections counted in; headings: every "
                         "heading below the title, its own text only.")
    mode: Mode = Field(description="all; total: all, then a Total row; over: only those over `limit` words.")
    limit: int | None = Field(default=None, ge=1, description="over: the word limit (strictly more is over).")
    as_table: bool = Field(default=False, description="A markdown table (Section | Words), else 'Name: N' lines.")


@register_check("text.section_words", SectionWords, view="text")
def section_words(state: FinalState, opts: SectionWords) -> Verdict:
    """The report lists exactly the sections asked, in document order, each with its word count as
    `wc -w` counts the text under it (headings and code not counted), then a Total row if asked."""
    counts = word_counts(input_view(state, opts.input_file, TextView), opts.scope)
    if opts.mode == "over":
        if opts.limit is None:
            raise CheckError("listing the sections over a limit needs the limit")
        counts = [(name, n) for name, n in counts if n > opts.limit]
    want = counts + ([("Total", sum(n for _, n in counts))] if opts.mode == "total" else [])
    if not counts:
        raise CheckError(f"{opts.input_file} has no section to report; not for this check")
    got = reported(output_view(state, opts.file, TextView).lines, opts.as_table)
    if isinstance(got, str):
        return Verdict.of(False, f"{opts.file}: {got}")
    problem = named_rows_diff(want, got, opts.file, " words")
    if problem:
        return Verdict.of(False, problem)
    return Verdict.of(True, f"{len(want)} rows of word counts as expected")
