"""Boundary cases of `forge.checks.document_dates` on real documents with dates: the LAST date
left as it was, slashed dates read month first, a missing zero ('2025-3-5') or one too many
('March 05, 2025'), the wrong weekday, the words around a date touched, the header changed."""

from __future__ import annotations

import datetime as dt
import io
import random
import re
from collections.abc import Callable
from typing import Any

import docx

from forge.checks.document_dates import WRITTEN, written_date
from preparers.document import make_document, write_docx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _saved, _seeded
from workflows.document.date_format import dated

BASE = make_document(*_seeded(61), kind="memo")
MIXED = write_docx(dated(BASE, random.Random(6), True, "iso"))  # 12/08/2024 reads two ways
LONG = write_docx(dated(BASE, random.Random(6), False, "iso"))  # 4 July 2024: a one-digit day
NONE = write_docx(make_document(*_seeded(62), kind="report").model_copy(update={"opening": []}))


def month_first(found: re.Match[str]) -> dt.date:
    """A slashed date read the US way (the wrong way for these documents)."""
    g = found.groupdict()
    if not g["y4"] or int(g["d4"]) > 12:
        return written_date(found)
    return dt.date(int(g["y4"]), int(g["d4"]), int(g["m4"]))


def rewrite(given: bytes, show: Callable[[dt.date], str], *, read: Callable[[re.Match[str]], dt.date] = written_date,
            skip_last: bool = False, after: Callable[[Any], None] | None = None) -> bytes:
    """Every date of every run shown by `show`, the last one skipped where asked."""
    document = docx.Document(io.BytesIO(given))
    runs = [r for p in document.paragraphs for r in p.runs if WRITTEN.search(r.text)]
    for run in runs[:-1] if skip_last else runs:
        run.text = WRITTEN.sub(lambda m: show(read(m)), run.text)
    if after is not None:
        after(document)
    return _saved(document)


# Spelt out from the instruction's examples, not the check's `formatted`: a passing case built with the
# check's own formatter would pass whatever that formatter wrote.
SHOWN: dict[str, Callable[[dt.date], str]] = {
    "iso": lambda d: f"{d.year:04d}-{d.month:02d}-{d.day:02d}",  # 2025-03-14
    "uk_numeric": lambda d: f"{d.day:02d}/{d.month:02d}/{d.year}",  # 14/03/2025
    "us_long": lambda d: f"{MONTHS[d.month - 1]} {d.day}, {d.year}",  # March 14, 2025
    "weekday_long": lambda d: f"{DAYS[d.weekday()]}, {d.day} {MONTHS[d.month - 1]} {d.year}",  # Friday, 14 March 2025
}
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


def fmt(name: str) -> Callable[[dt.date], str]:
    return SHOWN[name]


def case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
         given: bytes = MIXED) -> Case:
    opts = {"file": "out.docx", "input_file": "in.docx", **options}
    return Case(label, None, opts, passes, says, files={"out.docx": output}, originals={"in.docx": given})


def _unstop(document: Any) -> None:
    last = [r for p in document.paragraphs for r in p.runs if r.text.strip()][-1]
    last.text = last.text.rstrip(".")


def _header(document: Any) -> None:
    document.sections[0].header.paragraphs[0].text += " (draft)"


ISO, UK, US, DAY = ({"fmt": f} for f in ("iso", "uk_numeric", "us_long", "weekday_long"))

REFORMATTED = [
    case("every date of a mixed draft in ISO", rewrite(MIXED, fmt("iso")), ISO, True),
    case("the draft handed back as it was", MIXED, ISO, False, "paragraph"),
    case("the last date left as it was", rewrite(MIXED, fmt("iso"), skip_last=True), ISO, False, "character"),
    case("slashed dates read month first", rewrite(MIXED, fmt("iso"), read=month_first), ISO, False, "character"),
    case("ISO without leading zeros", rewrite(MIXED, lambda d: f"{d.year}-{d.month}-{d.day}"), ISO, False,
         "character"),
    case("a full stop lost after the last sentence", rewrite(MIXED, fmt("iso"), after=_unstop), ISO, False,
         "paragraph"),
    case("the header changed on the way", rewrite(MIXED, fmt("iso"), after=_header), ISO, False, "header"),
    case("day/month/year with zeros", rewrite(LONG, fmt("uk_numeric")), UK, True, given=LONG),
    case("day/month/year without zeros", rewrite(LONG, lambda d: f"{d.day}/{d.month}/{d.year}"), UK, False,
         "character", given=LONG),
    case("the month named first, day unpadded", rewrite(LONG, fmt("us_long")), US, True, given=LONG),
    case("the month first with a zero-padded day", rewrite(LONG, lambda d: f"{d:%B %d, %Y}"), US, False,
         "character", given=LONG),
    case("with the weekday", rewrite(LONG, fmt("weekday_long")), DAY, True, given=LONG),
    case("the weekday of the day before", rewrite(LONG, lambda d: f"{d - dt.timedelta(days=1):%A}, {d.day} "
                                                  f"{d:%B %Y}"), DAY, False, "character", given=LONG),
    case("a document with no dates", NONE, ISO, False, "no dates", given=NONE),
    case("dates already as asked", rewrite(LONG, fmt("iso")), ISO, False, "already",
         given=rewrite(LONG, fmt("iso"))),
]

CASES = {"document.dates_reformatted": REFORMATTED}
