"""The workflow contract on the deck-assembly families (#10): the variants test_workflows.py's one
run per family does not reach, each a value that changes the task (named or topic slides, before
the closing slide, a skipped title slide, 'Slide N of M', bullet edits (insert after, remove, move, reword, sort), one category's rows
with named columns), for real (gates, sandbox, LibreOffice round trip, mutants caught)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("presentation.append_deck", {"which": "named", "before_closing": True, "in_place": False}),
    ("presentation.append_deck", {"which": "topics", "before_closing": False, "in_place": True}),
    ("presentation.footer_stamp", {"stamp": "number_of", "skip_title": True, "in_place": False}),
    ("presentation.footer_stamp", {"stamp": "text", "skip_title": False, "in_place": True}),
    ("presentation.edit_bullets", {"edit": "insert_after", "in_place": False}),
    ("presentation.edit_bullets", {"edit": "remove", "in_place": True}),
    ("presentation.edit_bullets", {"edit": "move_last", "in_place": False}),
    ("presentation.edit_bullets", {"edit": "replace", "in_place": True}),
    ("presentation.edit_bullets", {"edit": "sort", "in_place": False}),
    ("presentation.rows_to_slides", {"rows": "where", "some_columns": True, "in_place": False}),
    ("presentation.rows_to_slides", {"rows": "all", "some_columns": False, "in_place": True}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS)
