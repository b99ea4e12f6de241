"""A timeline slide built from a dated list of milestones (a CSV or Excel sheet with a milestone, a
status and a date column, or a Markdown task list of '- [x] Milestone: date' lines): the milestones
in date order, all of them, those from a status date on or those not done yet, as '<date> -
<milestone>' bullets or as a two-column Date | Milestone table. A date may be printed in any of the usual unambiguous ways (ISO, '14 March
2025', '14 Mar 2025', 'March 14, 2025'); it must be the milestone's date. The new slide sits
directly after the named one and every other slide reads as it did."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any, Literal

from pydantic import Field

from forge.checks._slide_table import lone_table
from forge.checks.document import fold
from forge.checks.slides import DeckEdit, body_lines
from forge.checks.slides_tables import new_slide
from forge.checks.source import input_view, output_view
from forge.checks.spec import InputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import SlidesView, TableView, TextView

FORMATS = ("%Y-%m-%d", "%d %B %Y", "%d %b %Y", "%B %d, %Y", "%b %d, %Y", "%B %d %Y", "%b %d %Y")
_SEPARATOR = re.compile(r"\s+[-\u2013\u2014]\s+|:\s+")
_ITEM = re.compile(r"^\s*[-*+]\s+(\[(?P<box>[ xX])\]\s+)?(?P<label>.+):\s+(?P<date>[^:]+?)\s*$")


def read_date(value: Any) -> dt.date | None:
    """The date a cell or text holds, in any of `FORMATS`; None if it holds none."""
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    text = fold("" if value is None else str(value)).replace(".", "")
    for fmt in FORMATS:
        try:
            return dt.datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    return None


class TimelineSlide(DeckEdit):
    data_file: InputPath = Field(description="The dated list: a table file, or a Markdown list of "
                                 "'- Milestone: date' lines when `date_column` is None.")
    date_column: str | None = Field(default=None, description="The table's date column; None: a Markdown list.")
    label_column: str | None = Field(default=None, description="The table's milestone column.")
    title: str
    after_title: str
    form: Literal["bullets", "table"] = Field(description="bullets: '<date> - <milestone>' lines; table: a "
                                              "Date | Milestone table under a header row.")
    since: dt.date | None = Field(default=None, description="Only the milestones dated on or after this day.")
    open_only: bool = Field(default=False, description="Only the milestones not done yet: a Markdown item whose box "
                            "is not ticked ('- [ ]'), a table row whose `status_column` is not 'Done'.")
    status_column: str | None = Field(default=None, description="The table's status column (with `open_only`).")


def _milestones(state: FinalState, opts: TimelineSlide) -> list[tuple[dt.date, str]] | str:
    """(date, milestone) of every entry of the list (every open one, with `open_only`), in the file's order."""
    found: list[tuple[dt.date, str]] = []
    if opts.date_column is None:
        for line in input_view(state, opts.data_file, TextView).text.splitlines():
            if (match := _ITEM.match(line)) and (day := read_date(match["date"])) is not None:
                if not (opts.open_only and (match["box"] or " ").strip()):
                    found.append((day, fold(match["label"])))
    else:
        table = input_view(state, opts.data_file, TableView).get()
        when = table.need_col(opts.date_column, opts.data_file)
        what = table.need_col(opts.label_column or "", opts.data_file)
        status = table.need_col(opts.status_column or "", opts.data_file) if opts.open_only else None
        found = [(day, fold(str(r[what]))) for r in table.body if (day := read_date(r[when])) is not None
                 and (status is None or fold(str(r[status] or "")).casefold() != "done")]
    return found or f"{opts.data_file} lists no dated milestones" + (" still open" if opts.open_only else "")


def _entries(lines: list[list[str]], where: str) -> list[tuple[dt.date | None, str]] | str:
    """(date, milestone) per bullet or table row of the slide."""
    out: list[tuple[dt.date | None, str]] = []
    for cells in lines:
        if len(cells) == 1:
            parts = _SEPARATOR.split(cells[0], maxsplit=1)
            if len(parts) != 2:
                return f"the line {cells[0]!r} on {where} is not '<date> - <milestone>'"
            cells = parts
        out.append((read_date(cells[0]), fold(cells[1])))
    return out


@register_check("slides.timeline_slide", TimelineSlide, view="slides")
def timeline_slide(state: FinalState, opts: TimelineSlide) -> Verdict:
    """A slide with the title asked for, directly after the named slide, lists the file's milestones
    (those dated on or after `since`, if given; only the open ones, if asked) oldest first, each with its own date: as
    '<date> - <milestone>' bullets and no table, or as one Date | Milestone table (header row
    first) and no other text. Every other slide reads as it did."""
    original, output = input_view(state, opts.input_file, SlidesView), output_view(state, opts.file, SlidesView)
    milestones = _milestones(state, opts)
    if isinstance(milestones, str):
        return Verdict.of(False, milestones)
    expected = sorted((m for m in milestones if opts.since is None or m[0] >= opts.since), key=lambda m: m[0])
    if not expected:
        return Verdict.of(False, f"no milestone of {opts.data_file} is dated on or after {opts.since}")
    slide = new_slide(original, output, opts.title, opts.after_title, opts.input_file, opts.file)
    if isinstance(slide, str):
        return Verdict.of(False, slide)
    where = f"slide {slide.number} of {opts.file}"
    if opts.form == "table":
        table = lone_table(slide, opts.file, ("Date", "Milestone"))
        if isinstance(table, str):
            return Verdict.of(False, table)
        if bad := next((r for r in table if len(r) != 2), None):
            return Verdict.of(False, f"a row of the table on {where} has {len(bad)} cells, expected 2")
        rows = table
    else:
        if any(s.table is not None for s in slide.shapes):
            return Verdict.of(False, f"{where} holds a table; the milestones go on it as bullets")
        rows = [[line] for line in body_lines(slide)]
    got = _entries(rows, where)
    if isinstance(got, str):
        return Verdict.of(False, got)
    for n, (want, have) in enumerate(zip(expected, got, strict=False), start=1):
        if have[1] != want[1]:
            return Verdict.of(False, f"entry {n} on {where} is {have[1]!r}, expected {want[1]!r}")
        if have[0] != want[0]:
            return Verdict.of(False, f"entry {n} ({want[1]!r}) on {where} is dated {have[0]}, expected {want[0]}")
    if len(got) != len(expected):
        return Verdict.of(False, f"{where} lists {len(got)} milestones, expected {len(expected)} "
                          f"{[label for _, label in expected]}")
    return Verdict.of(True, f"{opts.title!r} lists {len(expected)} milestones of {opts.data_file} in date order")
