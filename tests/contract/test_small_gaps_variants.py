"""The workflow contract on the three families that close the spreadsheet, data and text quotas, on
the variants test_workflows.py's one run per family does not reach: a sheet's gaps filled with each
group's median in place, or with a stated label; a CSV series' moving average per store, its percent
change read from money text; a term list as a CSV applied outside code in place, and as a style
guide's markdown table with exact case, for real (gates, sandbox)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("spreadsheet.impute_blanks", {"fill": "group_median", "in_place": True}),
    ("spreadsheet.impute_blanks", {"fill": "text", "in_place": False}),
    ("data.csv_period_change", {"operation": "moving_average", "series": "grouped"}),
    ("data.csv_period_change", {"operation": "percent_change", "series": "money_text"}),
    ("text.term_list", {"list_format": "csv", "rule": "skip_code", "in_place": True}),
    ("text.term_list", {"list_format": "markdown", "rule": "exact", "in_place": False}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS, seeds=(0, 1))
