"""The workflow contract on the second round of data and text families for #10's breadth, on the
variants test_workflows.py's one run per family does not reach: one or two per family, each a value
that changes the task (another conflict rule, another output shape), for real (gates, sandbox,
LibreOffice round trip)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("data.json_merge", {"prefer": "newer", "keep": "first", "keyed": True}),
    ("data.csv_validate", {"rules": "all", "report": "records"}),
    ("data.csv_quarantine", {"rules": "all", "with_problems": True, "in_place": True}),
    ("text.changelog_entry", {"target": "release", "links": True, "in_place": True}),
    ("text.changelog_entry", {"target": "version", "new_section": True, "in_place": False}),
    ("text.template_fill", {"many": True, "missing": "default", "nested": True}),
    ("text.markdown_table_sort", {"kind": "number", "descending": True, "total": True, "two_tables": True}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS)
