"""Checks over a log split into one file per level, per service or per day, as people do when one
combined log (every container's output, or a file that was never rotated) is too much to read: each
file holds exactly the entries of its value, whole (a traceback under an entry goes with it), in the
log's order; optionally with the field the file is named after dropped from each entry's first line
(the level, the `[service]` tag, or the date before the time).

An entry starts at a line `YYYY-MM-DD HH:MM:SS[,mmm] LEVEL [service] message` and runs to the next
one. Lines compare with trailing spaces dropped and blank lines free; indentation counts.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks._text_diff import text_lines_diff
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TextView

By = Literal["level", "service", "day"]
ENTRY = re.compile(r"^(?P<day>\d{4}-\d{2}-\d{2})[ T](?P<time>\d{2}:\d{2}:\d{2}\S*)\s+(?P<level>[A-Z]+)\s+"
                   r"\[(?P<service>[^\]]+)\]\s?(?P<message>.*)$")
STRIPPED = {  # the first line without the field the file is named after
    "level": lambda m: f"{m['day']} {m['time']} [{m['service']}] {m['message']}",
    "service": lambda m: f"{m['day']} {m['time']} {m['level']} {m['message']}",
    "day": lambda m: f"{m['time']} {m['level']} [{m['service']}] {m['message']}",
}


class LogSplit(CheckOptions):
    input_file: InputPath
    part1: OutputPath
    part2: OutputPath
    part3: OutputPath
    part4: OutputPath
    by: By = Field(description="What each file gathers: one level, one service (the [tag]) or one day's entries.")
    values: list[str] = Field(min_length=4, max_length=4, description="The level, service or day (YYYY-MM-DD) of "
                              "part1..part4, in that order, as the instruction lists them.")
    strip: bool = Field(default=False, description="Drop that field from each entry's first line (for a day, the "
                        "date before the time).")


def log_entries(lines: list[str], path: str) -> list[tuple[re.Match[str], list[str]]]:
    """Each entry's parsed first line and its lines (continuations kept, trailing spaces and blank lines dropped)."""
    found: list[tuple[re.Match[str], list[str]]] = []
    for line in lines:
        line = line.rstrip()
        match = ENTRY.match(line)
        if match:
            found.append((match, [line]))
        elif line.strip():
            if not found:
                raise CheckError(f"{path} does not start with a log entry: {line[:70]!r}")
            found[-1][1].append(line)
    return found


@register_check("text.log_split", LogSplit, view="text")
def log_split(state: FinalState, opts: LogSplit) -> Verdict:
    """part k holds exactly the entries whose level, service or day is values[k], whole and in the
    log's order (the field dropped from each first line when `strip`); every entry has its file."""
    log = log_entries(input_view(state, opts.input_file, TextView).lines, opts.input_file)
    stray = sorted({m[opts.by] for m, _ in log} - set(opts.values))
    if stray:
        raise CheckError(f"{opts.input_file} has entries of {', '.join(stray)}, which no part is for")
    parts = [opts.part1, opts.part2, opts.part3, opts.part4]
    for path, value in zip(parts, opts.values, strict=True):
        want = [line for m, lines in log if m[opts.by] == value
                for line in ([STRIPPED[opts.by](m)] if opts.strip else lines[:1]) + lines[1:]]
        got = [line.rstrip() for line in output_view(state, path, TextView).lines if line.strip()]
        problem = text_lines_diff(want, got, path)
        if problem:
            return Verdict.of(False, f"the {value} file: {problem}")
    return Verdict.of(True, f"{len(log)} entries split by {opts.by} into {len(parts)} files")
