"""The workflow contract on #10's text families for README sections and table columns, on the
variants test_workflows.py's one run per family does not reach: a section added inside another a
level deeper, one moved after another with its sub-sections, a table's column moved under a named
heading among two, for real (gates, sandbox, LibreOffice round trip, and every mutant of
the answer caught)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("text.readme_sections", {"operation": "add", "position": "inside", "in_place": True}),
    ("text.readme_sections", {"operation": "move", "position": "after", "nested": True, "in_place": False}),
    ("text.markdown_table_columns", {"operation": "move", "two_tables": True, "in_place": False}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS, seeds=(0, 1))
