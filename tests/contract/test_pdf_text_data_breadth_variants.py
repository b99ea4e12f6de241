"""The workflow contract on the pdf, text and data families added for #10's breadth, on the
variants test_workflows.py's one run per family does not reach: one or two per family, each a
value that changes the task (another rule, a cover page, a skip), for real (gates, sandbox,
LibreOffice round trip)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("pdf.split_in_two", {"rule": "headings", "cover": "drop"}),
    ("pdf.split_in_three", {"rule": "equal", "cover": "repeat"}),
    ("pdf.merge_ordered", {"order": "printed_date", "descending": True, "skip": True}),
    ("text.heading_levels", {"fix": "no_skips", "in_place": True}),
    ("text.front_matter", {"operation": "create", "in_place": False}),
    ("data.csv_pivot", {"aggregate": "average", "totals": True, "messy": True}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS)
