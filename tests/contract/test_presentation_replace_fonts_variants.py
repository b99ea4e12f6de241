"""The workflow contract on presentation.replace_fonts (#10): one pasted-in font replaced in a new
deck, two replaced in place, for real (gates, sandbox, LibreOffice round trip, mutants caught)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("presentation.replace_fonts", {"count": "one", "in_place": False}),
    ("presentation.replace_fonts", {"count": "two", "in_place": True}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS, seeds=(0, 1))
