"""Checks over JSON records re-shaped between the two ways exports hold them: an array of records,
or an object from each record's id to the record (what a lookup-table API or a config loader wants).

The expected document comes from the input; the options carry what the instruction names (the id
field, where the records sit, the direction, whether the id stays inside, the array's order).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from forge.checks._compare import sort_key
from forge.checks._keyed import keys_diff
from forge.checks.json import _MISSING, _first_difference, at_path, same_json
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import JsonView


class Rekeyed(CheckOptions):
    file: OutputPath
    input_file: InputPath
    key: str = Field(description="The id field of a record.")
    to: Literal["object", "array"] = Field(description="object: from an array to an object keyed by id; array: from "
                                          "an object keyed by id to an array of records holding the id.")
    records: str | None = Field(default=None, description="Dotted path of the records in the input; None: the whole "
                                "document.")
    keep_key: bool = Field(default=True, description="object: each record still holds its id field.")
    order_by: str | None = Field(default=None, description="array: records ordered by this field; None: the "
                                 "object's order.")


def _expected(state: FinalState, opts: Rekeyed) -> Any:
    doc = input_view(state, opts.input_file, JsonView).value
    source = doc if opts.records is None else at_path(doc, opts.records)
    if opts.to == "object":
        if source is _MISSING or not isinstance(source, list):
            raise CheckError(f"{opts.input_file} has no array of records at {opts.records or 'its top level'}")
        return {str(r[opts.key]): (r if opts.keep_key else {k: v for k, v in r.items() if k != opts.key})
                for r in source}
    if source is _MISSING or not isinstance(source, dict):
        raise CheckError(f"{opts.input_file} has no object of records at {opts.records or 'its top level'}")
    rows = [{opts.key: k, **v} for k, v in source.items()]
    return sorted(rows, key=lambda r: sort_key(r.get(opts.order_by))) if opts.order_by else rows


@register_check("json.rekeyed", Rekeyed, view="json")
def rekeyed(state: FinalState, opts: Rekeyed) -> Verdict:
    """The output holds the same records the other way round: an object from each id to its record
    (the id kept inside or dropped, as asked), or an array of the records each holding its id under
    `key`, in the object's order or ordered by a field; values unchanged."""
    want = _expected(state, opts)
    got = output_view(state, opts.file, JsonView).value
    if opts.to == "object":
        if not isinstance(got, dict):
            return Verdict.of(False, f"{opts.file} is not a JSON object from {opts.key} to record")
        if msg := keys_diff(want, got, opts.file, "record"):
            return Verdict.of(False, msg)
        for k, record in want.items():
            if not same_json(got[k], record):
                return Verdict.of(False, f"{opts.file}: the record of {k!r}: {_first_difference(record, got[k])}")
        return Verdict.of(True, f"{len(want)} records keyed by {opts.key!r}")
    if not isinstance(got, list):
        return Verdict.of(False, f"{opts.file} is not a JSON array of records")
    ids = [str(r.get(opts.key)) if isinstance(r, dict) else None for r in got]
    order = [str(r[opts.key]) for r in want]
    if ids != order:
        at = next((i for i, (a, b) in enumerate(zip(ids, order, strict=False)) if a != b), min(len(ids), len(order)))
        have, should = ids[at] if at < len(ids) else None, order[at] if at < len(order) else None
        return Verdict.of(False, f"record {at + 1} of {opts.file} has {opts.key} {have!r}, expected {should!r} "
                          f"({len(ids)} records for {len(order)}; ordered by {opts.order_by or 'the object order'})")
    for n, (record, have) in enumerate(zip(want, got, strict=True), start=1):
        if not same_json(have, record):
            return Verdict.of(False, f"record {n} of {opts.file}: {_first_difference(record, have)}")
    return Verdict.of(True, f"{len(want)} records as an array with {opts.key!r}")
