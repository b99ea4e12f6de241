"""The workflow contract on the presentation families of #10's third wave (bullet levels, key words
emphasized, notes put on the slides, action items gathered, repeats removed, an outline's slides
inserted, bullets sorted by value, agenda numbers, titles filled): the variants test_workflows.py's
one run per family does not reach."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("presentation.bullet_levels", {"op": "flatten", "one_slide": True, "in_place": True}),
    ("presentation.emphasize_terms", {"target": "label", "style": "underline", "one_slide": False}),
    ("presentation.notes_to_bullets", {"scope": "all", "by_sentence": True, "clear_notes": True}),
    ("presentation.collect_actions", {"move": True, "with_source": True, "place": "after_agenda"}),
    ("presentation.dedupe_bullets", {"across": True, "loose": True, "in_place": True}),
    ("presentation.outline_slides", {"place": "after_named", "nested": True, "update_agenda": True}),
    ("presentation.sort_by_value", {"key": "date", "descending": True, "in_place": False}),
    ("presentation.fill_titles", {"source": "text_box", "in_place": True}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS)
