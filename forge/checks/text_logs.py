"""Log query checks over text: the lines of a service log picked by severity, a time window, a
phrase or a mix of them, written out as they are, newest first, once each, or counted.

The log's lines read `YYYY-MM-DD HH:MM:SS LEVEL [service] message`. The expected lines are
worked out from the task's original log; the options carry only what the instruction states
(the level, the window's ends, the phrase, how to write the result).
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import TextView

SEVERITY = ("DEBUG", "INFO", "WARNING", "ERROR")
_LINE = re.compile(r"^\d{4}-\d{2}-\d{2} (\d{2}:\d{2}):\d{2} (DEBUG|INFO|WARNING|ERROR) ")
Select = Literal["level", "at_least", "window", "phrase", "level_window", "drop_level"]
Output = Literal["lines", "newest_first", "count", "unique"]


class LogSelected(CheckOptions):
    file: OutputPath
    input_file: InputPath
    select: Select = Field(description="level: lines of one level; at_least: that level or worse; window: lines "
                           "from `start` up to (not including) `end`; phrase: lines containing it (any case); "
                           "level_window: one level's lines in the window; drop_level: every line but one level's.")
    output: Output = Field(description="lines: unchanged, in order; newest_first: reversed; count: one number; "
                           "unique: unchanged, in order, each distinct line once.")
    level: str | None = Field(default=None, description="The severity named (level, at_least, level_window, drop_level).")
    start: str | None = Field(default=None, pattern=r"^\d{2}:\d{2}$", description="Window start, HH:MM, included.")
    end: str | None = Field(default=None, pattern=r"^\d{2}:\d{2}$", description="Window end, HH:MM, excluded.")
    phrase: str | None = Field(default=None, description="Text a kept line contains (phrase).")


def selected(lines: list[str], opts: LogSelected) -> list[str]:
    """The log lines the options pick, in the log's order (lines that are not log lines never)."""
    kept = []
    for line in lines:
        match = _LINE.match(line)
        if match is None:
            continue
        time, level = match.groups()
        in_window = (opts.start or "") <= time < (opts.end or "99:99")
        keep = {
            "level": level == opts.level,
            "at_least": level in SEVERITY and SEVERITY.index(level) >= SEVERITY.index(opts.level or "ERROR"),
            "window": in_window,
            "phrase": (opts.phrase or "\0").casefold() in line.casefold(),
            "level_window": level == opts.level and in_window,
            "drop_level": level != opts.level,
        }[opts.select]
        if keep:
            kept.append(line.rstrip())
    return kept


@register_check("text.log_selected", LogSelected, view="text")
def log_selected(state: FinalState, opts: LogSelected) -> Verdict:
    """The output holds the log lines asked for (by level, at-or-above a level, a time window, a
    phrase, a level within a window, or all but one level), unchanged: in the log's order, newest
    first, each distinct line once, or only their number; no other lines."""
    if opts.select in ("level", "at_least", "level_window", "drop_level") and opts.level not in SEVERITY:
        return Verdict.of(False, f"the check names no severity level (got {opts.level!r}); one of {SEVERITY}")
    source = input_view(state, opts.input_file, TextView).lines
    expected = selected(source, opts)
    if not expected:
        return Verdict.of(False, f"{opts.input_file} has no line that fits; the task is empty")
    output = output_view(state, opts.file, TextView)
    if opts.output == "count":
        numbers = re.findall(r"(?<![\w.])\d+(?![\w.])", output.text)
        if numbers != [str(len(expected))]:
            return Verdict.of(False, f"{opts.file} gives {numbers[:5]}, expected the single number {len(expected)}")
        return Verdict.of(True, f"{len(expected)} lines counted")
    if opts.output == "unique":
        expected = list(dict.fromkeys(expected))
    elif opts.output == "newest_first":
        expected.reverse()
    got = [line.rstrip() for line in output.lines if line.strip()]
    for n, (want, have) in enumerate(zip(expected, got, strict=False), start=1):
        if want != have:
            return Verdict.of(False, f"line {n} of {opts.file} is {have[:80]!r}, expected {want[:80]!r}")
    if len(got) != len(expected):
        return Verdict.of(False, f"{opts.file} has {len(got)} lines, expected {len(expected)}")
    return Verdict.of(True, f"{len(expected)} lines as asked")
