"""Cell text as a person reads it: `1,440.00` is a number, `North` is text.

docx and PDF tables hold only text; reading their numbers as numbers lets the table checks
compare them with a spreadsheet's cells, as a person comparing the two would.
"""

from __future__ import annotations

import re
from typing import Any

_NUMBER = re.compile(r"^-?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$")


def number_or_text(text: str) -> Any:
    """An int or float where the whole cell prints one (thousands commas allowed), else the text."""
    stripped = text.strip()
    if not _NUMBER.match(stripped):
        return text
    plain = stripped.replace(",", "")
    return float(plain) if "." in plain else int(plain)
