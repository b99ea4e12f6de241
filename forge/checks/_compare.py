"""Comparing cell values and rows the way a person reads a table; shared by the table checks.

Messages name the first discrepancy by cell, column, got and expected, so a failing episode
says what went wrong.
"""

from __future__ import annotations

import datetime as dt
import math
from collections import Counter
from collections.abc import Callable
from typing import Any

from forge.views import Table, column_letter

NUMBER_EPS = 1e-6  # "unchanged" numbers may differ by float noise only

COMPARATORS: dict[str, Callable[[Any, Any], bool]] = {
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    "==": lambda a, b: a == b,
}


def text(value: Any) -> str:
    return "" if value is None else str(value).strip()


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def same_value(a: Any, b: Any, tolerance: float = NUMBER_EPS) -> bool:
    if is_number(a) and is_number(b):
        # float noise is relative ~1e-16 per operation; 1e-9 let 100000000.09 pass for 100000000.0
        return abs(a - b) <= tolerance + 1e-12 * max(abs(a), abs(b))
    if isinstance(a, str) and isinstance(b, str):
        return a == b
    return bool(a == b)


def rounded_to(value: float, decimals: int) -> bool:
    """Whether `value` has at most `decimals` decimal places (float noise aside)."""
    scaled = value * 10**decimals
    return abs(scaled - round(scaled)) <= 1e-6 + 1e-12 * abs(scaled)


def satisfies(value: Any, operator: str, threshold: float | str) -> bool:
    """Whether a cell satisfies `value <operator> threshold`; numbers with numbers, text with text."""
    if is_number(threshold):
        if not is_number(value):
            return False
        if operator == "==":
            return abs(value - float(threshold)) <= NUMBER_EPS
        return COMPARATORS[operator](float(value), float(threshold))
    if value is None:
        return False
    return COMPARATORS[operator](text(value).casefold(), str(threshold).strip().casefold())


def sort_key(value: Any) -> tuple[int, Any]:
    """Numbers, then dates, then text (case-insensitive); empty cells last."""
    if is_number(value):
        return (0, float(value))
    if isinstance(value, dt.datetime):
        return (1, value)
    if isinstance(value, dt.date):
        return (1, dt.datetime.combine(value, dt.time(0)))
    if value is None:
        return (3, 0)
    return (2, str(value).casefold())


def show(value: Any) -> str:
    if isinstance(value, dt.date):
        return value.isoformat()
    return repr(value)


def show_row(row: list[Any]) -> str:
    return "[" + ", ".join(show(v) for v in row) + "]"


def _canonical(row: list[Any]) -> tuple[Any, ...]:
    """A hashable form of a row, for comparing rows as a multiset."""
    return tuple(round(float(v), 6) if is_number(v) else v for v in row)


def header_diff(original: Table, output: Table, source: str, *, exact_width: bool = True) -> str | None:
    """First header cell of the original that the output changed (or extra columns added)."""
    for i, name in enumerate(original.header):
        got = output.header[i] if i < len(output.header) else None
        if not same_value(got, name):
            return (f"header cell {column_letter(i + 1)}1 is {show(got)}, expected {show(name)} "
                    "(the header row must stay as it was)")
    if exact_width and len(output.header) > len(original.header):
        extra = [h for h in output.header[len(original.header):] if h is not None]
        return f"{source} has extra columns {extra or '(unnamed)'} that the task did not ask for"
    return None


def rows_diff(expected: list[list[Any]], got: list[list[Any]], output: Table, header: list[Any], source: str, *,
              what: str = "data row", check_count: bool = True,
              columns: list[tuple[int, int]] | None = None) -> str | None:
    """First difference between expected and actual data rows, by cell.

    `columns` maps (expected index, output index); by default the same positions.
    """
    pairs = columns if columns is not None else [(i, i) for i in range(len(header))]
    for r, (want, have) in enumerate(zip(expected, got, strict=False)):
        for ei, oi in pairs:
            w = want[ei]
            h = have[oi] if oi < len(have) else None
            if not same_value(h, w):
                return (f"{what} {r + 1} ({output.cell_name(r, oi)}, column {text(header[ei])!r}) is {show(h)}, "
                        f"expected {show(w)}")
    if check_count and len(got) != len(expected):
        if len(got) < len(expected):
            return (f"{source} has {len(got)} data rows, expected {len(expected)}: "
                    f"the row that should be {show_row(expected[len(got)])} is missing")
        return (f"{source} has {len(got)} data rows, expected {len(expected)}: row {len(expected) + 2} "
                f"{show_row(got[len(expected)])} should not be there")
    return None


def multiset_diff(original: Table, output: Table, source: str) -> str | None:
    """Whether the output's data rows are the input's rows, each as often, in any order."""
    want = Counter(_canonical(r) for r in original.body)
    have = Counter(_canonical(r) for r in output.body)
    for r, row in enumerate(output.body):
        key = _canonical(row)
        if have[key] > want[key]:
            return f"row {r + 2} {show_row(row)} is not one of the input's rows (or appears more often than in the input)"
    missing = want - have
    if missing:
        return f"the input row {show_row(list(next(iter(missing))))} is missing from {source}"
    return None
