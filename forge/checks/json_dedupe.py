"""Checks over JSON records reduced to one per id: a sync or webhook dump that sent some records more
than once (each copy an update), keeping the first copy, the last one sent, or the one with the latest
timestamp; in the order ids first appear or sorted by id; the document around them unchanged.

The expected records come from the input; the options carry what the instruction names.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from forge.checks._compare import sort_key
from forge.checks._json_envelope import envelope_changed, records_at
from forge.checks.json import _MISSING, _first_difference, at_path, same_json
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import JsonView


class OnePerKey(CheckOptions):
    file: OutputPath
    input_file: InputPath
    records: str | None = Field(default=None, description="Dotted path of the records; None: the whole document.")
    key: str = Field(description="The id field that should be unique.")
    keep: Literal["first", "last", "latest"] = Field(description="first/last: the copy that comes first/last in the "
                                                     "file; latest: the copy with the greatest timestamp.")
    timestamp: str | None = Field(default=None, description="latest: the ISO timestamp field compared.")
    sort_by_key: bool = Field(default=False, description="Records ordered by id; False: where each id first appears.")


def kept(records: list[Any], opts: OnePerKey) -> list[Any]:
    """One record per id, as the rule keeps it, in the asked order."""
    groups: dict[str, list[Any]] = {}
    for record in records:
        value = at_path(record, opts.key) if isinstance(record, dict) else _MISSING
        if value is _MISSING:
            raise CheckError(f"a record has no {opts.key!r}: {str(record)[:80]}")
        groups.setdefault(str(value), []).append(record)
    if opts.keep == "latest" and not opts.timestamp:
        raise CheckError("keep='latest' needs the timestamp field")
    chosen = {k: (g[0] if opts.keep == "first" else g[-1] if opts.keep == "last"
                  else max(g, key=lambda r: str(at_path(r, opts.timestamp)))) for k, g in groups.items()}
    order = sorted(chosen, key=sort_key) if opts.sort_by_key else list(chosen)
    return [chosen[k] for k in order]


@register_check("json.one_per_key", OnePerKey, view="json")
def one_per_key(state: FinalState, opts: OnePerKey) -> Verdict:
    """The output holds one record per id - the first copy, the last, or the latest by timestamp, as
    asked, whole - in the order ids first appear or sorted by id; the rest of the document unchanged."""
    doc = input_view(state, opts.input_file, JsonView).value
    if (source := records_at(doc, opts.records)) is None:
        raise CheckError(f"{opts.input_file} has no array of records at {opts.records or 'its top level'}")
    want = kept(source, opts)
    got_doc = output_view(state, opts.file, JsonView).value
    if (got := records_at(got_doc, opts.records)) is None:
        return Verdict.of(False, f"{opts.file} has no array of records at {opts.records or 'its top level'}")
    if msg := envelope_changed(doc, got_doc, opts.records, opts.file):
        return Verdict.of(False, msg)
    for n, (record, have) in enumerate(zip(want, got, strict=False), start=1):
        if not same_json(have, record):
            got_id, want_id = at_path(have, opts.key) if isinstance(have, dict) else None, at_path(record, opts.key)
            which = f"{opts.key} {want_id!r}" if got_id == want_id else \
                f"{opts.key} {got_id!r} where {want_id!r} belongs"
            return Verdict.of(False, f"record {n} of {opts.file} ({which}): {_first_difference(record, have)}")
    if len(got) != len(want):
        return Verdict.of(False, f"{opts.file} has {len(got)} records, expected {len(want)} (one per {opts.key})")
    return Verdict.of(True, f"{len(want)} records, one per {opts.key} ({opts.keep} kept)")
