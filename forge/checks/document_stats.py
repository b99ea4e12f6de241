"""Counts reported about a document: per level-1 section, its words, characters (spaces not
counted) or paragraphs, as a two-column table (a CSV), in document order or largest first, with
a total row where asked. The counts are computed from the document the task gave, the way the
instruction defines them (a word is what stands between spaces; the heading itself and tables
are not counted)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks._compare import is_number
from forge.checks.document import blocks, fold
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import DocumentView, Paragraph, TableView

Measure = Literal["words", "characters", "paragraphs"]
MEASURE = {"words": lambda p: len(p.text.split()), "characters": lambda p: sum(1 for c in p.text if not c.isspace()),
           "paragraphs": lambda p: 1}


def section_counts(paragraphs: list[Paragraph], measure: str) -> list[tuple[str, int]]:
    """(heading, count) per level-1 section, its body up to the next level-1 heading (sub-headings
    are not body text)."""
    out: list[tuple[str, int]] = []
    for p in paragraphs:
        if p.heading_level == 1:
            out.append((fold(p.text), 0))
        elif out and p.heading_level is None:
            out[-1] = (out[-1][0], out[-1][1] + MEASURE[measure](p))
    return out


class SectionCounts(CheckOptions):
    file: OutputPath
    input_file: InputPath
    measure: Measure
    label_header: str = Field(description="The first column's heading (the section).")
    count_header: str = Field(description="The second column's heading (the count).")
    order: Literal["document", "largest"] = Field(description="document: the sections' order; largest: largest first.")
    total: bool = Field(description="A last row labelled Total holds the sum.")


@register_check("document.section_counts", SectionCounts, view="table")
def section_counts_reported(state: FinalState, opts: SectionCounts) -> Verdict:
    """The table has exactly the two headings asked for, then one row per level-1 section of the
    document (its heading, and its body paragraphs' words, non-space characters or paragraph
    count), in document order or largest first (ties in any order), then a Total row with the sum
    when asked; nothing else."""
    counts = section_counts(blocks(input_view(state, opts.input_file, DocumentView)), opts.measure)
    if not counts:
        return Verdict.of(False, f"{opts.input_file} has no level-1 headings to count by")
    table = output_view(state, opts.file, TableView).get()
    header = [fold(str(h or "")) for h in table.header]
    if [h.casefold() for h in header] != [opts.label_header.casefold(), opts.count_header.casefold()]:
        return Verdict.of(False, f"{opts.file} is headed {header}, expected {[opts.label_header, opts.count_header]}")
    rows = [list(r) for r in table.body if any(fold(str(c or "")) for c in r)]
    if opts.total:
        if not rows or fold(str(rows[-1][0] or "")).casefold() != "total":
            return Verdict.of(False, f"the last row of {opts.file} is not the Total row")
        *rows, last = rows
        want = sum(n for _, n in counts)
        if not is_number(last[1]) or last[1] != want:
            return Verdict.of(False, f"the Total row of {opts.file} reads {last[1]!r}, expected {want}")
    got = [(fold(str(r[0] or "")), r[1]) for r in rows]
    if bad := next((g for g in got if not is_number(g[1])), None):
        return Verdict.of(False, f"the count for {bad[0]!r} in {opts.file} is {bad[1]!r}, not a number")
    expected = counts
    if opts.order == "largest":
        values = [n for _, n in got]
        if any(a < b for a, b in zip(values, values[1:], strict=False)):
            return Verdict.of(False, f"{opts.file} is not ordered largest first: {values}")
        key = lambda c: (-c[1], c[0].casefold())  # noqa: E731 - ties may come in any order: compare sorted
        expected, got = sorted(counts, key=key), sorted(got, key=key)
    for n, (want, have) in enumerate(zip(expected, got, strict=False), start=2):
        if want[0].casefold() != have[0].casefold() or have[1] != want[1]:
            return Verdict.of(False, f"row {n} of {opts.file} reads {list(have)}, expected {list(want)}")
    if len(got) != len(expected):
        return Verdict.of(False, f"{opts.file} has {len(got)} section rows, expected {len(expected)}")
    return Verdict.of(True, f"{opts.measure} of {len(counts)} sections reported" + (" with a total" if opts.total else ""))
