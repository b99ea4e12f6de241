"""The workflow contract on the code family that makes a list-building function lazy (#10), on the
variants test_workflows.py's one run per family does not reach: a log scan's parser made a
generator in place with a new laziness test; a meter module's changes given a generator beside the
list function, with a laziness test; an account's running balance made a generator in place, the
tests' list comparisons updated. For real (gates, sandbox, and every mutant of the answer caught)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("code.use_generator", {"kind": "logs", "in_place": True, "test": True}),
    ("code.use_generator", {"kind": "meters", "in_place": False, "test": True}),
    ("code.use_generator", {"kind": "balances", "in_place": True, "test": False}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS, roundtrip=False)
