"""The workflow contract on the presentation families of #10's second wave (bullets tidied by a
house rule, a slide's table edited, a slide split or merged, bullets moved into the notes,
pictures' alt text set, bullets and tables converted): the variants test_workflows.py's one run
per family does not reach."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("presentation.tidy_bullets", {"rule": "spaces", "one_slide": True, "in_place": True}),
    ("presentation.tidy_bullets", {"rule": "no_blanks", "one_slide": False, "in_place": False}),
    ("presentation.edit_table", {"op": "total", "in_place": True}),
    ("presentation.split_slide", {"op": "split", "by_count": True, "style": "numbered", "in_place": True}),
    ("presentation.split_slide", {"op": "merge", "all_slides": True, "style": "numbered", "in_place": False}),
    ("presentation.bullets_to_notes", {"scope": "over", "keep_notes": False, "in_place": True}),
    ("presentation.alt_text", {"by_number": True, "keep_existing": True, "in_place": False}),
    ("presentation.convert_table", {"to_table": False, "dash": True, "in_place": True}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS)
