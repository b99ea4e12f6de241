"""The workflow contract on the round-4 pdf families' variants the contract's one run does not reach:
properties taken from page 1 (saved over the file) or scrubbed; a scan reordered by its contents
page with a sheet fed twice, or by its heading numbers; invoices summed up with net and tax, only
those due before a day, with a total row, or by due date; a numbered contents page after a cover;
the addresses outside the host's domain, A-Z, from a list with repeats and capitals; for real
(gates, sandbox, the reference against the rubric, the mutants caught)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("pdf.set_properties", {"change": "title_from_page", "in_place": True}),
    ("pdf.set_properties", {"change": "scrub", "in_place": False}),
    ("pdf.reorder_pages", {"by": "contents", "duplicate": True, "in_place": True}),
    ("pdf.reorder_pages", {"by": "heading_number", "duplicate": False, "in_place": False}),
    ("pdf.invoice_summary", {"columns": "breakdown", "order": "total", "overdue": True, "total": True}),
    ("pdf.invoice_summary", {"columns": "due", "order": "date", "overdue": False, "total": False}),
    ("pdf.add_contents_page", {"cover": True, "numbered": True, "in_place": False}),
    ("pdf.list_emails", {"scope": "external", "order": "alpha", "messy": True}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS, roundtrip=False)
