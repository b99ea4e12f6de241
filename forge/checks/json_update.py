"""Checks over a bulk edit of JSON records: every record meeting a condition (a category, a country,
a stock level below or a limit at least a number) gets a field set, a new field added, or a number
raised by a percentage; every other record, and the document around them, stays as it was.

The expected document comes from the input and what the instruction names.
"""

from __future__ import annotations

import copy
from typing import Any, Literal

from pydantic import Field, JsonValue

from forge.checks._compare import is_number, rounded_to, text
from forge.checks._json_envelope import envelope_changed, records_at
from forge.checks.json import _MISSING, _first_difference, _set, at_path, same_json
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import JsonView


class RecordsUpdated(CheckOptions):
    file: OutputPath
    input_file: InputPath
    records: str | None = Field(default=None, description="Dotted path of the records; None: the whole document.")
    where: str = Field(description="The field the condition reads.")
    operator: Literal["==", "<", ">="] = Field(description="==: text equal ignoring case; < and >=: numbers.")
    value: str | float | int = Field(description="The text or number the condition compares with.")
    field: str = Field(description="The field the edit writes.")
    set_to: JsonValue = Field(default=None, description="The value written (set or added); unused with percent.")
    percent: float | None = Field(default=None, description="Raise the field's number by this percentage, rounded to "
                                  "2 decimal places.")


def _meets(record: Any, opts: RecordsUpdated) -> bool:
    found = at_path(record, opts.where)
    if opts.operator == "==":
        return found is not _MISSING and text(found).casefold() == text(opts.value).casefold()
    if not is_number(found):
        raise CheckError(f"a record's {opts.where} is {found!r}, not a number")
    return found < opts.value if opts.operator == "<" else found >= opts.value  # type: ignore[operator]


def _edited(record: Any, opts: RecordsUpdated) -> Any:
    out = copy.deepcopy(record)
    if opts.percent is None:
        _set(out, opts.field, copy.deepcopy(opts.set_to))
    else:
        old = at_path(record, opts.field)
        if not is_number(old):
            raise CheckError(f"a record's {opts.field} is {old!r}, not a number to raise")
        _set(out, opts.field, round(old * (1 + opts.percent / 100), 2))
    return out


def _raised_ok(want: Any, have: Any, opts: RecordsUpdated) -> str | None:
    """A raised number may differ from the exact figure by float noise only, and has 2 decimals at most."""
    w, h = at_path(want, opts.field), at_path(have, opts.field)
    if not is_number(h) or abs(h - w) > 0.005 + 1e-9 or not rounded_to(h, 2):
        return f"{opts.field} is {h!r}, expected {w!r} (raised by {opts.percent:g}% and rounded to 2 decimals)"
    return None if same_json({**have, opts.field: w} if "." not in opts.field else have, want) else \
        _first_difference(want, have)


@register_check("json.records_updated", RecordsUpdated, view="json")
def records_updated(state: FinalState, opts: RecordsUpdated) -> Verdict:
    """Every record meeting the condition has the field set to the value (added where it had none),
    or its number raised by the percentage and rounded to 2 decimals; every other record, the
    records' order and the rest of the document are unchanged."""
    doc = input_view(state, opts.input_file, JsonView).value
    if (source := records_at(doc, opts.records)) is None:
        raise CheckError(f"{opts.input_file} has no array of records at {opts.records or 'its top level'}")
    want = [_edited(r, opts) if _meets(r, opts) else r for r in source]
    got_doc = output_view(state, opts.file, JsonView).value
    if (got := records_at(got_doc, opts.records)) is None:
        return Verdict.of(False, f"{opts.file} has no array of records at {opts.records or 'its top level'}")
    if msg := envelope_changed(doc, got_doc, opts.records, opts.file):
        return Verdict.of(False, msg)
    for n, (record, have) in enumerate(zip(want, got, strict=False), start=1):
        edited = record is not source[n - 1]
        if edited and opts.percent is not None and isinstance(have, dict):
            if msg := _raised_ok(record, have, opts):
                return Verdict.of(False, f"record {n} of {opts.file}: {msg}")
        elif not same_json(have, record):
            return Verdict.of(False, f"record {n} of {opts.file}{' (meets the condition)' if edited else ''}: "
                              f"{_first_difference(record, have)}")
    if len(got) != len(want):
        return Verdict.of(False, f"{opts.file} has {len(got)} records, expected {len(want)}")
    changed = sum(r is not s for r, s in zip(want, source, strict=True))
    return Verdict.of(True, f"{changed} of {len(want)} records updated")
