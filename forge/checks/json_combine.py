"""Checks over several JSON exports of one kind of record combined into one document: each store's
order export for a month, each system's dump, put together for one report or one import.

The expected records come from the inputs in file order (each file's records array, its envelope
left behind); the options carry what the instruction names: a key whose repeats are dropped (the
first copy kept), a field naming each record's file, an order, and the output's shape.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any

from pydantic import Field

from forge.checks._compare import sort_key
from forge.checks._json_envelope import records_at
from forge.checks.json import _MISSING, _first_difference, at_path, same_json
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import JsonView


class RecordsCombined(CheckOptions):
    file: OutputPath
    input_file: InputPath = Field(description="The first export.")
    second_file: InputPath
    third_file: InputPath | None = None
    fourth_file: InputPath | None = None
    records: str = Field(description="Dotted path of each export's records array, e.g. 'orders'.")
    count_field: str | None = Field(default=None, description="The output is an object holding the records under "
                                    "`records` and their number under this field; None: a bare array.")
    key: str | None = Field(default=None, description="A record whose key an earlier one (file order) has is "
                            "left out.")
    source_field: str | None = Field(default=None, description="A field added to each record holding the name of "
                                     "the file it came from (without its folder).")
    sort_by: str | None = Field(default=None, description="Records ordered by this field, smallest or oldest first "
                                "(ties in any order); None: file after file, each in its own order.")


def expected(state: FinalState, opts: RecordsCombined) -> list[Any]:
    """The combined records in file order, repeats of the key dropped, each tagged when asked."""
    out: list[Any] = []
    seen: set[str] = set()
    for path in (p for p in (opts.input_file, opts.second_file, opts.third_file, opts.fourth_file) if p):
        found = records_at(input_view(state, path, JsonView).value, opts.records)
        if found is None:
            raise CheckError(f"{path} has no array of records at {opts.records!r}")
        for record in found:
            if opts.key:
                value = at_path(record, opts.key)
                if value is _MISSING:
                    raise CheckError(f"a record of {path} has no {opts.key!r}")
                if str(value) in seen:
                    continue
                seen.add(str(value))
            out.append({**record, opts.source_field: PurePosixPath(path).name} if opts.source_field else record)
    return out


def _unordered_issue(want: list[Any], got: list[Any], opts: RecordsCombined) -> str | None:
    """With a sort field: records in order of it, and the same records as expected, each once."""
    for n in range(1, len(got)):
        a, b = (at_path(r, opts.sort_by or "") if isinstance(r, dict) else None for r in (got[n - 1], got[n]))
        if sort_key(b) < sort_key(a):
            return f"record {n + 1} ({opts.sort_by} {b!r}) comes after {a!r}: not ordered by {opts.sort_by!r}"
    left = list(want)
    for n, record in enumerate(got, start=1):
        match = next((i for i, w in enumerate(left) if same_json(w, record)), None)
        if match is None:
            return f"record {n} ({str(record)[:80]}) is not one of the records to combine, or appears too often"
        left.pop(match)
    return f"the record {str(left[0])[:80]} is missing" if left else None


@register_check("json.records_combined", RecordsCombined, view="json")
def records_combined(state: FinalState, opts: RecordsCombined) -> Verdict:
    """The output holds every export's records - file after file, or ordered by the sort field - each
    whole, a repeated key kept once (its first copy), each tagged with its file's name when asked;
    as a bare array, or as an object with the records and their count and nothing else."""
    want = expected(state, opts)
    doc = output_view(state, opts.file, JsonView).value
    if opts.count_field:
        if not isinstance(doc, dict) or set(doc) != {opts.records, opts.count_field}:
            shown = sorted(doc) if isinstance(doc, dict) else type(doc).__name__
            return Verdict.of(False, f"{opts.file} should be an object with just {opts.records!r} and "
                              f"{opts.count_field!r}; it has {shown}")
        if not same_json(doc[opts.count_field], len(want)):
            return Verdict.of(False, f"{opts.file}'s {opts.count_field} is {doc[opts.count_field]!r}, "
                              f"expected {len(want)}")
    got = doc.get(opts.records) if opts.count_field else doc
    if not isinstance(got, list):
        return Verdict.of(False, f"{opts.file} holds no array of records")
    if opts.sort_by:
        if msg := _unordered_issue(want, got, opts):
            return Verdict.of(False, f"{opts.file}: {msg}")
    else:
        for n, (record, have) in enumerate(zip(want, got, strict=False), start=1):
            if not same_json(have, record):
                return Verdict.of(False, f"record {n} of {opts.file}: {_first_difference(record, have)}")
    if len(got) != len(want):
        return Verdict.of(False, f"{opts.file} has {len(got)} records, expected {len(want)}")
    return Verdict.of(True, f"{len(want)} records combined")
