"""The workflow contract on the fourth round of data families for #10's breadth, on the variants
test_workflows.py's one run per family does not reach: one or two per family, each a value that
changes the task (another order, another report, another output shape), for real (gates, sandbox)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("data.csv_stack", {"reordered": True, "source_column": True, "overlap": True, "sort": True}),
    ("data.json_map_fields", {"shape": "flatten", "keep_others": True, "convert": True, "wrapped": True}),
    ("data.json_sort", {"key": "nested", "descending": True, "wrapped": True, "in_place": True}),
    ("data.csv_anonymise", {"technique": "all", "in_place": True}),
    ("data.json_config_diff", {"report": "changed", "ignore_version": True, "loose": True}),
    ("data.csv_rank_column", {"operation": "running_total", "grouped": True, "text_amounts": True, "in_place": True}),
    ("data.csv_band_column", {"bands": 3, "text_amounts": True, "in_place": True}),
    ("data.json_bulk_update", {"change": "raise", "condition": "number", "wrapped": True, "in_place": True}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS, seeds=(0, 1))
