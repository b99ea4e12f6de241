"""The pdf check library: checks over `PdfView` (pages of text, metadata) and a PDF's tables.

Expected values come from the input PDF itself: the amount printed after a label the
instruction names, the metadata fields it names, the pages of the PDFs it names, the table it
prints. Numbers are compared as numbers (`3,040.72` and `3040.72` are one amount), at the
precision the PDF prints them.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks._compare import same_value, show
from forge.checks.document import fold
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import PdfView, TableView, TextView

AMOUNT = r"-?\d[\d,]*(?:\.\d+)?"
_AMOUNT = re.compile(rf"(?<![\w.]){AMOUNT}(?![\w])")
MetadataField = Literal["Title", "Author", "Subject", "Keywords"]


def amount(text: str) -> float:
    return float(text.replace(",", ""))


def labelled_amount(pages: list[str], label: str) -> str | None:
    """The number printed right after `label` (and a colon) in the pages' text, as printed."""
    pattern = re.compile(rf"{re.escape(label)}\s*(?:\([^)]*\))?\s*:\s*({AMOUNT})", re.IGNORECASE)
    for page in pages:
        match = pattern.search(page)
        if match:
            return match.group(1)
    return None


# --- pdf.value_reported ----------------------------------------------------------------------------


class ValueReported(CheckOptions):
    file: OutputPath = Field(description="The text file the value is written to.")
    input_file: InputPath = Field(description="The PDF the value is read from.")
    label: str = Field(description="The label the PDF prints before the value, e.g. 'Total due'.")


@register_check("pdf.value_reported", ValueReported, view="pdf")
def value_reported(state: FinalState, opts: ValueReported) -> Verdict:
    """The output text holds exactly one number, equal to the one the PDF prints after the label
    (to the cent it prints; thousands separators optional)."""
    pages = input_view(state, opts.input_file, PdfView).pages
    printed = labelled_amount(pages, opts.label)
    if printed is None:
        return Verdict.of(False, f"{opts.input_file} prints no amount after {opts.label!r}")
    text = output_view(state, opts.file, TextView).text
    numbers = _AMOUNT.findall(text)
    if len(numbers) != 1:
        return Verdict.of(False, f"{opts.file} holds {len(numbers)} numbers {numbers[:5]}; expected just the "
                          f"{opts.label} amount")
    decimals = len(printed.split(".")[1]) if "." in printed else 0
    got = numbers[0]
    if round(amount(got), decimals) != amount(got) or abs(amount(got) - amount(printed)) > 10 ** -(decimals + 2):
        return Verdict.of(False, f"{opts.file} says {got}, but {opts.input_file} prints {opts.label}: {printed}")
    return Verdict.of(True, f"{opts.label} reported as {got}")


# --- pdf.metadata_reported ---------------------------------------------------------------------------


class MetadataReported(CheckOptions):
    file: OutputPath
    input_file: InputPath
    fields: list[MetadataField] = Field(min_length=1)


@register_check("pdf.metadata_reported", MetadataReported, view="pdf")
def metadata_reported(state: FinalState, opts: MetadataReported) -> Verdict:
    """The output text has one `Field: value` line per field asked for, in that order, each value
    equal to the PDF's metadata; no other lines."""
    metadata = input_view(state, opts.input_file, PdfView).metadata
    missing = [f for f in opts.fields if not metadata.get(f)]
    if missing:
        return Verdict.of(False, f"{opts.input_file} has no {missing[0]} in its metadata")
    expected = [f"{f}: {fold(metadata[f])}" for f in opts.fields]
    lines = [fold(line) for line in output_view(state, opts.file, TextView).lines if line.strip()]
    if lines != expected:
        return Verdict.of(False, f"{opts.file} reads {lines[:6]}, expected {expected}")
    return Verdict.of(True, f"{len(expected)} metadata field(s) reported")


# --- pdf.pages_combined --------------------------------------------------------------------------------


class PagesCombined(CheckOptions):
    file: OutputPath
    first_file: InputPath
    second_file: InputPath


@register_check("pdf.pages_combined", PagesCombined, view="pdf")
def pages_combined(state: FinalState, opts: PagesCombined) -> Verdict:
    """The output PDF's pages are the first PDF's pages followed by the second's, each page's text
    as in its source."""
    expected = [*input_view(state, opts.first_file, PdfView).pages, *input_view(state, opts.second_file, PdfView).pages]
    return _pages_verdict(expected, output_view(state, opts.file, PdfView).pages, opts.file)


def _pages_verdict(expected: list[str], got: list[str], source: str) -> Verdict:
    if len(got) != len(expected):
        return Verdict.of(False, f"{source} has {len(got)} pages, expected {len(expected)}")
    for n, (want, have) in enumerate(zip(expected, got, strict=True), start=1):
        if fold(want) != fold(have):
            return Verdict.of(False, f"page {n} of {source} starts {fold(have)[:60]!r}, expected {fold(want)[:60]!r}")
    return Verdict.of(True, f"{len(got)} pages in order")


class PagesUnchanged(CheckOptions):
    file: OutputPath
    input_file: InputPath


@register_check("pdf.pages_unchanged", PagesUnchanged, view="pdf")
def pages_unchanged(state: FinalState, opts: PagesUnchanged) -> Verdict:
    """The output PDF has the input's pages, in order, each with the same text."""
    expected = input_view(state, opts.input_file, PdfView).pages
    return _pages_verdict(expected, output_view(state, opts.file, PdfView).pages, opts.file)


# --- pdf.metadata_equals --------------------------------------------------------------------------------


class MetadataEquals(CheckOptions):
    file: OutputPath
    title: str | None = None
    author: str | None = None
    subject: str | None = None


@register_check("pdf.metadata_equals", MetadataEquals, view="pdf")
def metadata_equals(state: FinalState, opts: MetadataEquals) -> Verdict:
    """The PDF's document properties hold the title/author/subject asked for, exactly."""
    metadata = output_view(state, opts.file, PdfView).metadata
    for key, want in (("Title", opts.title), ("Author", opts.author), ("Subject", opts.subject)):
        if want is not None and fold(metadata.get(key, "")) != fold(want):
            return Verdict.of(False, f"{opts.file}'s {key} is {metadata.get(key)!r}, expected {want!r}")
    return Verdict.of(True, "metadata as asked")


# --- pdf.table_copied -------------------------------------------------------------------------------------


class TableCopied(CheckOptions):
    file: OutputPath = Field(description="Where the table was copied to (xlsx, csv, docx...).")
    input_file: InputPath = Field(description="The PDF printing the table.")
    table: str | None = Field(default=None, description="Sheet or table name in the output; None: the first.")
    tolerance: float = Field(default=0.005, ge=0)


@register_check("pdf.table_copied", TableCopied, view="table")
def table_copied(state: FinalState, opts: TableCopied) -> Verdict:
    """The output table is the PDF's first table: the same header, then the same rows in order, with
    numbers stored as numbers (not text) equal to the printed ones."""
    source = input_view(state, opts.input_file, TableView)
    if not source.tables:
        return Verdict.of(False, f"{opts.input_file} prints no table")
    want = source.tables[0]
    got = output_view(state, opts.file, TableView).get(opts.table)
    if len(got.rows) != len(want.rows):
        return Verdict.of(False, f"{opts.file} ({got.name!r}) has {len(got.rows) - 1} data rows, expected "
                          f"{len(want.rows) - 1}")
    for r, (w_row, g_row) in enumerate(zip(want.rows, got.rows, strict=True)):
        if len(g_row) != len(w_row):
            return Verdict.of(False, f"row {r + 1} of {opts.file} has {len(g_row)} cells, expected {len(w_row)}")
        for c, (w, g) in enumerate(zip(w_row, g_row, strict=True)):
            where = f"row {r + 1}, column {c + 1}" if r == 0 else got.cell_name(r - 1, c)
            if isinstance(w, (int, float)) and isinstance(g, str):
                return Verdict.of(False, f"{where} holds the text {g!r}; store the number itself")
            if not same_value(g, w, opts.tolerance):
                return Verdict.of(False, f"{where} is {show(g)}, expected {show(w)}")
    return Verdict.of(True, f"{len(want.rows) - 1} rows copied from {opts.input_file}")
