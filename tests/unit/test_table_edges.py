"""The table checks' comparison helpers and option bounds at their edges, with literal inputs (never
computed from the constants under test): equality exactly at the tolerance, float noise at large
magnitudes, the decimals and tolerance bounds of the options."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from forge.checks._compare import rounded_to, same_value, satisfies
from forge.checks.table import DerivedColumnOptions, TotalRowOptions

DERIVED: dict[str, Any] = {"file": "outputs/r.xlsx", "input_file": "inputs/d.xlsx", "new_header": "N", "left": "A",
                           "right": "B", "operation": "sum"}
TOTAL: dict[str, Any] = {"file": "outputs/r.xlsx", "input_file": "inputs/d.xlsx", "label_column": "A", "columns": ["B"]}


def test_equal_at_zero_tolerance_is_equal() -> None:
    assert same_value(0.0, 0.0, 0.0)
    assert same_value(3, 3.0, 0.0)
    assert not same_value(0.0, 1e-12, 0.0)


def test_float_noise_is_relative_to_the_magnitude_and_no_more() -> None:
    assert same_value((0.1 + 0.2) * 1e12, 0.3 * 1e12)  # 6.1e-05 apart: float noise at 3e11
    assert not same_value(100000000.0, 100000000.09)  # nine cents at 1e8 are a change
    assert not same_value(2e9, 2e9 + 1) and not same_value(2e6, 2e6 + 1)


def test_rounded_to_allows_float_noise_at_large_magnitudes() -> None:
    assert rounded_to(1234567890.12, 2)  # x100 is 123456789012.00002 in floats
    assert rounded_to(2.51, 2) and rounded_to(2.5, 0) is False
    assert not rounded_to(2.5101, 2)


def test_rounded_to_has_an_absolute_floor_of_a_millionth_of_a_place() -> None:
    """At small magnitudes the slack is 1e-6 of the last place, not only 1e-12 of the value: a cell a
    spreadsheet computed as 2.5100000001 is rounded to cents; 2.5100011 (1.1e-4 of a cent) is not."""
    assert rounded_to(2.5100000001, 2) and rounded_to(0.0700000005, 2)
    assert rounded_to(2.51000000999, 2) and not rounded_to(2.5100011, 2)


def test_a_blank_cell_satisfies_no_text_condition() -> None:
    """A filter on text keeps no empty cell, even where "" would compare below the threshold."""
    assert not satisfies(None, "==", "North") and not satisfies(None, "<", "b")
    assert satisfies("north", "==", "North ") and satisfies("a", "<", "b")


def test_numbers_equal_within_a_millionth() -> None:
    assert satisfies(0.000001, "==", 0)
    assert not satisfies(0.0000011, "==", 0)
    assert satisfies(7.0000009, "==", 7) and not satisfies(7.0000012, "==", 7)


@pytest.mark.parametrize(("options", "ok"), [
    ({"decimals": 10}, True), ({"decimals": 11}, False), ({"decimals": 0}, True), ({"decimals": -1}, False),
    ({"tolerance": 0.0}, True), ({"tolerance": -0.5}, False),
])
def test_derived_column_option_bounds(options: dict[str, Any], ok: bool) -> None:
    if ok:
        DerivedColumnOptions(**DERIVED, **options)
    else:
        with pytest.raises(ValidationError):
            DerivedColumnOptions(**DERIVED, **options)


def test_total_row_tolerance_is_non_negative() -> None:
    assert TotalRowOptions(**TOTAL, tolerance=0.0).tolerance == 0.0
    assert TotalRowOptions(**TOTAL).tolerance == 0.01
    with pytest.raises(ValidationError):
        TotalRowOptions(**TOTAL, tolerance=-0.5)


def test_a_total_row_totals_at_least_one_column() -> None:
    """A total row over no columns asks nothing of the output: the options refuse it."""
    assert TotalRowOptions(**{**TOTAL, "columns": ["B"]}).columns == ["B"]
    with pytest.raises(ValidationError, match="columns"):
        TotalRowOptions(**{**TOTAL, "columns": []})
