"""The workflow contract on the fifth round of data families for #10's breadth, on the variants
test_workflows.py's one run per family does not reach: each a value that changes the task (the
rest of the values in one file, a dropped column, messy values or dates; lists appended to, nulls
that remove a setting, a merge folded into the base file; lines numbered, orders totalled;
exports overlapping, orders tagged and in date order; even parts of sorted rows, empty lines left
out; a total row over three files' averages, amounts as money text; a JSON profile with ranges and
placeholders), for real (gates, sandbox)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("data.csv_split_by_value", {"by": "category", "rest": True, "drop": True, "messy": True}),
    ("data.csv_split_by_value", {"by": "year", "rest": True, "drop": False, "messy": True}),
    ("data.json_config_layers", {"lists": "append", "nulls": True, "in_place": True}),
    ("data.json_config_layers_local", {"lists": "replace", "nulls": True, "in_place": False}),
    ("data.json_to_tables", {"line_no": True, "line_total": False, "order_total": True}),
    ("data.json_combine", {"overlap": True, "source": True, "sort": True, "envelope": False}),
    ("data.csv_chunk", {"by_size": False, "sort": True, "blank": True}),
    ("data.csv_files_summary", {"measure": "average", "total_row": True, "text_amounts": True}),
    ("data.csv_profile", {"fmt": "json", "ranges": True, "placeholders": True}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS, seeds=(0, 1))
