"""The workflow contract on the code family that fixes a mutable default argument (#10), on the
variants test_workflows.py's one run per family does not reach: a rota's nested dict of member
lists, the caller's left untouched (its lists copied too) with a new test; a visit history trimmed
to its last pages, the caller's list still updated, the tests as given; a parcel scan's set of ids
seen, with a new test. For real (gates, sandbox, and every mutant of the answer caught)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("code.mutable_default", {"kind": "teams", "untouched": True, "test": True}),
    ("code.mutable_default", {"kind": "history", "untouched": False, "test": False}),
    ("code.mutable_default", {"kind": "seen", "untouched": False, "test": True}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS, roundtrip=False)
