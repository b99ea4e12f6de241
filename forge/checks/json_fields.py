"""Checks over JSON records mapped to another system's field names: a CRM export re-shaped for a new
CRM's import, a catalogue for a new shop (fields renamed, gathered into a nested object or lifted out
of one, values typed as text converted, fields the mapping does not name dropped or kept).

The expected records come from the input and the mapping the instruction states (old dotted path
to new dotted path; a dot means a field inside an object).
"""

from __future__ import annotations

import copy
import re
from typing import Any

from pydantic import Field

from forge.checks.json import _MISSING, _first_difference, at_path, same_json
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import JsonView

_NUMBER = re.compile(r"^[+-]?[0-9]+(\.[0-9]+)?$")
_FLAGS = {"yes": True, "y": True, "true": True, "1": True, "no": False, "n": False, "false": False, "0": False}


class FieldsMapped(CheckOptions):
    file: OutputPath
    input_file: InputPath
    records: str | None = Field(default=None, description="Dotted path of the records in the input; None: the "
                                "whole document is the array.")
    mapping: dict[str, str] = Field(min_length=1, description="Old dotted path -> new dotted path, per record.")
    keep_others: bool = Field(default=False, description="Top-level fields the mapping does not touch are kept as "
                              "they are; False: left out.")
    as_numbers: list[str] = Field(default_factory=list, description="New paths whose text values become numbers.")
    as_booleans: list[str] = Field(default_factory=list, description="New paths whose yes/no text becomes "
                                   "true/false.")


def _put(record: dict[str, Any], dotted: str, value: Any) -> None:
    *parents, last = dotted.split(".")
    for key in parents:
        record = record.setdefault(key, {})
    record[last] = value


def _converted(value: Any, path: str, to_number: bool) -> Any:
    if not isinstance(value, str):
        return value
    text = value.strip()
    if to_number and _NUMBER.match(text):
        return float(text) if "." in text else int(text)
    if not to_number and text.casefold() in _FLAGS:
        return _FLAGS[text.casefold()]
    raise CheckError(f"the input's {path} holds {value!r}, not a {'number' if to_number else 'yes/no'} as text")


def mapped(record: dict[str, Any], opts: FieldsMapped) -> dict[str, Any]:
    """One record as the mapping makes it."""
    touched = {old.split(".")[0] for old in opts.mapping}
    out = {k: copy.deepcopy(v) for k, v in record.items() if k not in touched} if opts.keep_others else {}
    for old, new in opts.mapping.items():
        value = at_path(record, old)
        if value is not _MISSING:
            _put(out, new, copy.deepcopy(value))
    for paths, to_number in ((opts.as_numbers, True), (opts.as_booleans, False)):
        for path in paths:
            if (value := at_path(out, path)) is not _MISSING:
                _put(out, path, _converted(value, path, to_number))
    return out


@register_check("json.fields_mapped", FieldsMapped, view="json")
def fields_mapped(state: FinalState, opts: FieldsMapped) -> Verdict:
    """The output is a JSON array with one object per input record, in order: each mapped value at
    its new path (nested objects made or flattened as the paths say), the fields to convert as
    numbers or true/false, the untouched fields kept or left out as asked, and nothing else."""
    doc = input_view(state, opts.input_file, JsonView).value
    source = doc if opts.records is None else at_path(doc, opts.records)
    if not isinstance(source, list) or not all(isinstance(r, dict) for r in source):
        raise CheckError(f"{opts.input_file} has no array of records at {opts.records or 'its top level'}")
    want = [mapped(r, opts) for r in source]
    got = output_view(state, opts.file, JsonView).value
    if not isinstance(got, list):
        return Verdict.of(False, f"{opts.file} is not a JSON array of records")
    for n, (record, have) in enumerate(zip(want, got, strict=False), start=1):
        if not same_json(have, record):
            return Verdict.of(False, f"record {n} of {opts.file}: {_first_difference(record, have)}")
    if len(got) != len(want):
        return Verdict.of(False, f"{opts.file} has {len(got)} records, expected {len(want)} (one per input record)")
    return Verdict.of(True, f"{len(want)} records mapped to the new fields")
