"""The workflow contract on presentation.find_mentions (#10): each place a mention counts (the
title, the slide, the speaker notes, either) and both forms of the list, for real (gates, sandbox,
mutants caught)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("presentation.find_mentions", {"scope": "title", "form": "txt"}),
    ("presentation.find_mentions", {"scope": "slide", "form": "csv"}),
    ("presentation.find_mentions", {"scope": "notes", "form": "txt"}),
    ("presentation.find_mentions", {"scope": "either", "form": "csv"}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS, seeds=(0, 1))
