"""Checks over JSON records put in order by one of their fields: a catalogue by price, an order
export by date or by the customer's name (a field inside each record), a customer list by surname.

The records come from the input; the options carry what the instruction names (where the records
sit, the field, the direction). Records sharing a value may come in either order.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from pydantic import Field

from forge.checks._compare import show, sort_key
from forge.checks._json_envelope import envelope_changed, records_at
from forge.checks.json import at_path
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import JsonView


class RecordsSorted(CheckOptions):
    file: OutputPath
    input_file: InputPath
    records: str | None = Field(default=None, description="Dotted path of the records; None: the whole document "
                                "is the array. The rest of the document stays as it was.")
    by: str = Field(description="Dotted path of the field inside each record the order follows.")
    descending: bool = Field(default=False, description="Largest, latest or Z first.")


def _plain(value: Any) -> Any:
    """A value with whole floats as ints, so 5000.0 and 5000 are one number (as `same_json` has it)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return [_plain(v) for v in value] if isinstance(value, list) else value


def _canonical(record: Any) -> str:
    return json.dumps(_plain(record), sort_keys=True)


@register_check("json.records_sorted", RecordsSorted, view="json")
def records_sorted(state: FinalState, opts: RecordsSorted) -> Verdict:
    """The output holds the input's records, each whole and each once, ordered by the field (numbers
    by value, dates as ISO text, text ignoring case), ascending or descending as asked, records with
    the same value in any order; around the records the document is unchanged."""
    doc = input_view(state, opts.input_file, JsonView).value
    if (want := records_at(doc, opts.records)) is None:
        raise CheckError(f"{opts.input_file} has no array of records at {opts.records or 'its top level'}")
    got_doc = output_view(state, opts.file, JsonView).value
    if (got := records_at(got_doc, opts.records)) is None:
        return Verdict.of(False, f"{opts.file} has no array of records at {opts.records or 'its top level'}")
    if msg := envelope_changed(doc, got_doc, opts.records, opts.file):
        return Verdict.of(False, msg)
    keys = [sort_key(at_path(r, opts.by) if isinstance(r, dict) else None) for r in got]
    for n in range(1, len(got)):
        before, after = (keys[n], keys[n - 1]) if opts.descending else (keys[n - 1], keys[n])
        if after < before:
            value = lambda r: show(at_path(r, opts.by)) if isinstance(r, dict) else show(r)  # noqa: E731
            return Verdict.of(False, f"record {n + 1} of {opts.file} ({opts.by} {value(got[n])}) comes after "
                              f"{value(got[n - 1])}: not ordered by {opts.by}, "
                              f"{'descending' if opts.descending else 'ascending'}")
    have, need = Counter[str](), Counter(map(_canonical, want))
    for n, record in enumerate(got, start=1):
        have[_canonical(record)] += 1
        if have[_canonical(record)] > need[_canonical(record)]:
            return Verdict.of(False, f"record {n} of {opts.file} is not one of the input's records (changed or "
                              "repeated)")
    if missing := need - have:
        return Verdict.of(False, f"{opts.file} has {len(got)} records, expected {len(want)}: "
                          f"{next(iter(missing))[:80]} is missing")
    return Verdict.of(True, f"{len(want)} records ordered by {opts.by}")
