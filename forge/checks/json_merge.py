"""Checks over JSON record lists merged from two exports of the same things (a CRM and a billing
system, a catalogue and a stock list): one record per key, fields united, conflicts settled by the
rule the instruction states.

The expected merge is worked out from the two original inputs; the options carry only what the
instruction names (the key, the rule, which keys to keep, the output's shape).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from forge.checks.json import _first_difference, same_json
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import JsonView

Prefer = Literal["first", "second", "newer", "fill"]
Keep = Literal["all", "both", "first"]


class RecordsMerged(CheckOptions):
    file: OutputPath
    input_file: InputPath = Field(description="The first export (its records win under `prefer='first'`).")
    other_file: InputPath = Field(description="The second export.")
    key: str = Field(description="The field both exports identify a record by.")
    prefer: Prefer = Field(description="Whose value a field two records disagree on takes: the first file's, the "
                           "second's, the later-updated record's, or the first's unless it is null or empty.")
    keep: Keep = Field(description="The keys merged: in either file, in both, or every key of the first file.")
    updated_field: str | None = Field(default=None, description="The timestamp field `prefer='newer'` compares.")
    keyed: bool = Field(default=False, description="An object from key to record instead of an array ordered by key.")


def _records(state: FinalState, path: str, key: str) -> dict[str, dict[str, Any]]:
    value = input_view(state, path, JsonView).value
    if not isinstance(value, list) or not all(isinstance(r, dict) and key in r for r in value):
        raise CheckError(f"{path} is not a JSON array of records that all have {key!r}")
    return {str(r[key]): r for r in value}


def _empty(value: Any) -> bool:
    return value is None or value == ""


def merge_pair(a: dict[str, Any], b: dict[str, Any], opts: RecordsMerged) -> dict[str, Any]:
    """One key's merged record: every field of either, a disagreement settled by `opts.prefer`."""
    if opts.prefer == "newer":
        if opts.updated_field is None:
            raise CheckError("prefer='newer' needs updated_field")
        b_wins = str(b.get(opts.updated_field, "")) > str(a.get(opts.updated_field, ""))
    merged = dict(a)
    for name, value in b.items():
        if name not in merged:
            merged[name] = value
        elif opts.prefer == "second" or (opts.prefer == "newer" and b_wins) or \
                (opts.prefer == "fill" and _empty(merged[name])):
            merged[name] = value
    return merged


@register_check("json.records_merged", RecordsMerged, view="json")
def records_merged(state: FinalState, opts: RecordsMerged) -> Verdict:
    """The output holds one record per kept key (in either file, in both, or the first file's), a key in
    both files merged field by field: fields of either kept, a value they disagree on taken by the
    rule; a key in one file only kept whole. An array ordered by key, or (`keyed`) an object from key
    to record; every record keeps its key field."""
    first, second = _records(state, opts.input_file, opts.key), _records(state, opts.other_file, opts.key)
    keys = {"all": first.keys() | second.keys(), "both": first.keys() & second.keys(), "first": first.keys()}
    expected: dict[str, Any] = {}
    for k in sorted(keys[opts.keep]):
        a, b = first.get(k), second.get(k)
        expected[k] = merge_pair(a, b, opts) if a is not None and b is not None else (a or b)
    got = output_view(state, opts.file, JsonView).value
    if opts.keyed:
        if not isinstance(got, dict):
            return Verdict.of(False, f"{opts.file} is not a JSON object from {opts.key} to record")
        want: Any = expected
    else:
        if not isinstance(got, list):
            return Verdict.of(False, f"{opts.file} is not a JSON array of records")
        want = list(expected.values())
        if len(got) != len(want):
            return Verdict.of(False, f"{opts.file} has {len(got)} records, expected {len(want)} (keys kept: "
                              f"{opts.keep})")
        order = [str(r.get(opts.key)) if isinstance(r, dict) else None for r in got]
        if order != list(expected):
            at = next(i for i, (x, y) in enumerate(zip(order, expected, strict=True)) if x != y)
            return Verdict.of(False, f"record {at + 1} of {opts.file} has {opts.key} {order[at]!r}, expected "
                              f"{list(expected)[at]!r} (records ordered by {opts.key})")
        for k, record in zip(expected, got, strict=True):
            if not same_json(record, expected[k]):
                return Verdict.of(False, f"{opts.file}: the record with {opts.key} {k!r} is not the merge (prefer "
                                  f"{opts.prefer}): {_first_difference(expected[k], record)}")
    if not same_json(got, want):
        return Verdict.of(False, f"{opts.file} is not the merge (prefer {opts.prefer}): {_first_difference(want, got)}")
    both = len(first.keys() & second.keys() & set(expected))
    return Verdict.of(True, f"{len(expected)} records merged on {opts.key!r}, {both} from both files "
                      f"(prefer {opts.prefer})")
