"""Documents put together from other files: a mail merge (one filled-in copy of a letter per CSV
record, in one document) and two documents merged into one. The expected paragraphs are the
inputs' own, filled in or concatenated as the instruction says; nothing may be added, lost or
reworded on the way.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks.document import blocks, fold, paragraphs_diff
from forge.checks.slides_tables import shown
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import DocumentView, Paragraph, Table, TableView

# --- document.letters_merged ----------------------------------------------------------------------


class LettersMerged(CheckOptions):
    file: OutputPath
    input_file: InputPath = Field(description="The letter template.")
    data_file: InputPath = Field(description="The CSV of recipients, one per row.")
    fields: dict[str, str] = Field(min_length=1, description="Text in the template -> the CSV column that replaces it.")
    where_column: str | None = Field(default=None, description="Only the rows whose `where_column` is `where_value`.")
    where_value: str | None = None
    recipient: str | None = Field(default=None, description="Only the row whose first field's column is this.")


@register_check("document.letters_merged", LettersMerged, view="document")
def letters_merged(state: FinalState, opts: LettersMerged) -> Verdict:
    """The document holds one copy of the template per selected CSV row (every row, those whose
    column has the value asked for, or the one recipient named), in the file's order, each
    paragraph reading as the template's with every field replaced by that row's value and keeping
    its heading level; nothing else."""
    template = blocks(input_view(state, opts.input_file, DocumentView))
    table = input_view(state, opts.data_file, TableView).get()
    text = " ".join(fold(p.text) for p in template)
    missing = [f for f in opts.fields if fold(f) not in text]
    if missing:
        return Verdict.of(False, f"{opts.input_file} has no {missing[0]!r} to fill in")
    columns = {f: table.need_col(c, opts.data_file) for f, c in opts.fields.items()}
    rows = list(table.body)
    if opts.where_column is not None:
        col = table.need_col(opts.where_column, opts.data_file)
        rows = [r for r in rows if shown(r[col]).casefold() == fold(opts.where_value or "").casefold()]
    if opts.recipient is not None:
        col = next(iter(columns.values()))
        rows = [r for r in rows if shown(r[col]).casefold() == fold(opts.recipient).casefold()]
    if not rows:
        return Verdict.of(False, f"no row of {opts.data_file} is selected by the request")
    expected = []
    for row in rows:
        for p in template:
            filled = fold(p.text)
            for field, col in columns.items():
                filled = filled.replace(fold(field), shown(row[col]))
            expected.append(Paragraph(text=filled, heading_level=p.heading_level))
    if msg := paragraphs_diff(expected, blocks(output_view(state, opts.file, DocumentView)), opts.file):
        return Verdict.of(False, f"{msg} (letter {_letter_of(msg, len(template))})")
    return Verdict.of(True, f"{len(rows)} letters of {len(template)} paragraphs each, filled from {opts.data_file}")


def _letter_of(message: str, size: int) -> str:
    """Which letter the paragraph a message names belongs to (paragraph N -> letter (N-1)//size+1)."""
    words = message.split()
    n = next((int(w) for a, w in zip(words, words[1:], strict=False) if a == "paragraph" and w.isdigit()), None)
    return str((n - 1) // size + 1) if n else "?"


# --- document.documents_merged --------------------------------------------------------------------


class DocumentsMerged(CheckOptions):
    file: OutputPath
    input_file: InputPath = Field(description="The main document.")
    other_file: InputPath = Field(description="The document merged into it.")
    place: Literal["end", "before_heading"] = Field(description="end: after the main document's last paragraph; "
                                                    "before_heading: directly before `heading`.")
    heading: str | None = None
    other_title: Literal["keep", "drop", "heading"] = Field(
        description="The other document's Title line: kept as it is, left out, or made a Heading 1.")


@register_check("document.documents_merged", DocumentsMerged, view="document")
def documents_merged(state: FinalState, opts: DocumentsMerged) -> Verdict:
    """The result is the main document with the other document's paragraphs (its title kept, left
    out or made a Heading 1, as asked) at its end or directly before the named heading, every
    paragraph's text and heading level as in its source; its tables are the main document's and
    the other's, cell for cell (in that order when appended at the end)."""
    main, other = input_view(state, opts.input_file, DocumentView), input_view(state, opts.other_file, DocumentView)
    output = output_view(state, opts.file, DocumentView)
    before, extra = [_loose(p) for p in blocks(main)], [_loose(p) for p in blocks(other)]
    if extra and extra[0].heading_level == 0:
        title = extra[0]
        extra = extra[1:] if opts.other_title == "drop" else extra
        if opts.other_title == "heading":
            extra = [title.model_copy(update={"heading_level": 1, "style": ""}), *extra[1:]]
    at = len(before)
    if opts.place == "before_heading":
        at = next((i for i, p in enumerate(before) if p.heading_level is not None
                   and fold(p.text) == fold(opts.heading or "")), -1)
        if at < 0:
            return Verdict.of(False, f"{opts.input_file} has no heading {opts.heading!r}")
    if msg := paragraphs_diff([*before[:at], *extra, *before[at:]], blocks(output), opts.file):
        return Verdict.of(False, msg)
    want = [_grid(t) for t in main.tables + other.tables]
    have = [_grid(t) for t in output.tables]
    if (have != want) if opts.place == "end" else (sorted(have) != sorted(want)):
        return Verdict.of(False, f"{opts.file} has {len(have)} tables; expected both documents' {len(want)} tables, "
                          "cell for cell" + (", the main document's first" if opts.place == "end" else ""))
    return Verdict.of(True, f"{opts.other_file}'s {len(extra)} paragraphs merged into {opts.input_file}")


def _grid(table: Table) -> list[list[str]]:
    return [[fold(str(c or "")) for c in row] for row in table.rows]


def _loose(p: Paragraph) -> Paragraph:
    """Body paragraphs compared by text and level (a merge may restyle body text); headings by level."""
    return p.model_copy(update={"style": ""})
