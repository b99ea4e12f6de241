"""The workflow contract on presentation.slide_list (#10): the variants test_workflows.py's one run
does not reach, each a value that changes the task (the speaker notes, the hidden slides left out,
as a workbook; a Yes/No Hidden column over every slide, as a CSV), for real (gates, sandbox,
mutants caught)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("presentation.slide_list", {"extra": "notes", "shown_only": True, "form": "xlsx"}),
    ("presentation.slide_list", {"extra": "hidden", "shown_only": False, "form": "csv"}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS, seeds=(0, 1))
