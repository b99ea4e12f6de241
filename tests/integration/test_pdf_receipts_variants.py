"""The workflow contract on pdf.expense_receipts' variants the contract's one run does not reach
(each line says what it reaches), for real: gates, sandbox, the reference against the rubric, the
mutants caught."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    # per receipt, the company card left out, the repeat counted once, a total row with an empty merchant cell
    ("pdf.expense_receipts", {"layout": "receipts", "amount": "total", "scope": "personal", "once": True,
                              "total_row": True}),
    # per day, the VAT (a rail ticket's none), every receipt
    ("pdf.expense_receipts", {"layout": "days", "amount": "vat", "scope": "all", "once": False}),
    # per day, the net, the company card left out and the repeat once
    ("pdf.expense_receipts", {"layout": "days", "amount": "net", "scope": "personal", "once": True}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS, seeds=(0, 1), roundtrip=False)
