"""Checks over a file re-indented from one indent unit to another (2 or 4 spaces, or tabs), as a
linter or a team's style asks: a YAML config, a markdown outline's nested lists, an nginx config.

Each line's leading indent is read as whole units of the input's unit and written as as many of the
target's; the rest of every line is unchanged. Trailing spaces and blank lines at the end are free.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks._text_diff import text_lines_diff, trimmed_lines
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TextView

Unit = Literal["2", "4", "tab"]
UNITS: dict[str, str] = {"2": "  ", "4": "    ", "tab": "\t"}


def reindented(lines: list[str], source: Unit, target: Unit, path: str) -> list[str]:
    """`lines` with each indent of n `source` units written as n `target` units."""
    unit, out = UNITS[source], []
    for k, line in enumerate(lines, start=1):
        body = line.lstrip(" \t")
        lead = line[:len(line) - len(body)]
        if body and lead.replace(unit, ""):
            raise CheckError(f"line {k} of {path} is not indented in whole {source!r} units; not for this check")
        out.append(UNITS[target] * (len(lead) // len(unit)) + body if body else "")
    return out


class Reindented(CheckOptions):
    file: OutputPath
    input_file: InputPath
    source: Unit = Field(description="The input's indent unit: 2 spaces, 4 spaces or a tab per level.")
    target: Unit = Field(description="The indent unit asked for.")


@register_check("text.reindented", Reindented, view="text")
def reindented_check(state: FinalState, opts: Reindented) -> Verdict:
    """Every line keeps its nesting level and its text, its indent now written in the target unit
    (so many spaces or tabs per level); nothing else changes (trailing spaces and end blank lines free)."""
    original = input_view(state, opts.input_file, TextView).lines
    want = trimmed_lines(reindented(original, opts.source, opts.target, opts.input_file))
    got = trimmed_lines(output_view(state, opts.file, TextView).lines)
    problem = text_lines_diff(want, got, opts.file)
    if problem:
        return Verdict.of(False, problem.replace("text line", "line"))
    return Verdict.of(True, f"{len(want)} lines re-indented")
