"""The workflow contract on the whole-deck families (#10): three team decks combined, a deck split
by section, a slide's table refreshed from an export, a template deck merged per CSV row. The
variants test_workflows.py's one run per family does not reach, each a value that changes the task
(dividers or a cover instead of the title slides, A-Z into the first deck; the parts without their
dividers, framed by title and closing slides; the export's rows exactly, from an export with more
columns, in place; one date's rows with notes and gaps), for real (gates, sandbox, LibreOffice
round trip, mutants caught)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("presentation.combine_decks", {"opener": "section", "alphabetical": True, "in_place": True}),
    ("presentation.combine_decks", {"opener": "cover", "alphabetical": False, "in_place": False}),
    ("presentation.split_sections", {"keep_divider": False, "title_slide": True, "closing": True}),
    ("presentation.split_sections", {"keep_divider": True, "title_slide": False, "closing": False}),
    ("presentation.refresh_table", {"rows": "rows", "extra_columns": True, "in_place": True}),
    ("presentation.refresh_table", {"rows": "values", "extra_columns": False, "in_place": False}),
    ("presentation.deck_per_row", {"some_rows": True, "with_notes": True, "blanks": True}),
    ("presentation.deck_per_row", {"some_rows": False, "with_notes": False, "blanks": False}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS)
