"""Thresholds a draw picks sit between data values, never on one ("thresholds never sit on a data value")."""

from __future__ import annotations

import random

import pytest

from workflows.spreadsheet._common import pick_threshold, round_between, satisfies


@pytest.mark.parametrize("operator", [">", "<=", ">=", "<"])
def test_a_threshold_splits_the_values_and_is_none_of_them(operator: str) -> None:
    rng = random.Random(4)
    for _ in range(300):
        values = [rng.choice([rng.randint(1, 400), round(rng.uniform(0, 50), 2), 100, 250]) for _ in range(25)]
        t = pick_threshold(rng, values, operator)
        assert t is not None and t not in values, (operator, t, sorted(values))
        assert 0 < sum(satisfies(v, operator, t) for v in values) < len(values)


@pytest.mark.parametrize("lo,hi,expected", [(100, 105, 101), (95, 105, 100), (99.5, 100, 99.6),
                                            (3.21, 3.22, 3.21), (0.4, 2.0, 1)])
def test_round_between_prefers_round_numbers_strictly_inside(lo: float, hi: float, expected: float) -> None:
    assert round_between(lo, hi, include_lo=True) == expected
