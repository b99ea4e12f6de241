"""A comparison slide from two periods' exports (two CSV files or two workbooks): one
table of the item column, the earlier period's value, the later period's value and the change - the
difference, or the change in percent of the earlier value rounded to one decimal place - with a row
per item, in the later file's order or largest change first. Numbers may be printed with thousands
commas, a leading '+' and (for percentages) a '%' sign. The new slide sits directly after the named
one and every other slide reads as it did."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks._compare import is_number
from forge.checks.document import fold
from forge.checks._slide_table import lone_table
from forge.checks.slides import DeckEdit
from forge.checks.slides_tables import as_number, cell_matches, new_slide, shown
from forge.checks.source import input_view, output_view
from forge.checks.spec import InputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import SlidesView, Table, TableView


class ComparisonSlide(DeckEdit):
    old_file: InputPath = Field(description="The earlier period's export (a table file).")
    new_file: InputPath = Field(description="The later period's export.")
    key_column: str = Field(description="The item column both files share.")
    value_column: str = Field(description="The figure compared.")
    old_label: str = Field(description="The heading of the earlier period's column on the slide.")
    new_label: str = Field(description="The heading of the later period's column on the slide.")
    title: str
    after_title: str
    change: Literal["difference", "percent"] = Field(description="difference: later minus earlier; percent: that "
                                                     "difference in percent of the earlier value, to one decimal.")
    order: Literal["file", "change"] = Field(description="file: the later file's row order; change: the largest "
                                             "change first.")
    tolerance: float = Field(default=0.005, ge=0)


def _figures(state: FinalState, path: str, opts: ComparisonSlide) -> dict[str, float]:
    table: Table = input_view(state, path, TableView).get()
    key, value = table.need_col(opts.key_column, path), table.need_col(opts.value_column, path)
    return {shown(r[key]): float(r[value]) for r in table.body if r[key] is not None and is_number(r[value])}


def _change_text(text: str) -> float | None:
    """The number a change cell prints: thousands commas, a leading '+' and a trailing '%' allowed."""
    return as_number(fold(text).removesuffix("%").strip().removeprefix("+").replace("\u2212", "-"))


@register_check("slides.comparison_slide", ComparisonSlide, view="slides")
def comparison_slide(state: FinalState, opts: ComparisonSlide) -> Verdict:
    """A slide with the title asked for, directly after the named slide, holds one table and no other
    text: the header [key, old label, new label, 'Change'], then a row per item of the later file
    (in its order, or largest change first) with both periods' values and the change (the
    difference within `tolerance`, or the percentage rounded to one decimal). Every other slide
    reads as it did."""
    original, output = input_view(state, opts.input_file, SlidesView), output_view(state, opts.file, SlidesView)
    old = _figures(state, opts.old_file, opts)
    new = _figures(state, opts.new_file, opts)
    if missing := [k for k in new if k not in old]:
        return Verdict.of(False, f"{opts.old_file} has no figure for {missing[0]!r}")
    slide = new_slide(original, output, opts.title, opts.after_title, opts.input_file, opts.file)
    if isinstance(slide, str):
        return Verdict.of(False, slide)
    where = f"slide {slide.number} of {opts.file}"
    rows = lone_table(slide, opts.file, (opts.key_column, opts.old_label, opts.new_label, "Change"))
    if isinstance(rows, str):
        return Verdict.of(False, rows)
    changes = {k: (v - old[k]) if opts.change == "difference" else round((v - old[k]) / old[k] * 100, 1)
               for k, v in new.items()}
    keys = sorted(new, key=lambda k: -changes[k]) if opts.order == "change" else list(new)
    for n, (key, row) in enumerate(zip(keys, rows, strict=False), start=2):
        if len(row) != 4:
            return Verdict.of(False, f"row {n} of the table on {where} has {len(row)} cells, expected 4")
        if row[0] != key:
            return Verdict.of(False, f"row {n} of the table on {where} is {row[0]!r}, expected {key!r}")
        for label, cell, value in ((opts.old_label, row[1], old[key]), (opts.new_label, row[2], new[key])):
            if not cell_matches(cell, value, opts.tolerance):
                return Verdict.of(False, f"row {n} ({key!r}) of the table on {where}: {label} reads {cell!r}, "
                                  f"expected {shown(int(value) if value == int(value) else value)!r}")
        got = _change_text(row[3])
        if got is None or abs(got - changes[key]) > (opts.tolerance if opts.change == "difference" else 1e-6):
            return Verdict.of(False, f"row {n} ({key!r}) of the table on {where}: the change reads {row[3]!r}, "
                              f"expected {changes[key]:g}" + ("%" if opts.change == "percent" else ""))
    if len(rows) != len(keys):
        return Verdict.of(False, f"the table on {where} has {len(rows)} item rows, expected {len(keys)}")
    return Verdict.of(True, f"{opts.title!r} compares {len(keys)} items of {opts.old_file} and {opts.new_file}")
