"""The workflow contract on the third round of data families for #10's breadth, on the variants
test_workflows.py's one run per family does not reach: one or two per family, each a value that
changes the task (another order, another report, another output shape), for real (gates, sandbox)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("data.csv_unpivot", {"by_column": False, "skip_blank": True, "in_place": False}),
    ("data.csv_nest_json", {"two_levels": True, "keyed": True, "total": True}),
    ("data.csv_reconcile", {"report": "full", "ignore_column": True, "loose_text": True}),
    ("data.csv_latest_per_key", {"keep": "earliest", "messy": True, "sort_by_key": True, "in_place": False}),
    ("data.csv_fill_blanks", {"fill": "group_mean", "in_place": True}),
    ("data.json_group_totals", {"measure": "revenue", "by": "product", "array": True}),
    ("data.csv_to_template", {"by_name": False, "full_name": True, "constant": True, "required": True}),
    ("data.json_schema_fix", {"fault": "all", "in_place": False}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS, seeds=(0, 1))
