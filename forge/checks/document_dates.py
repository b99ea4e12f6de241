"""Dates written one way throughout a document: every date of the body, whichever way it was
written ('14 March 2025', 'March 14, 2025', '2025-03-14', or '14/03/2025' read day first, as the
instruction says), in the one format asked. The text around the dates must read as it did.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Literal

from pydantic import Field

from forge.checks.document import DocumentEdit, tables_same, blocks, fold, paragraphs_diff
from forge.checks.document_tidy import first_difference
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import DocumentView

DateFormat = Literal["iso", "uk_numeric", "us_long", "weekday_long"]
_MONTH = r"(?P<{}>January|February|March|April|May|June|July|August|September|October|November|December)"
WRITTEN = re.compile(
    r"\b(?:" + r"(?P<d1>\d{1,2}) " + _MONTH.format("m1") + r" (?P<y1>\d{4})"
    r"|" + _MONTH.format("m2") + r" (?P<d2>\d{1,2}), (?P<y2>\d{4})"
    r"|(?P<y3>\d{4})-(?P<m3>\d{2})-(?P<d3>\d{2})"
    r"|(?P<d4>\d{1,2})/(?P<m4>\d{1,2})/(?P<y4>\d{4})" + r")\b")
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]


def written_date(found: re.Match[str]) -> dt.date:
    """The date a WRITTEN match names (numeric dates day first)."""
    g = found.groupdict()
    for n in "1234":
        if g[f"y{n}"]:
            month = g[f"m{n}"]
            number = MONTHS.index(month) + 1 if month.isalpha() else int(month)
            return dt.date(int(g[f"y{n}"]), number, int(g[f"d{n}"]))
    raise ValueError(found.group())


def formatted(day: dt.date, fmt: DateFormat) -> str:
    return {"iso": day.isoformat(), "uk_numeric": f"{day:%d/%m/%Y}", "us_long": f"{day:%B} {day.day}, {day.year}",
            "weekday_long": f"{day:%A}, {day.day} {day:%B %Y}"}[fmt]


class DatesReformatted(DocumentEdit):
    fmt: DateFormat = Field(description="iso: 2025-03-14; uk_numeric: 14/03/2025; us_long: March 14, 2025; "
                            "weekday_long: Friday, 14 March 2025.")


@register_check("document.dates_reformatted", DatesReformatted, view="document")
def dates_reformatted(state: FinalState, opts: DatesReformatted) -> Verdict:
    """Every paragraph reads as it did with each of its dates in the format asked (the same day;
    the last date of the last paragraph too); styles, tables, header and footer unchanged."""
    original, output = input_view(state, opts.input_file, DocumentView), output_view(state, opts.file, DocumentView)
    before, count = blocks(original), 0
    expected = []
    for p in before:
        text, n = WRITTEN.subn(lambda m: formatted(written_date(m), opts.fmt), p.text)
        count += n
        expected.append(p.model_copy(update={"text": text}))
    if count == 0:
        return Verdict.of(False, f"{opts.input_file} has no dates to reformat")
    if expected == before:
        return Verdict.of(False, f"every date of {opts.input_file} is already in the format asked")
    after = blocks(output)
    for n, (want, have) in enumerate(zip(expected, after, strict=False), start=1):
        if fold(want.text) != fold(have.text) and len(after) == len(expected):
            where = first_difference(fold(want.text), fold(have.text))
            return Verdict.of(False, f"paragraph {n} of {opts.file} {where}")
    if msg := paragraphs_diff(expected, after, opts.file):
        return Verdict.of(False, msg)
    if msg := tables_same(original, output, opts.file):
        return Verdict.of(False, msg)
    if (original.headers, original.footers) != (output.headers, output.footers):
        return Verdict.of(False, f"the header or footer of {opts.file} changed")
    return Verdict.of(True, f"{count} dates rewritten in the {opts.fmt} format, the text around them kept")
