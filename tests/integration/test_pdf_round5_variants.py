"""The workflow contract on the round-5 pdf families' variants the contract's one run does not reach
(each line says what it reaches), for real: gates, sandbox, the reference against the rubric, the
mutants caught."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("pdf.replace_pages", {"match": "headings", "count": 2, "in_place": True}),  # sent back out of order
    ("pdf.replace_pages", {"match": "last", "in_place": False}),  # the signed approval page
    ("pdf.move_pages", {"by": "headings", "move": "after", "in_place": False}),  # a section after another
    ("pdf.move_pages", {"by": "pages", "move": "swap", "in_place": True}),  # two pages swapped in place
    ("pdf.forms_to_table", {"columns": "named", "sorted": True, "skip_incomplete": True}),  # incomplete left out
    ("pdf.forms_to_table", {"columns": "all", "sorted": False, "skip_incomplete": False}),  # empty cell kept
    ("pdf.records_to_pages", {"kind": "letter", "attended_only": True, "sorted": True}),  # attendees A-Z
    ("pdf.records_to_pages", {"kind": "certificate", "attended_only": False, "sorted": False}),  # everyone
]


test_variant_meets_the_contract = contract_variants(VARIANTS, roundtrip=False)
