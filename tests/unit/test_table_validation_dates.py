"""table.validation_report's date-format rule on a Word table, whose cells are all text: a real
date written YYYY-MM-DD meets it; an impossible day, a short month or another layout breaks it."""

from __future__ import annotations

import datetime as dt

import pytest

from forge.checks.table_validation import Rules, broken

RULES = Rules(file="report.csv", input_file="signups.docx", dates=["Joined"])


@pytest.mark.parametrize("value", [dt.date(2025, 2, 28), "2025-02-28", " 2024-02-29 "])
def test_a_real_date_meets_the_format(value):
    assert broken(value, "Joined", RULES) is None


@pytest.mark.parametrize("value", ["2025-02-30", "2025-3-7", "2023-02-29", "28/02/2025", "2025-02-28T09:00",
                                   dt.datetime(2025, 2, 28, 9, 0), 20250228])
def test_anything_else_breaks_it(value):
    assert broken(value, "Joined", RULES) == "format"
