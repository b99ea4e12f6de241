"""spreadsheet.impute_blanks: every task has a gap to fill in every group's column (a timesheet of one
week gave each team one row, so no blank was left and doing nothing passed: seed 101 in the suite)."""

from __future__ import annotations

import io

import openpyxl

from forge.plugins import ensure_loaded
from skills import load_taxonomy
from workflows import WORKFLOWS


def test_every_drawn_sheet_has_a_blank_and_each_group_a_given_value():
    ensure_loaded()
    skill = load_taxonomy().skills["spreadsheet.cleaning.impute_blanks.group_median"]
    for seed in range(150):
        bundle = WORKFLOWS.get(skill.workflow).build(skill, seed)
        [given] = [f for f in bundle.files if f.role == "input"]
        header, *rows = openpyxl.load_workbook(io.BytesIO(given.content)).active.iter_rows(values_only=True)
        c, g = header.index(bundle.params["column"]), header.index(bundle.params["group_by"])
        assert any(row[c] is None for row in rows), seed
        groups = {row[g] for row in rows}
        assert all(any(row[c] is not None for row in rows if row[g] == key) for key in groups), seed
