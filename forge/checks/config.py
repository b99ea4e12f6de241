"""Config migration checks: an INI file carried into JSON, section by section.

The expected document is worked out from the original INI file (comments dropped, the DEFAULT
section ignored); the options only say whether values become JSON numbers and booleans.
"""

from __future__ import annotations

import configparser
import re
from typing import Any

from pydantic import Field

from forge.checks.json import _first_difference, same_json
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import JsonView, TextView

_INT = re.compile(r"^[+-]?\d+$")
_FLOAT = re.compile(r"^[+-]?\d*\.\d+$")


def typed_value(text: str) -> Any:
    """An INI value as JSON: integers and decimals as numbers, true/false as booleans, else text."""
    if _INT.match(text):
        return int(text)
    if _FLOAT.match(text):
        return float(text)
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return text


class JsonFromIni(CheckOptions):
    file: OutputPath
    input_file: InputPath
    typed: bool = Field(default=True, description="Numbers and true/false become JSON numbers and booleans.")


@register_check("json.from_ini", JsonFromIni, view="json")
def json_from_ini(state: FinalState, opts: JsonFromIni) -> Verdict:
    """The JSON document is one object per INI section, in order, each mapping the section's keys to
    their values (with `typed`, integers and decimals as numbers and true/false as booleans; else
    every value as text); no other keys."""
    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read_string(input_view(state, opts.input_file, TextView).text, source=opts.input_file)
    except configparser.Error as exc:
        return Verdict.of(False, f"{opts.input_file} is not a valid INI file: {exc}")
    convert = typed_value if opts.typed else str
    expected = {s: {k: convert(v) for k, v in parser[s].items()} for s in parser.sections()}
    got = output_view(state, opts.file, JsonView).value
    if not isinstance(got, dict):
        return Verdict.of(False, f"{opts.file} holds a JSON {type(got).__name__}, expected an object of sections")
    if list(got) != list(expected):
        return Verdict.of(False, f"{opts.file} has the sections {list(got)}, expected {list(expected)} in order")
    if not same_json(got, expected):
        return Verdict.of(False, f"{opts.file} differs from {opts.input_file}: {_first_difference(expected, got)}")
    return Verdict.of(True, f"{len(expected)} sections carried over{' with typed values' if opts.typed else ''}")
