"""The workflow contract on presentation.review_deck (#10): the rules test_workflows.py's one run
may not reach, each a different review of the deck (text below a size, pictures without
alternative text, text off the house font, too many bullets, a title another slide shares, a placeholder left empty, a third
bullet level), as a
text list or a CSV, for real (gates, sandbox, mutants caught)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("presentation.review_deck", {"rule": "small_text", "form": "csv"}),
    ("presentation.review_deck", {"rule": "missing_alt", "form": "txt"}),
    ("presentation.review_deck", {"rule": "off_font", "form": "txt"}),
    ("presentation.review_deck", {"rule": "many_bullets", "form": "csv"}),
    ("presentation.review_deck", {"rule": "duplicate_title", "form": "txt"}),
    ("presentation.review_deck", {"rule": "empty_placeholder", "form": "csv"}),
    ("presentation.review_deck", {"rule": "deep_bullets", "form": "txt"}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS, seeds=(0, 1))
