"""Checks over markdown footnotes (`text[^3]` and a `[^3]: note` line): renumbered 1, 2, 3 in the
order they are first referenced (numbers left out of order by edits, or named labels such as
`[^smith2023]`), every note then listed at the end in that order (optionally under a `## Notes`
heading); or each note put inline in parentheses where it is referenced and its line removed.

Lines are compared as a reader sees them: blank lines and trailing spaces do not count. The
expected document comes from the input and the options.
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

DEFINITION = re.compile(r"^\[\^([^\]\s]+)\]:\s*(.*?)\s*$")
REFERENCE = re.compile(r"\[\^([^\]\s]+)\](?!:)")


def split_notes(lines: list[str]) -> tuple[list[str], dict[str, str]]:
    """(the lines that are not note definitions, label -> note text)."""
    body, notes = [], {}
    for line in lines:
        if match := DEFINITION.match(line):
            notes[match.group(1)] = match.group(2)
        else:
            body.append(line)
    return body, notes


class FootnotesEdited(CheckOptions):
    file: OutputPath
    input_file: InputPath
    operation: Literal["renumber", "inline"] = Field(description="renumber: labels become 1, 2, 3 in order of "
                                                     "first reference, the notes listed at the end in that order; "
                                                     "inline: each reference replaced by ' (note)', the note lines "
                                                     "removed.")
    heading: str | None = Field(default=None, description="renumber: the notes go under this `##` heading at the "
                                "end; None: they just end the document.")


def expected_lines(lines: list[str], opts: FootnotesEdited, path: str) -> list[str]:
    body, notes = split_notes(lines)
    order = list(dict.fromkeys(m.group(1) for line in body for m in REFERENCE.finditer(line)))
    missing = [label for label in order if label not in notes]
    if not order or missing:
        raise CheckError(f"{path} has {'no footnote references' if not order else f'no note for {missing[0]!r}'}")
    if opts.operation == "inline":
        return [REFERENCE.sub(lambda m: f" ({notes[m.group(1)]})", line) for line in body]
    number = {label: str(n) for n, label in enumerate(order, start=1)}
    body = [REFERENCE.sub(lambda m: f"[^{number[m.group(1)]}]", line) for line in body]
    while body and not body[-1].strip():
        body.pop()
    tail = [f"## {opts.heading}"] if opts.heading else []
    return [*body, *tail, *(f"[^{number[label]}]: {notes[label]}" for label in order)]


@register_check("text.footnotes_edited", FootnotesEdited, view="text")
def footnotes_edited(state: FinalState, opts: FootnotesEdited) -> Verdict:
    """renumber: every reference and note label is its number in order of first reference, the
    notes at the end in that order (under the heading when one is asked); inline: each reference
    replaced by its note in parentheses after a space, no note lines left. Every other line as it
    was (blank lines and trailing spaces free)."""
    want = [line.rstrip() for line in expected_lines(input_view(state, opts.input_file, TextView).lines, opts,
                                                    opts.input_file) if line.strip()]
    got = [line.rstrip() for line in output_view(state, opts.file, TextView).lines if line.strip()]
    problem = text_lines_diff(want, got, opts.file)
    if problem:
        return Verdict.of(False, problem)
    return Verdict.of(True, f"footnotes {'renumbered' if opts.operation == 'renumber' else 'put inline'}")
