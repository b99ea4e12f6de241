"""A table turned back into text (Writer's Table > Convert > Table to Text): one line per row with
the cells separated by tabs or semicolons, the header row kept as the first line or dropped; or
one bullet per row that labels each figure with its column ('Printers: January 120, February
88'). The lines stand where the table stood, at the end of its section; the table is gone and
every other paragraph and table is unchanged.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks.document import DocumentEdit, blocks, fold, paragraphs_diff
from forge.checks.document_edits import loose_paragraphs
from forge.checks.document_lists import changed_outside, section_span
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import DocumentView, Paragraph

Form = Literal["tab", "semicolon", "bullets"]
SEPARATORS = {"tab": "\t", "semicolon": ";"}


class TableToText(DocumentEdit):
    heading: str = Field(description="The heading of the section the table closes.")
    form: Form = Field(description="tab or semicolon: one line per row, cells separated by it; bullets: one "
                       "bulleted line per row, 'first cell: header value, header value'.")
    header: bool = Field(default=True, description="tab/semicolon: the header row is the first line.")


def row_lines(grid: list[list[str]], form: Form, header: bool) -> list[list[str]] | list[str]:
    """What each line must hold: the cells of each row (tab, semicolon), or each bullet's text."""
    head, body = grid[0], grid[1:]
    if form == "bullets":
        return [f"{row[0]}: " + ", ".join(f"{h} {v}" for h, v in zip(head[1:], row[1:], strict=True)) for row in body]
    return [head, *body] if header else body


def _grids(view: DocumentView) -> list[list[list[str]]]:
    return [[[fold(str(c or "")) for c in row] for row in t.rows] for t in view.tables]


@register_check("document.table_to_text", TableToText, view="document")
def table_to_text(state: FinalState, opts: TableToText) -> Verdict:
    """The table's rows are lines at the end of the section it closed, in order: the cells split
    at the separator (spaces around a cell ignored) or each bullet in a bulleted list style with
    its labelled figures; that table is gone, the document's other tables and paragraphs stay."""
    original, output = input_view(state, opts.input_file, DocumentView), output_view(state, opts.file, DocumentView)
    before, after = blocks(original), blocks(output)
    span = section_span(before, opts.heading)
    if span is None:
        return Verdict.of(False, f"{opts.input_file} has no heading {opts.heading!r}")
    old, new = _grids(original), _grids(output)
    gone = next((i for i, g in enumerate(old) if i >= len(new) or new[i] != g), None)
    if gone is None or len(new) != len(old) - 1 or new != old[:gone] + old[gone + 1:]:
        return Verdict.of(False, f"{opts.file} has {len(new)} tables; of the {len(old)} of {opts.input_file} the "
                          "converted one must be gone and the others unchanged")
    grid = old[gone]
    want = row_lines(grid, opts.form, opts.header)
    lines = [Paragraph(text=" ".join(w) if isinstance(w, list) else w) for w in want]
    expected = [*before[:span[1]], *lines, *before[span[1]:]]
    if len(after) != len(expected):
        return Verdict.of(False, f"{opts.file} has {len(after) - len(before)} new paragraphs; the table's rows make "
                          f"{len(want)} lines ({paragraphs_diff(loose_paragraphs(expected), loose_paragraphs(after), opts.file)})")
    outside = [*range(span[1]), *range(span[1] + len(lines), len(expected))]
    if msg := changed_outside(expected, after, outside, opts.file):
        return Verdict.of(False, f"{msg} (only the table's lines were to be added)")
    for n, (w, p) in enumerate(zip(want, after[span[1]:span[1] + len(lines)], strict=True), start=span[1] + 1):
        if opts.form == "bullets":
            if fold(p.text) != w or not p.style.startswith("List Bullet"):
                return Verdict.of(False, f"paragraph {n} of {opts.file} is {fold(p.text)[:70]!r} ({p.style}), expected "
                                  f"the bullet {w[:70]!r}")
        elif [fold(c) for c in p.text.split(SEPARATORS[opts.form])] != w:
            return Verdict.of(False, f"paragraph {n} of {opts.file} reads {p.text[:70]!r}; expected the cells {w} "
                              f"separated by {opts.form}s")
    return Verdict.of(True, f"the table's {len(lines)} rows are lines under {opts.heading!r} ({opts.form})")
