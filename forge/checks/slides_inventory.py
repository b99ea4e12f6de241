"""A deck's slide list taken out into a spreadsheet (CSV or xlsx), the sheet an organiser or a
reviewer works from to assign owners and track changes: a row per slide with its number and title,
and its speaker notes or whether it is hidden when asked; every slide, or only the ones shown in
the slide show (numbers still counting the hidden ones)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from forge.checks._compare import is_number
from forge.checks.document import fold
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import Slide, SlidesView, TableView

Extra = Literal["none", "notes", "hidden"]
HEADERS: dict[str, list[str]] = {"none": [], "notes": ["Speaker notes"], "hidden": ["Hidden"]}


class SlideInventory(CheckOptions):
    input_file: InputPath = Field(description="The deck.")
    file: OutputPath = Field(description="The slide list (csv or xlsx).")
    extra: Extra = Field(description="The column after Slide and Title: none; 'Speaker notes' (the notes' text, "
                         "empty where none); 'Hidden' (Yes or No).")
    shown_only: bool = Field(description="Only the slides shown in the slide show get a row; else every slide.")


def _row(slide: Slide, extra: Extra) -> list[Any]:
    cells: dict[str, list[Any]] = {"none": [], "notes": [fold(slide.notes)], "hidden": [("No", "Yes")[slide.hidden]]}
    return [slide.number, fold(slide.title), *cells[extra]]


def _matches(have: Any, want: Any) -> bool:
    if isinstance(want, int):
        return (is_number(have) and have == want) or fold(str(have or "")) == str(want)
    return fold("" if have is None else str(have)).casefold() == want.casefold()


@register_check("slides.slide_inventory", SlideInventory, view="table")
def slide_inventory(state: FinalState, opts: SlideInventory) -> Verdict:
    """The sheet's first table is the header (Slide, Title and the extra column) and a row per slide
    asked for, in deck order: its number in the deck, its title, its notes or Yes/No for hidden; no
    other rows or columns."""
    slides = input_view(state, opts.input_file, SlidesView).slides
    if opts.shown_only and not any(s.hidden for s in slides):
        return Verdict.of(False, f"{opts.input_file} has no hidden slide to leave out")
    want: list[list[Any]] = [["Slide", "Title", *HEADERS[opts.extra]]]
    want += [_row(s, opts.extra) for s in slides if not (opts.shown_only and s.hidden)]
    got = output_view(state, opts.file, TableView).get()
    for r, (w, h) in enumerate(zip(want, got.rows, strict=False), start=1):
        if len(h) != len(w):
            return Verdict.of(False, f"row {r} of {opts.file} has {len(h)} cells, expected {len(w)}")
        for c, (wv, hv) in enumerate(zip(w, h, strict=True), start=1):
            if not _matches(hv, wv):
                return Verdict.of(False, f"row {r}, cell {c} of {opts.file} is {hv!r}, expected {wv!r}")
    if len(got.rows) != len(want):
        return Verdict.of(False, f"{opts.file} has {len(got.rows)} rows (header included), expected {len(want)}")
    return Verdict.of(True, f"{len(want) - 1} slides listed in {opts.file}")
