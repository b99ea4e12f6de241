"""A report compiled from three contributions (each team's part, sent as its own document): the
report's title, then each contribution in the order asked, its title line made a Heading 1 and its
own headings one level down, its text and tables carried over unchanged; a stated byline left out
and each part on a new page where the instruction asks.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks.document import blocks, fold, paragraphs_diff
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import DocumentView, Paragraph, Table

Order = Literal["listed", "alpha"]


class ReportCompiled(CheckOptions):
    file: OutputPath
    first_file: InputPath = Field(description="The contributions, in the order the task lists them.")
    second_file: InputPath
    third_file: InputPath
    title: str = Field(min_length=1, description="The compiled report's title line (Title style).")
    order: Order = Field(description="listed: the parts as the files are listed; alpha: A to Z by their titles.")
    page_breaks: bool = Field(default=False, description="Every part's heading starts a new page.")
    drop_prefix: str | None = Field(default=None, description="A contribution's paragraphs starting with this "
                                    "text (a byline) are left out.")


def _part(view: DocumentView, source: str, drop: str | None) -> tuple[str, list[Paragraph]] | str:
    """A contribution's title and its paragraphs as they read in the report (loose body styles,
    headings one level down, the byline left out); a message when it has no title line."""
    body = blocks(view)
    if not body or body[0].heading_level != 0:
        return f"{source} has no title line to make its part's heading"
    title, rest = fold(body[0].text), body[1:]
    if drop is not None:
        rest = [p for p in rest if not fold(p.text).startswith(fold(drop))]
    shifted = [p.model_copy(update={"style": "", "heading_level": None if p.heading_level is None
                                    else min(9, p.heading_level + 1)}) for p in rest]
    return title, [Paragraph(text=title, heading_level=1), *shifted]


@register_check("document.report_compiled", ReportCompiled, view="document")
def report_compiled(state: FinalState, opts: ReportCompiled) -> Verdict:
    """The output is the title line, then each contribution (as listed, or A to Z by title) as a
    Heading 1 with its paragraphs one heading level down (the byline left out when asked), every
    text and level as in its source; its tables are the parts' tables in the same order, cell for
    cell; with `page_breaks`, every part's heading opens a new page."""
    sources = [opts.first_file, opts.second_file, opts.third_file]
    parts = []
    for source in sources:
        part = _part(input_view(state, source, DocumentView), source, opts.drop_prefix)
        if isinstance(part, str):
            return Verdict.of(False, part)
        parts.append((part[0], source, part[1]))
    if opts.order == "alpha":
        parts.sort(key=lambda p: p[0].casefold())
    expected = [Paragraph(text=opts.title, heading_level=0)]
    starts = []
    for _, _, paragraphs in parts:
        starts.append(len(expected))
        expected += paragraphs
    output = output_view(state, opts.file, DocumentView)
    got = blocks(output)
    if msg := paragraphs_diff(expected, got, opts.file):
        owner = next((parts[n][1] for n in range(len(starts) - 1, -1, -1)
                      if _first_difference(expected, got) >= starts[n]), None)
        return Verdict.of(False, msg + (f" (the part from {owner})" if owner else " (the title line)"))
    want = [(source, _grid(t)) for _, source, _ in parts for t in input_view(state, source, DocumentView).tables]
    have = [_grid(t) for t in output.tables]
    for n, (source, grid) in enumerate(want, start=1):
        if n > len(have) or have[n - 1] != grid:
            return Verdict.of(False, f"table {n} of {opts.file} is not {source}'s table, cell for cell "
                              f"({len(have)} tables, expected {len(want)})")
    if len(have) > len(want):
        return Verdict.of(False, f"{opts.file} has an extra table {len(want) + 1}")
    if opts.page_breaks:
        index = [i for i, p in enumerate(output.paragraphs) if p.text.strip()]
        for at, (title, _, _) in zip(starts, parts, strict=True):
            if not output.starts_page(index[at]):
                return Verdict.of(False, f"the part {title!r} in {opts.file} does not start on a new page")
    return Verdict.of(True, f"{opts.title!r} compiled from {len(parts)} parts: {[p[0] for p in parts]}")


def _grid(table: Table) -> list[list[str]]:
    return [[fold(str(c or "")) for c in row] for row in table.rows]


def _first_difference(expected: list[Paragraph], got: list[Paragraph]) -> int:
    """Index of the first paragraph whose text or heading level differs (the shorter length when
    one list runs out)."""
    for n, (want, have) in enumerate(zip(expected, got, strict=False)):
        if fold(want.text) != fold(have.text) or want.heading_level != have.heading_level:
            return n
    return min(len(expected), len(got))
