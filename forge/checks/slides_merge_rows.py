"""One deck per row of a CSV from a template deck (a mail merge): every «Field» placeholder (in
the syntax the template uses) replaced by that row's value in titles, text and speaker notes, an
empty value written as a stated stand-in; every row, or only the rows with one value in a column;
the decks saved under the names the task gives, in the rows' order. Compared slide by slide with the
template filled in from the data the task gave."""

from __future__ import annotations

import re

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides_decks import slides_diff
from forge.checks.slides_tables import shown
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import Shape, Slide, SlidesView, TableView


class MergedPerRow(CheckOptions):
    input_file: InputPath = Field(description="The template deck.")
    data_file: InputPath = Field(description="The rows (a CSV with a header).")
    first_file: OutputPath = Field(description="The decks, one per selected row, in the rows' order.")
    second_file: OutputPath
    third_file: OutputPath
    where_column: str | None = Field(default=None, description="Only rows whose `where_column` is `where_value`.")
    where_value: str | None = None
    opening: str = Field(min_length=1, description="What opens a placeholder, e.g. '«' or '{{'.")
    closing: str = Field(min_length=1, description="What closes it, e.g. '»' or '}}'.")
    blank: str | None = Field(default=None, description="What an empty value is written as; None: nothing.")


def filled(slide: Slide, values: dict[str, str], pattern: re.Pattern[str]) -> Slide:
    """The template slide as it reads with every known placeholder replaced."""
    def fill(text: str) -> str:
        return pattern.sub(lambda m: values.get(fold(m.group(1)), m.group(0)), text)
    shapes = [Shape(name=s.name, kind=s.kind, text=fill(s.text), placeholder=s.placeholder) for s in slide.shapes
              if s.kind != "table"]
    return slide.model_copy(update={"title": fill(slide.title), "shapes": shapes, "notes": fill(slide.notes)})


@register_check("slides.merged_per_row", MergedPerRow, view="slides")
def merged_per_row(state: FinalState, opts: MergedPerRow) -> Verdict:
    """Three rows are selected; each one's deck (in the rows' order) reads as the template with every
    placeholder (titles, text, notes) replaced by the row's value (the stand-in where it is empty),
    slide by slide with the template's layouts; no placeholder is left."""
    template = input_view(state, opts.input_file, SlidesView).slides
    data = input_view(state, opts.data_file, TableView).get()
    header = [fold(str(h or "")) for h in data.header]
    rows = [dict(zip(header, (shown(v) for v in r), strict=False)) for r in data.body]
    if opts.where_column is not None:
        value = fold(opts.where_value or "").casefold()
        rows = [r for r in rows if r.get(fold(opts.where_column), "").casefold() == value]
    paths = [opts.first_file, opts.second_file, opts.third_file]
    if len(rows) != len(paths):
        return Verdict.of(False, f"{opts.data_file} has {len(rows)} rows to merge, not {len(paths)}")
    pattern = re.compile(re.escape(opts.opening) + r"\s*([^\n]+?)\s*" + re.escape(opts.closing))
    for n, (row, path) in enumerate(zip(rows, paths, strict=True), start=1):
        values = {k: v or (opts.blank or "") for k, v in row.items()}
        expected = [filled(s, values, pattern) for s in template]
        if msg := slides_diff(expected, output_view(state, path, SlidesView), path):
            return Verdict.of(False, f"{msg} (the deck of row {n} merged)")
    return Verdict.of(True, f"{len(paths)} decks filled from {opts.data_file}")
