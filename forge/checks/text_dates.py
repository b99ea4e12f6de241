"""Checks over a text whose dates, written every which way by different people (03/05/2024, 3 May
2024, May 3rd, 2024, 2024-05-03), were put in one format as a style guide asks: ISO (2024-05-03) or
written out (3 May 2024); numeric dates read day first or month first as the instruction says (the
notes' office). Everything else stays as it was: a quarter (Q3 2024), a time, a version.

Dates are found as the patterns below find them; the expected text is the input with each one
rewritten, compared line for line (trailing spaces and blank lines at the end free).
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Literal

from pydantic import Field

from forge.checks._text_diff import text_lines_diff, trimmed_lines
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TextView

Target = Literal["iso", "long"]
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"]
_MONTH = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?"
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?"
DATE = re.compile(rf"(?<![\w/.-])(?:(\d{{4}})-(\d{{2}})-(\d{{2}})|(\d{{1,2}})/(\d{{1,2}})/(\d{{4}})|{_DAY} ({_MONTH}) "
                  rf"(\d{{4}})|({_MONTH}) {_DAY},? (\d{{4}}))(?![\w/-])")


def _month(name: str) -> int:
    key = name.lower().rstrip(".")[:3]
    return next(n for n, m in enumerate(MONTHS, start=1) if m.startswith(key))


def parse(match: re.Match[str], day_first: bool) -> dt.date:
    """The date a match names (numeric ones day first or month first)."""
    g = match.groups()
    if g[0]:
        return dt.date(int(g[0]), int(g[1]), int(g[2]))
    if g[3]:
        a, b = int(g[3]), int(g[4])
        return dt.date(int(g[5]), b, a) if day_first else dt.date(int(g[5]), a, b)
    if g[6]:
        return dt.date(int(g[8]), _month(g[7]), int(g[6]))
    return dt.date(int(g[11]), _month(g[9]), int(g[10]))


def written(day: dt.date, target: Target) -> str:
    return day.isoformat() if target == "iso" else f"{day.day} {MONTHS[day.month - 1].capitalize()} {day.year}"


class DatesNormalised(CheckOptions):
    file: OutputPath
    input_file: InputPath
    target: Target = Field(description="iso: 2024-05-03; long: 3 May 2024 (day, full month name, year).")
    day_first: bool = Field(description="Numeric dates such as 03/05/2024 are day/month/year; else month/day/year.")


def normalised(lines: list[str], opts: DatesNormalised) -> tuple[list[str], int]:
    """The lines with every date rewritten in the target format, and how many were not in it yet."""
    changed = 0

    def rewrite(match: re.Match[str]) -> str:
        nonlocal changed
        try:
            new = written(parse(match, opts.day_first), opts.target)
        except ValueError as exc:  # 31/02/2024: no date, a slip the task does not ask to fix
            raise CheckError(f"{match.group()!r} is no calendar date ({exc})") from exc
        changed += new != match.group()
        return new

    return [DATE.sub(rewrite, line) for line in lines], changed


@register_check("text.dates_normalised", DatesNormalised, view="text")
def dates_normalised(state: FinalState, opts: DatesNormalised) -> Verdict:
    """Line for line the input with every date in the one format asked (numeric dates read as the
    options say) and nothing else changed; trailing spaces and blank lines at the end free."""
    expected, changed = normalised(trimmed_lines(input_view(state, opts.input_file, TextView).lines), opts)
    if not changed:
        raise CheckError(f"{opts.input_file} has no date to rewrite; the input is not for this check")
    problem = text_lines_diff(expected, trimmed_lines(output_view(state, opts.file, TextView).lines), opts.file)
    if problem:
        return Verdict.of(False, problem)
    return Verdict.of(True, f"{changed} dates rewritten as {opts.target}, nothing else changed")
