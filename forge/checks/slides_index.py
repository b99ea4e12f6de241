"""A deck's index carried into a table: one row per slide with its number and title, and, where the
task asks, how many bullet points it has or its speaker notes. The expected rows are rebuilt from
the deck the task gave, so a slide left out, one out of order, a title retyped wrong or a count
off by one fails at the row it happens.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from forge.checks._compare import is_number, show_row
from forge.checks.document import fold
from forge.checks.slides import body_lines
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import Slide, SlidesView, TableView


class SlidesListed(CheckOptions):
    file: OutputPath = Field(description="The table (xlsx or csv) the index is written to.")
    input_file: InputPath = Field(description="The deck.")
    columns: list[str] = Field(min_length=2, max_length=3, description="The header row the instruction names: "
                                                                       "number, title[, the extra column].")
    extra: Literal["none", "bullets", "notes"] = Field(description="bullets: the count of body lines (sub-points "
                                                                   "too); notes: the speaker notes, blank if none.")
    skip_first: bool = Field(default=False, description="The title slide (slide 1) is left out; numbers stay the deck's.")

    @model_validator(mode="after")
    def _one_column_per_field(self) -> SlidesListed:
        if len(self.columns) != (2 if self.extra == "none" else 3):
            raise ValueError(f"extra={self.extra!r} needs {2 if self.extra == 'none' else 3} column names")
        return self


def slide_row(slide: Slide, extra: str) -> list[object]:
    row: list[object] = [slide.number, fold(slide.title)]
    if extra == "bullets":
        row.append(len(body_lines(slide)))
    elif extra == "notes":
        row.append(fold(slide.notes))
    return row


def _cell(value: object) -> object:
    if is_number(value) and float(value).is_integer():  # type: ignore[arg-type]
        return int(value)  # type: ignore[call-overload]
    return "" if value is None else fold(str(value)) if isinstance(value, str) else value


@register_check("table.slides_listed", SlidesListed, view="table")
def slides_listed(state: FinalState, opts: SlidesListed) -> Verdict:
    """The table's header is exactly the named columns, then one row per slide of the deck in order
    (the title slide left out if asked): its number as a number, its title as it reads, and the
    bullet count (a number) or the speaker notes (blank where none) when asked; no other rows."""
    deck = input_view(state, opts.input_file, SlidesView)
    slides = deck.slides[1:] if opts.skip_first else deck.slides
    expected = [slide_row(s, opts.extra) for s in slides]
    table = output_view(state, opts.file, TableView).get()
    header = [fold(str(h)) if h is not None else "" for h in table.header]
    while header and not header[-1]:
        header.pop()
    if header != opts.columns:
        return Verdict.of(False, f"{opts.file} has the header {header}, expected {opts.columns}")
    body = [[_cell(v) for v in row[:len(opts.columns)]] for row in table.body
            if any(v not in (None, "") for v in row)]
    for n, (want, have) in enumerate(zip(expected, body, strict=False), start=2):
        if have != want:
            return Verdict.of(False, f"row {n} of {opts.file} is {show_row(have)}, expected {show_row(want)}")
    if len(body) != len(expected):
        return Verdict.of(False, f"{opts.file} has {len(body)} slide rows, expected {len(expected)} (one per slide"
                          f"{', the title slide left out' if opts.skip_first else ''})")
    return Verdict.of(True, f"{len(expected)} slides listed")
