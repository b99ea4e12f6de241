"""The workflow contract on the round-6 pdf families' variants the contract's one run does not reach
(each line says what it reaches), for real: gates, sandbox, the reference against the rubric, the
mutants caught."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("pdf.gather_pages", {"continued": True, "summary": True, "order": "newest"}),  # run-on pages, summaries first
    ("pdf.gather_pages", {"continued": False, "summary": False, "order": "oldest"}),  # one page a site a month
    ("pdf.flatten_forms", {"sorted": False, "skip_incomplete": False}),  # as listed, the incomplete form kept
    ("pdf.flatten_copies", {"in_place": True}),  # each form flattened over itself
    ("pdf.match_invoices", {"match": "all", "within": True, "report": "reasons"}),  # the near one let through
    ("pdf.price_changes", {"change": "rises", "order": "rise"}),  # over a threshold, the rise rounded, largest first
    ("pdf.reconcile_statement", {"find": "mismatched", "report": "total"}),  # the differences summed, bank minus books
    ("pdf.timesheet_hours", {"measure": "overtime", "most_first": True, "total_row": True}),  # past the limit, summed
]


test_variant_meets_the_contract = contract_variants(VARIANTS, roundtrip=False)
