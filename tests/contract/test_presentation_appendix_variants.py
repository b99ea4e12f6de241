"""The workflow contract on presentation.backup_appendix (#10): the variants test_workflows.py's one
run does not reach, each a value that changes the task (backups marked in their speaker notes,
moved behind an 'Appendix' divider and hidden, in place; the hidden slides moved behind a divider
and kept hidden; 'Backup:' titles moved with no divider and left shown), for real (gates, sandbox,
LibreOffice round trip, mutants caught)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("presentation.backup_appendix", {"marker": "notes", "divider": True, "hide": True, "in_place": True}),
    ("presentation.backup_appendix", {"marker": "hidden", "divider": True, "hide": True, "in_place": False}),
    ("presentation.backup_appendix", {"marker": "title", "divider": False, "hide": False, "in_place": False}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS, seeds=(0, 1))
