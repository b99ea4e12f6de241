"""A PDF made from a list, one page per record (a mail merge): certificates of attendance, or
letters with an address block and a greeting. Which records, their order and what each page
shows come from the instruction; the values from the task's csv (`TableView`), the pages from
the output's text and sizes (`PdfView`)."""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.pdf_convert import PAPER_NAMES
from forge.checks.pdf_reports import paper_name
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import PdfView, TableView


class PagePerRecord(CheckOptions):
    file: OutputPath = Field(description="The PDF, one page per record.")
    data_file: InputPath = Field(description="The csv of records, a header row first.")
    name_columns: list[str] = Field(min_length=1, description="The columns whose values, joined by a space, name "
                                    "the record (a full name): shown on its page, on no other page.")
    columns: list[str] = Field(default_factory=list, description="Other columns whose values each page shows.")
    texts: list[str] = Field(default_factory=list, description="Text every page shows as given.")
    greet_column: str | None = Field(default=None, description="Each page greets the record: 'Dear <value>,'.")
    only_column: str | None = Field(default=None, description="Only the records whose value in this column is "
                                    "`only_value` (case ignored); None: every record.")
    only_value: str | None = None
    sort_by: list[str] = Field(default_factory=list, description="The pages A-Z by these columns; none: as listed.")
    orientation: Literal["portrait", "landscape"] = Field(description="Every page's way up.")
    paper: Literal["a4", "letter"] = Field(default="a4", description="Every page's paper size.")


def _text(value: Any) -> str:
    return "" if value is None else fold(str(value))


def selected_records(rows: list[list[Any]], opts: PagePerRecord) -> list[dict[str, str]]:
    """The records the pages are for, in page order, each as column -> text."""
    header = [_text(h) for h in rows[0]]
    wanted = [*opts.name_columns, *opts.columns, *(c for c in (opts.greet_column, opts.only_column) if c),
              *opts.sort_by]
    if missing := [c for c in wanted if c not in header]:
        raise CheckError(f"{opts.data_file} has no column {missing[0]!r}; its header: {', '.join(header)}")
    records = [dict(zip(header, (_text(v) for v in row), strict=False)) for row in rows[1:]]
    if opts.only_column:
        records = [r for r in records if r[opts.only_column].casefold() == (opts.only_value or "").casefold()]
    if opts.sort_by:
        records.sort(key=lambda r: [r[c].casefold() for c in opts.sort_by])
    return records


def _shows(page: str, text: str) -> bool:
    """The page has the text as whole words (spacing and case folded): 'Ann Lee' is not in 'Joann Lee'."""
    want = re.escape(" ".join(text.split()).casefold())
    return re.search(rf"(?<!\w){want}(?!\w)", " ".join(fold(page).split()).casefold()) is not None


@register_check("pdf.page_per_record", PagePerRecord, view="pdf")
def page_per_record(state: FinalState, opts: PagePerRecord) -> Verdict:
    """One page per record asked for (all, or those with the value asked), in the order asked;
    page k shows record k's name and values, the greeting and the fixed texts, and no other
    record's name; every page on the paper and the way up asked."""
    records = selected_records(input_view(state, opts.data_file, TableView).get().rows, opts)
    pdf = output_view(state, opts.file, PdfView)
    names = [" ".join(r[c] for c in opts.name_columns) for r in records]
    if len(pdf.pages) != len(records):
        return Verdict.of(False, f"{opts.file} has {len(pdf.pages)} pages, expected {len(records)} (one per record: "
                          f"{', '.join(names)})")
    for n, (page, record, name) in enumerate(zip(pdf.pages, records, names, strict=True), start=1):
        want = [name, *(record[c] for c in opts.columns), *opts.texts,
                *([f"Dear {record[opts.greet_column]},"] if opts.greet_column else [])]
        if missing := [w for w in want if not _shows(page, w)]:
            return Verdict.of(False, f"page {n} of {opts.file} does not show {missing[0]!r} (the page for {name})")
        if other := [o for o in names if o != name and _shows(page, o)]:
            return Verdict.of(False, f"page {n} of {opts.file} (the page for {name}) also names {other[0]!r}")
    turns = pdf.rotations or [0] * len(pdf.sizes)
    for n, ((width, height), turn) in enumerate(zip(pdf.sizes, turns, strict=False), start=1):
        way = "landscape" if (width > height) != (turn in (90, 270)) else "portrait"
        if paper_name(width, height) != PAPER_NAMES[opts.paper] or way != opts.orientation:
            return Verdict.of(False, f"page {n} of {opts.file} is {width:.0f} x {height:.0f} pt ({way}), expected "
                              f"{opts.paper} {opts.orientation}")
    return Verdict.of(True, f"{len(records)} pages, one per record, in the order asked")
