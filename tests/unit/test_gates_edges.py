"""The gates' helpers at their edges, with literal inputs: which numbers an instruction states
(signs, separators, the 6-place rounding) and which count as distinctive (two digits do not,
three do, a fraction always does)."""

from __future__ import annotations

from gates._numbers import numbers_in


def test_numbers_as_written() -> None:
    assert numbers_in("Keep rows over 1,234.5 or under -3, not 7") == {1234.5, -3.0, 7.0}
    assert numbers_in("no numbers here") == set()
    assert numbers_in("0.1234567 and 0.1234564") == {0.123457, 0.123456}  # rounded to 6 places


def test_distinctive_numbers_have_three_digits_or_a_fraction() -> None:
    text = "rows 12 and -34, 99.5, 100, -250, 0.5, 1,000"
    assert numbers_in(text, distinctive=True) == {99.5, 100.0, -250.0, 0.5, 1000.0}
    assert numbers_in(text) == {12.0, -34.0, 99.5, 100.0, -250.0, 0.5, 1000.0}
    assert numbers_in("7.0", distinctive=True) == {7.0}  # a written fraction is distinctive, even .0
