"""Numbers as they appear in text, for comparing what an instruction states with file contents."""

from __future__ import annotations

import re

_NUMBER = re.compile(r"-?\d[\d,]*(?:\.\d+)?")


def numbers_in(text: str, *, distinctive: bool = False) -> set[float]:
    """Every number in `text` (thousands separators allowed), rounded to 6 places.

    With `distinctive`, only those unlikely to match by chance: three or more digits, or a fraction.
    """
    found: set[float] = set()
    for token in _NUMBER.findall(text):
        plain = token.replace(",", "")
        digits = plain.lstrip("-")
        if distinctive and len(digits.replace(".", "")) < 3 and "." not in digits:
            continue
        found.add(round(float(plain), 6))
    return found
