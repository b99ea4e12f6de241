"""Tree checks for files sorted into dated folders by the date written INSIDE them, not in their names
or their timestamps: saved e-mails by their Date: header (as written, in its own time zone; a
forwarded message's Date: in the body does not count), OCR'd invoices by their 'Invoice date:' line
(not the due date), meeting notes by their 'Date:' line; into year, year/month or year-month folders;
moved, or copied with the originals left; files without such a date left or put in a folder of their
own. The folder is in place: the whole folder is worked out from the original archive and every file
accounted for (`tree_rules.compare_trees`).
"""

from __future__ import annotations

import datetime as dt
import email.utils
import re
from pathlib import PurePosixPath
from typing import Literal

from pydantic import Field

from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import tree_view
from forge.checks.tree_rules import compare_trees, place_entry
from forge.filetypes import read_view
from forge.views import Entry, TextView

Kind = Literal["mail", "invoice", "notes"]
Layout = Literal["year", "month", "year_month"]
EXTENSION = {"mail": ".eml", "invoice": ".txt", "notes": ".md"}
LABEL = {"mail": "date", "invoice": "invoice date", "notes": "date"}
DATE_FORMATS = ("%Y-%m-%d", "%d %B %Y", "%B %d, %Y", "%d %b %Y")
_LINE = re.compile(r"^\s*(?P<label>[A-Za-z ]+?)\s*:\s*(?P<value>.+?)\s*$")


class SortedByWrittenDate(CheckOptions):
    folder: OutputPath = Field(description="The folder sorted in place (declared as input and output).")
    kind: Kind = Field(description="mail: .eml by the Date: header; invoice: .txt by the 'Invoice date:' line; "
                                   "notes: .md by the 'Date:' line. Only top-level files of that extension move.")
    layout: Layout = Field(description="year: 2024/; month: 2024/03/; year_month: 2024-03/.")
    mode: Literal["move", "copy"] = Field(description="copy: the originals stay where they were too.")
    undated: str | None = Field(default=None, description="The folder for the files of the kind with no such date; "
                                                          "None: they stay where they are.")


def _parse(value: str) -> dt.date | None:
    for fmt in DATE_FORMATS:
        try:
            return dt.datetime.strptime(value, fmt).date()
        except ValueError:
            continue
    return None


def written_date(lines: list[str], kind: Kind) -> dt.date | None:
    """The date the file's own text gives: an e-mail's Date: header (before the first blank line, in
    its own time zone), else the first line labelled as the kind's date."""
    if kind == "mail":
        header = lines[:lines.index("")] if "" in lines else lines
        value = next((m["value"] for line in header if (m := _LINE.match(line)) and m["label"].lower() == "date"), None)
        if value is None:
            return None
        try:
            return email.utils.parsedate_to_datetime(value).date()
        except (TypeError, ValueError):
            return None
    value = next((m["value"] for line in lines if (m := _LINE.match(line)) and m["label"].lower() == LABEL[kind]), None)
    return _parse(value) if value else None


def dated_folder(date: dt.date, layout: Layout) -> str:
    return {"year": f"{date:%Y}", "month": f"{date:%Y/%m}", "year_month": f"{date:%Y-%m}"}[layout]


def _given(state: FinalState, folder: str) -> dict[str, bytes]:
    from preparers.filetypes._tar import read_tar  # the bounded tar reader (no links, no escaping paths)

    return read_tar(state.originals[folder], folder, max_members=5000)


@register_check("tree.sorted_by_written_date", SortedByWrittenDate, source="tree", view="tree")
def sorted_by_written_date(state: FinalState, opts: SortedByWrittenDate) -> Verdict:
    """Each top-level file of the kind is in the folder its written date gives (or the undated folder
    when it has none and one is asked), under its own name and content; moved, or copied with the
    original still in place; every other file where it was; nothing else in the folder."""
    before = tree_view(state, opts.folder, original=True).files()
    given = _given(state, opts.folder)
    expected: dict[str, Entry] = {}
    for path, entry in sorted(before.items()):
        target = None
        if "/" not in path and PurePosixPath(path).suffix.lower() == EXTENSION[opts.kind]:
            view = read_view(given[path], f"{opts.folder}/{path}", TextView, file_type="txt")
            date = written_date(view.lines, opts.kind)
            target = dated_folder(date, opts.layout) if date else opts.undated
        if target is None or opts.mode == "copy":
            place_entry(expected, path, entry, opts.folder)
        if target is not None:
            place_entry(expected, f"{target}/{path}", entry, opts.folder)
    return compare_trees(tree_view(state, opts.folder).files(), expected, opts.folder,
                         f"sorted by the date written in them ({opts.layout})")
