"""Checks over logs whose entries span lines: a timestamped first line, then the traceback (Python)
or stack trace (Java) that belongs to it. Entries picked by level or by the exception they end in,
written whole or as their first lines only, or the ERROR entries counted per exception type.

An entry starts at a line beginning `YYYY-MM-DD HH:MM:SS` and runs to the next one. Its exception
line is the last line of a Python traceback, or the first line under the entry in a Java stack
trace; the exception type is that line up to its first colon. Blank lines in the output and
trailing spaces do not count. The expected lines come from the input log and the options.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Literal

from pydantic import BaseModel, Field

from forge.checks._text_diff import text_lines_diff
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TextView

_START = re.compile(r"^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}\S*\s+([A-Z]+)\b")
Flavor = Literal["python", "java"]
Form = Literal["entries", "headlines", "counts"]


class Entry(BaseModel):
    level: str
    lines: list[str]

    def exception(self, flavor: Flavor) -> str | None:
        """The exception type the entry ends in, or None when it has no trace."""
        trace = self.lines[1:]
        if flavor == "python":
            line = trace[-1] if trace and trace[0].startswith("Traceback") else None
        else:
            line = trace[0] if trace and not trace[0][:1].isspace() else None
        return line.split(":", 1)[0].strip() if line else None


def entries(lines: list[str]) -> list[Entry]:
    """The log's entries, in order; lines before the first entry are ignored, blank lines dropped."""
    out: list[Entry] = []
    for line in lines:
        if match := _START.match(line):
            out.append(Entry(level=match.group(1), lines=[line.rstrip()]))
        elif out and line.strip():
            out[-1].lines.append(line.rstrip())
    return out


class LogEntries(CheckOptions):
    file: OutputPath
    input_file: InputPath
    flavor: Flavor = Field(description="How the traces are written: Python tracebacks or Java stack traces.")
    form: Form = Field(description="entries: the picked entries whole, trace included; headlines: their first "
                       "lines only; counts: `Type: n` per exception type of the ERROR entries, most first, ties A-Z.")
    level: str | None = Field(default=None, description="Pick the entries of this level.")
    exception: str | None = Field(default=None, description="Pick the entries (any level) ending in this exception "
                                  "type.")


def expected_lines(log: list[Entry], opts: LogEntries) -> list[str]:
    """What the output must hold, line by line."""
    if opts.form == "counts":
        counts = Counter(e.exception(opts.flavor) for e in log if e.level == "ERROR")
        counts.pop(None, None)
        return [f"{kind}: {n}" for kind, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]
    if (opts.level is None) == (opts.exception is None):
        raise CheckError("pick entries by a level or by an exception type (one of them)")
    picked = [e for e in log if (e.level == opts.level if opts.level else e.exception(opts.flavor) == opts.exception)]
    return [line for e in picked for line in (e.lines if opts.form == "entries" else e.lines[:1])]


@register_check("text.log_entries", LogEntries, view="text")
def log_entries(state: FinalState, opts: LogEntries) -> Verdict:
    """The output holds exactly the picked entries, in log order, each whole with its trace (or only
    its first line), or the ERROR entries' counts per exception type, most first (ties A to Z);
    nothing else but blank lines and trailing spaces."""
    want = expected_lines(entries(input_view(state, opts.input_file, TextView).lines), opts)
    if not want:
        raise CheckError(f"{opts.input_file} has no entries to pick; the input is not for this check")
    got = [line.rstrip() for line in output_view(state, opts.file, TextView).lines if line.strip()]
    problem = text_lines_diff(want, got, opts.file)
    if problem:
        return Verdict.of(False, problem)
    return Verdict.of(True, f"{len(want)} lines as expected ({opts.form})")
