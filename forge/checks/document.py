"""The document check library: relational checks over `DocumentView` (docx today).

Each check computes what the output must hold from the task's original input and the options
the instruction states: a section inserted before a named heading, a phrase replaced
everywhere, a header and footer set, a table carried over from another file. The rest of the
document must stay as it was, so a solution that rewrites more than it was asked fails.
Paragraph texts are compared with runs of whitespace folded (an editor may re-flow spaces).
"""

from __future__ import annotations

from pydantic import Field

from forge.checks._compare import same_value, show
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import DocumentView, Paragraph, TableView


def fold(text: str) -> str:
    """Whitespace runs as one space, ends stripped: what a reader sees."""
    return " ".join(text.split())


def blocks(view: DocumentView) -> list[Paragraph]:
    """The paragraphs that hold text, in order (empty spacer paragraphs carry nothing)."""
    return [p for p in view.paragraphs if p.text.strip()]


def _shown(p: Paragraph) -> str:
    level = f" (heading level {p.heading_level})" if p.heading_level else ""
    return f"{fold(p.text)[:60]!r}{level}"


def paragraphs_diff(expected: list[Paragraph], got: list[Paragraph], source: str) -> str | None:
    """First paragraph whose text, heading level or style differs (style only where `expected` names
    one: a new body paragraph may take any body style), or a count mismatch."""
    for n, (want, have) in enumerate(zip(expected, got, strict=False), start=1):
        if fold(want.text) != fold(have.text):
            return f"paragraph {n} of {source} is {_shown(have)}, expected {_shown(want)}"
        if want.heading_level != have.heading_level:
            return (f"paragraph {n} of {source} ({fold(have.text)[:40]!r}) has heading level "
                    f"{have.heading_level}, expected {want.heading_level}")
        if want.style and want.style != have.style:
            return f"paragraph {n} of {source} ({fold(have.text)[:40]!r}) has style {have.style!r}, expected {want.style!r}"
    if len(got) > len(expected):
        return f"{source} has an extra paragraph {n + 1 if expected else 1}: {_shown(got[len(expected)])}"
    if len(got) < len(expected):
        return f"{source} is missing paragraph {len(got) + 1}: {_shown(expected[len(got)])}"
    return None


def tables_same(original: DocumentView, output: DocumentView, source: str) -> str | None:
    if len(output.tables) != len(original.tables):
        return f"{source} has {len(output.tables)} tables, expected {len(original.tables)} (tables must stay)"
    for n, (a, b) in enumerate(zip(original.tables, output.tables, strict=True), start=1):
        if [[fold(str(c or "")) for c in r] for r in a.rows] != [[fold(str(c or "")) for c in r] for r in b.rows]:
            return f"table {n} of {source} changed; it must stay as it was"
    return None


class DocumentEdit(CheckOptions):
    """The result and the original; for an in-place edit both name the same path."""

    file: OutputPath
    input_file: InputPath


def _views(state: FinalState, opts: DocumentEdit) -> tuple[DocumentView, DocumentView]:
    return input_view(state, opts.input_file, DocumentView), output_view(state, opts.file, DocumentView)


# --- document.section_inserted -------------------------------------------------------------------


class SectionInserted(DocumentEdit):
    heading: str
    level: int = Field(default=1, ge=1, le=9)
    paragraphs: list[str] = Field(min_length=1, description="Body paragraphs under the new heading, in order.")
    before_heading: str | None = Field(default=None, description="The heading the section goes before; None: at the end.")


@register_check("document.section_inserted", SectionInserted, view="document")
def section_inserted(state: FinalState, opts: SectionInserted) -> Verdict:
    """A new heading (at the level asked) and its paragraphs sit directly before the named heading
    (or at the end); every other paragraph and table is as it was."""
    original, output = _views(state, opts)
    before = blocks(original)
    new = [Paragraph(text=opts.heading, heading_level=opts.level), *(Paragraph(text=t) for t in opts.paragraphs)]
    if opts.before_heading is None:
        at = len(before)
    else:
        at = next((i for i, p in enumerate(before) if p.heading_level is not None
                   and fold(p.text) == fold(opts.before_heading)), -1)
        if at < 0:
            return Verdict.of(False, f"{opts.input_file} has no heading {opts.before_heading!r} to insert before")
    expected = before[:at] + new + before[at:]
    if msg := paragraphs_diff(expected, blocks(output), opts.file):
        return Verdict.of(False, msg)
    if msg := tables_same(original, output, opts.file):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{opts.heading!r} and {len(opts.paragraphs)} paragraph(s) inserted at paragraph {at + 1}")


# --- document.text_replaced --------------------------------------------------------------------


class TextReplaced(DocumentEdit):
    old: str = Field(min_length=1)
    new: str


def _all_texts(view: DocumentView) -> list[str]:
    cells = [str(c) for t in view.tables for row in t.rows for c in row if c is not None]
    return [p.text for p in view.paragraphs] + cells + view.headers + view.footers


@register_check("document.text_replaced", TextReplaced, view="document")
def text_replaced(state: FinalState, opts: TextReplaced) -> Verdict:
    """Every occurrence of `old` (body, tables, headers, footers) reads `new`; nothing else changed,
    heading levels included."""
    original, output = _views(state, opts)
    if not any(opts.old in t for t in _all_texts(original)):
        return Verdict.of(False, f"{opts.input_file} does not contain {opts.old!r}; nothing to replace")
    if opts.old not in opts.new:
        left = next((t for t in _all_texts(output) if opts.old in t), None)
        if left is not None:
            return Verdict.of(False, f"{opts.file} still contains {opts.old!r}: {fold(left)[:80]!r}")
    expected = [p.model_copy(update={"text": p.text.replace(opts.old, opts.new)}) for p in blocks(original)]
    if msg := paragraphs_diff(expected, blocks(output), opts.file):
        return Verdict.of(False, msg)
    for what, want, have in (("header", original.headers, output.headers), ("footer", original.footers, output.footers)):
        wanted = [fold(t.replace(opts.old, opts.new)) for t in want]
        if [fold(t) for t in have] != wanted:
            return Verdict.of(False, f"the {what}s of {opts.file} read {[fold(t) for t in have]}, expected {wanted}")
    for n, (a, b) in enumerate(zip(original.tables, output.tables, strict=False), start=1):
        want_rows = [[fold(str(c or "").replace(opts.old, opts.new)) for c in r] for r in a.rows]
        if [[fold(str(c or "")) for c in r] for r in b.rows] != want_rows:
            return Verdict.of(False, f"table {n} of {opts.file} does not read as the original with the replacement")
    if len(original.tables) != len(output.tables):
        return Verdict.of(False, f"{opts.file} has {len(output.tables)} tables, expected {len(original.tables)}")
    return Verdict.of(True, f"{opts.old!r} reads {opts.new!r} throughout; nothing else changed")


# --- document.header_footer --------------------------------------------------------------------


class HeaderFooter(DocumentEdit):
    header: str | None = None
    footer: str | None = None


@register_check("document.header_footer", HeaderFooter, view="document")
def header_footer(state: FinalState, opts: HeaderFooter) -> Verdict:
    """Every section's header (and/or footer) reads exactly the text asked for; the body is unchanged."""
    original, output = _views(state, opts)
    for what, want, have in (("header", opts.header, output.headers), ("footer", opts.footer, output.footers)):
        if want is None:
            continue
        wrong = [n for n, text in enumerate(have, start=1) if fold(text) != fold(want)]
        if not have or wrong:
            shown = fold(have[wrong[0] - 1]) if have else "(no sections)"
            return Verdict.of(False, f"the {what} of section {wrong[0] if have else 1} of {opts.file} reads "
                              f"{shown!r}, expected {want!r}")
    if msg := paragraphs_diff(blocks(original), blocks(output), opts.file):
        return Verdict.of(False, msg)
    if msg := tables_same(original, output, opts.file):
        return Verdict.of(False, msg)
    return Verdict.of(True, "header/footer set in every section; body unchanged")


# --- document.table_from -------------------------------------------------------------------------


class TableFrom(CheckOptions):
    file: OutputPath
    input_file: InputPath
    table: str | None = Field(default=None, description="The input's sheet or table name; None: its first.")
    heading: str = Field(description="The heading the table sits under.")
    intro: bool = Field(default=True, description="A body paragraph (an introduction) follows the heading.")
    tolerance: float = Field(default=0.005, ge=0)


@register_check("document.table_from", TableFrom, view="document")
def table_from(state: FinalState, opts: TableFrom) -> Verdict:
    """The document has the heading asked for (followed by an introductory paragraph, with `intro`)
    and, as its first table, the input table: the same header and rows, cell for cell (numbers
    within `tolerance`, however they are printed)."""
    source = input_view(state, opts.input_file, TableView).get(opts.table)
    document = output_view(state, opts.file, DocumentView)
    headings = [p for p in document.paragraphs if p.heading_level is not None and fold(p.text) == fold(opts.heading)]
    if not headings:
        found = [fold(p.text) for p in document.headings()]
        return Verdict.of(False, f"{opts.file} has no heading {opts.heading!r}; its headings are {found}")
    if opts.intro:
        after = document.paragraphs[document.paragraphs.index(headings[0]) + 1:]
        following = next((p for p in after if p.text.strip()), None)
        if following is None or following.heading_level is not None:
            return Verdict.of(False, f"no introductory paragraph follows the heading {opts.heading!r} in {opts.file}")
    tables = output_view(state, opts.file, TableView).tables
    if not tables:
        return Verdict.of(False, f"{opts.file} has no table")
    got = tables[0]
    if len(got.rows) != len(source.rows):
        return Verdict.of(False, f"the table in {opts.file} has {len(got.rows)} rows (header included), "
                          f"expected {len(source.rows)}")
    for r, (want, have) in enumerate(zip(source.rows, got.rows, strict=True), start=1):
        if len(have) != len(want):
            return Verdict.of(False, f"row {r} of the table has {len(have)} cells, expected {len(want)}")
        for c, (w, h) in enumerate(zip(want, have, strict=True), start=1):
            if not same_value(h, w, opts.tolerance) and fold(str(h or "")) != fold(str(w or "")):
                return Verdict.of(False, f"table row {r}, cell {c} is {show(h)}, expected {show(w)}")
    return Verdict.of(True, f"{opts.heading!r} with the {len(source.rows) - 1}-row table from {opts.input_file}")
