"""JSON records that sit in a whole document or at a dotted path inside an export's envelope: where
the json record checks (sorted, updated, one per key) find them, and whether an output changed
anything around them."""

from __future__ import annotations

import copy
from typing import Any

from forge.checks.json import _first_difference, _set, at_path, same_json


def records_at(doc: Any, path: str | None) -> list[Any] | None:
    """The array of records at `path` (None: the whole document), or None when there is none."""
    found = doc if path is None else at_path(doc, path)
    return found if isinstance(found, list) else None


def envelope_changed(original: Any, output: Any, path: str | None, file: str) -> str | None:
    """Why the output's document differs from the original apart from the records at `path`, or None."""
    if path is None:
        return None
    expected = copy.deepcopy(original)
    _set(expected, path, at_path(output, path))
    if same_json(output, expected):
        return None
    return f"{file} changed more than its records: {_first_difference(expected, output)}"
