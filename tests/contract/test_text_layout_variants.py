"""The workflow contract on #10's text families that lay text out anew, on the variants
test_workflows.py's one run per family does not reach: a semicolon table with decimal commas in a
+---+ grid with its numbers right-aligned; four dated notes combined newest first under a new title
with rules between them; a snippet's code-viewer line numbers stripped in place; a Java log's errors
counted per exception type; an article's named footnotes numbered under a Notes heading in place. For
real (gates, sandbox, LibreOffice round trip, and every mutant of the answer caught)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("text.align_columns", {"delimiter": "semicolon", "frame": "grid", "right_numbers": True}),
    ("text.combine_files", {"kind": "weekly", "demote": True, "rule": True}),
    ("text.line_numbers", {"operation": "remove", "style": "pipe", "in_place": True}),
    ("text.log_tracebacks", {"flavor": "java", "form": "counts"}),
    ("text.footnotes", {"operation": "renumber", "named": True, "notes_heading": True, "in_place": True}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS, seeds=(0, 1))
