"""Checks over text filled in from a template and JSON data: every placeholder replaced by the
record's value (dotted paths into nested objects), a placeholder the record has no value for
handled by the stated rule, one filled copy per record when the data is a list.

The expected text is rendered from the original template and data; trailing spaces and the final
newline aside, the output must be exactly that.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import Field

from forge.checks.json import _MISSING, at_path
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import JsonView, TextView

Style = Literal["dollar", "brace"]
PLACEHOLDER = {"dollar": re.compile(r"\$\{([\w.]+)\}"), "brace": re.compile(r"(?<![{$])\{([\w.]+)\}")}


class TemplateFilled(CheckOptions):
    file: OutputPath
    input_file: InputPath = Field(description="The template.")
    data_file: InputPath = Field(description="The JSON record (an object), or records (an array of objects).")
    style: Style = Field(description="Placeholders written ${field} or {field}.")
    missing: Literal["keep", "blank", "default"] = Field(description="A placeholder the record has no value for: "
                                                         "left as written, replaced by nothing, or by `default`.")
    default: str | None = Field(default=None, description="The text for a missing value under missing='default'.")
    separator: str | None = Field(default=None, description="For a list of records: the line between the copies.")


def fill(template: str, record: dict[str, Any], opts: TemplateFilled) -> str:
    """The template with each placeholder replaced as the options say."""
    def value(match: re.Match[str]) -> str:
        found = at_path(record, match[1])
        if found is _MISSING or isinstance(found, (dict, list)):
            return {"keep": match[0], "blank": "", "default": opts.default or ""}[opts.missing]
        return str(found)
    return PLACEHOLDER[opts.style].sub(value, template)


def _lines(lines: list[str]) -> list[str]:
    """Lines without trailing spaces, and without blank lines at either end."""
    out = [line.rstrip() for line in lines]
    while out and not out[-1]:
        out.pop()
    while out and not out[0]:
        out.pop(0)
    return out


def _copies(text: str, separator: str | None) -> list[list[str]]:
    if separator is None:
        return [_lines(text.splitlines())]
    copies: list[list[str]] = [[]]
    for line in text.splitlines():
        if line.strip() == separator:
            copies.append([])
        else:
            copies[-1].append(line)
    return [_lines(c) for c in copies]


@register_check("text.template_filled", TemplateFilled, view="text")
def template_filled(state: FinalState, opts: TemplateFilled) -> Verdict:
    """The output is the template with every placeholder filled from the record (dotted paths into
    nested objects; a value missing from the record kept as written, blanked or defaulted as stated);
    for a list of records, one filled copy per record in order, a separator line between copies.
    Every other character of the template is kept (trailing spaces and blank lines at either end of
    a copy aside)."""
    template = input_view(state, opts.input_file, TextView).text
    data = input_view(state, opts.data_file, JsonView).value
    records = data if isinstance(data, list) else [data]
    if not records or not all(isinstance(r, dict) for r in records):
        raise CheckError(f"{opts.data_file} is neither a JSON object nor an array of objects")
    if isinstance(data, list) and opts.separator is None:
        raise CheckError("a list of records needs a separator")
    got = _copies(output_view(state, opts.file, TextView).text, opts.separator if isinstance(data, list) else None)
    if len(got) != len(records):
        return Verdict.of(False, f"{opts.file} holds {len(got)} filled copies, expected {len(records)} (one per record, "
                          f"separated by a {opts.separator!r} line)")
    for k, (record, have) in enumerate(zip(records, got, strict=True), start=1):
        want = _lines(fill(template, record, opts).splitlines())
        where = f"copy {k}, " if len(records) > 1 else ""
        for n, (w, g) in enumerate(zip(want, have, strict=False), start=1):
            if w != g:
                return Verdict.of(False, f"{opts.file}: {where}line {n} is {g!r}, expected {w!r}")
        if len(have) != len(want):
            extra = f"{have[len(want)]!r} should not be there" if len(have) > len(want) else \
                f"{want[len(have)]!r} is missing"
            return Verdict.of(False, f"{opts.file}: {where}{len(have)} lines, expected {len(want)}: {extra}")
    return Verdict.of(True, f"{opts.file}: the template filled for {len(records)} record(s)")
