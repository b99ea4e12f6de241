"""Shared by the JSON checks whose output is an object keyed by a group or an id: the first key
missing from it, or the first key it should not have."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def keys_diff(want: Mapping[str, Any], got: Mapping[str, Any], source: str, what: str) -> str | None:
    """Where `got`'s keys differ from `want`'s, naming the first missing (or extra) key."""
    if missing := [k for k in want if k not in got]:
        return f"{source} has no {what} for {missing[0]!r} ({len(missing)} missing)"
    if extra := [k for k in got if k not in want]:
        return f"{source} has a {what} for {extra[0]!r}, which the input lacks"
    return None
