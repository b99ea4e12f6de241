"""The workflow contract on the multi-app families of #10's third round (a cross-tab or a whole-column
figure on a table's way between apps, two-key sorts and top rows carried over, a workbook column
looked up from another app's list, a table as grouped JSON): the variants that test_workflows.py's
run on each family's first skill does not reach, for real (gates, sandbox, LibreOffice round trip)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("multi.table_crosstab.pdf_to_docx", {"aggregate": "average", "totals": True}),
    ("multi.table_share_column.docx_to_xlsx", {"operation": "running_total", "grouped": True}),
    ("multi.table_share_column.pdf_to_csv", {"operation": "percent_of_total", "grouped": True}),
    ("multi.table_top.pdf_to_xlsx", {"smallest": True, "per_group": True}),
    ("multi.table_top.xlsx_to_docx", {"smallest": False, "per_group": False}),
    ("multi.lookup_from_file.pdf", {"gaps": True, "messy": True, "in_place": True}),
    ("multi.lookup_from_file.docx", {"gaps": False, "messy": False, "in_place": False}),
    ("multi.table_nested_json.pdf", {"keyed": True, "total": True}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS, roundtrip=False)
