"""The workflow contract on the document families added for #10's records and page-setup work (a
column's gaps filled, two editions of a list compared, a log cut to one row per item, a records
table proofread or its bad records moved out, the pages set up for printing, a wide table
unpivoted): the variants that test_workflows.py's one run per family does not reach, chosen where
the params change the reference's path the most (a group's mean, the full report as a Word table
with a column ignored and loose text, the earliest row of retyped items sorted, every rule
counted, the bad records with their problems in place, a binding margin on new paper with a
landscape appendix, a letterhead margin in place, column by column into a workbook's sheet)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("document.table_fill_blanks", {"fill": "group_mean", "in_place": True}),
    ("document.table_changes", {"report": "full", "ignore_column": True, "loose_text": True, "target": "docx"}),
    ("document.table_latest", {"keep": "earliest", "messy": True, "sort_by_key": True, "in_place": False}),
    ("document.table_validate", {"rules": "all", "report": "counts", "target": "docx"}),
    ("document.table_quarantine", {"rules": "all", "with_problems": True, "in_place": True}),
    ("document.page_setup", {"paper": True, "margins": "binding", "landscape": True, "in_place": False}),
    ("document.page_setup", {"paper": False, "margins": "letterhead", "landscape": False, "in_place": True}),
    ("document.table_unpivot", {"target": "xlsx", "by_column": True, "skip_blank": False}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS)
