"""Checks over a change report between two snapshots of a JSON feed: yesterday's and today's
product catalogue from a supplier, last week's and this week's CRM export - which records were
added, which removed, and which changed (by id, or field by field with the old and new value).

The expected report comes from the two inputs; the options carry what the instruction names: the
id field, where the records sit, the report's detail and the fields whose changes do not count.
"""

from __future__ import annotations

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

SECTIONS = ("added", "removed", "changed")


class RecordsDiffed(CheckOptions):
    file: OutputPath
    input_file: InputPath = Field(description="The older snapshot.")
    other_file: InputPath = Field(description="The newer snapshot.")
    records: str | None = Field(default=None, description="Dotted path of the records; None: the whole document.")
    key: str = Field(description="The id field a record is matched by.")
    detail: bool = Field(default=False, description="'changed' lists one {key, field, old, new} entry per changed "
                         "field (by id, then field name); False: the changed ids.")
    ignore: list[str] = Field(default_factory=list, description="Fields whose changes do not count.")


def _by_id(state: FinalState, path: str, opts: RecordsDiffed) -> dict[str, dict[str, Any]]:
    found = records_at(input_view(state, path, JsonView).value, opts.records)
    if found is None:
        raise CheckError(f"{path} has no array of records at {opts.records or 'its top level'}")
    out = {}
    for record in found:
        value = at_path(record, opts.key) if isinstance(record, dict) else _MISSING
        if value is _MISSING:
            raise CheckError(f"a record of {path} has no {opts.key!r}")
        out[str(value)] = record
    return out


def report(state: FinalState, opts: RecordsDiffed) -> dict[str, list[Any]]:
    """The report the two snapshots call for, every list ordered by id (then field)."""
    old, new = _by_id(state, opts.input_file, opts), _by_id(state, opts.other_file, opts)
    ids = sorted(old.keys() & new.keys(), key=sort_key)
    changes = [{opts.key: i, "field": f, "old": old[i].get(f), "new": new[i].get(f)} for i in ids
               for f in sorted(old[i].keys() | new[i].keys())
               if f not in opts.ignore and not same_json(old[i].get(f, _MISSING), new[i].get(f, _MISSING))]
    changed = sorted({str(c[opts.key]) for c in changes}, key=sort_key)
    return {"added": sorted(new.keys() - old.keys(), key=sort_key),
            "removed": sorted(old.keys() - new.keys(), key=sort_key),
            "changed": changes if opts.detail else changed}


@register_check("json.records_diffed", RecordsDiffed, view="json")
def records_diffed(state: FinalState, opts: RecordsDiffed) -> Verdict:
    """The report is an object with exactly "added" and "removed" (the ids only in the newer or only
    in the older snapshot) and "changed": the ids whose records differ, or one entry per changed field
    with the id, the field and its old and new value - fields the task ignores not counting - each
    list ordered by id (then by field name)."""
    want = report(state, opts)
    doc = output_view(state, opts.file, JsonView).value
    if not isinstance(doc, dict) or sorted(doc) != sorted(SECTIONS):
        shown = sorted(doc) if isinstance(doc, dict) else type(doc).__name__
        return Verdict.of(False, f"{opts.file} should be an object with {list(SECTIONS)}; it has {shown}")
    for section in SECTIONS:
        got = doc[section]
        if not isinstance(got, list):
            return Verdict.of(False, f"{opts.file}'s {section!r} is not a list")
        for n, (item, have) in enumerate(zip(want[section], got, strict=False), start=1):
            if not same_json(have, item):
                why = _first_difference(item, have) if isinstance(item, dict) else f"is {have!r}, expected {item!r}"
                return Verdict.of(False, f"{section} entry {n} of {opts.file}: {why}")
        if len(got) != len(want[section]):
            return Verdict.of(False, f"{opts.file}'s {section!r} has {len(got)} entries, expected "
                              f"{len(want[section])}")
    return Verdict.of(True, ", ".join(f"{len(want[s])} {s}" for s in SECTIONS))
