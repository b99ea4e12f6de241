"""Checks over lists of JSON records: the records meeting a condition, kept whole and in order,
either as a bare array or inside the export's own envelope (its count updated).

The expected records come from the original export; the options carry only the condition the
instruction states (a dotted field, a comparison, a value).
"""

from __future__ import annotations

import copy
from typing import Any, Literal

from pydantic import Field

from forge.checks.json import _MISSING, _first_difference, at_path, same_json
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import JsonView


class RecordsWhere(CheckOptions):
    file: OutputPath
    input_file: InputPath
    list_path: str = Field(description="Dotted path of the list of records, e.g. 'orders'.")
    field: str = Field(description="Dotted path, inside each record, of the value compared.")
    operator: Literal["==", ">=", "<="]
    value: str | int | float
    keep_envelope: bool = Field(default=False, description="The output is the whole document with only the kept "
                                "records, its `count` (beside the list) updated; else a bare array.")


def _meets(value: Any, operator: str, bound: str | int | float) -> bool:
    if value is _MISSING or value is None:
        return False
    if isinstance(bound, str):
        left, right = str(value).casefold(), bound.casefold()
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        left, right = value, bound  # type: ignore[assignment]
    else:
        return False
    return {"==": left == right, ">=": left >= right, "<=": left <= right}[operator]  # type: ignore[operator]


@register_check("json.records_where", RecordsWhere, view="json")
def records_where(state: FinalState, opts: RecordsWhere) -> Verdict:
    """The output holds exactly the records whose field meets the condition (text compared ignoring
    case, ISO dates as text), whole and in their original order: as a bare array, or (with
    `keep_envelope`) inside the original document with every other key as it was and a `count`
    next to the list (wherever the document keeps one) set to the number kept."""
    original = input_view(state, opts.input_file, JsonView).value
    records = at_path(original, opts.list_path)
    if not isinstance(records, list):
        return Verdict.of(False, f"{opts.input_file} has no list of records at {opts.list_path!r}")
    kept = [r for r in records if _meets(at_path(r, opts.field), opts.operator, opts.value)]
    expected: Any = kept
    if opts.keep_envelope:
        expected = copy.deepcopy(original)
        expected[opts.list_path] = kept
        for value in expected.values():
            if isinstance(value, dict) and "count" in value:
                value["count"] = len(kept)
    got = output_view(state, opts.file, JsonView).value
    if not same_json(got, expected):
        where = _first_difference(expected, got)
        if isinstance(got, list) and isinstance(expected, list) and len(got) != len(expected):
            where = f"{len(got)} records, expected {len(expected)}"
        return Verdict.of(False, f"{opts.file} is not the records where {opts.field} {opts.operator} {opts.value!r}: "
                          f"{where}")
    return Verdict.of(True, f"{len(kept)} of {len(records)} records kept where {opts.field} {opts.operator} "
                      f"{opts.value!r}")
