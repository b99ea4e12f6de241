"""The workflow contract on the presentation families of #10's briefing wave (a timeline slide from
a milestone list, a Word handout of a deck, a comparison slide of two periods, a copy of a deck per
group of an export): the variants test_workflows.py's one run per family does not reach."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("presentation.timeline_slide", {"source": "md", "form": "table", "scope": "open", "in_place": False}),
    ("presentation.timeline_slide", {"source": "xlsx", "form": "bullets", "scope": "since", "in_place": True}),
    ("presentation.handout_docx", {"notes": True, "hidden": True, "page_per_slide": True}),
    ("presentation.handout_docx", {"notes": False, "hidden": False, "page_per_slide": False}),
    ("presentation.compare_slide", {"source": "xlsx", "change": "percent", "order": "change", "in_place": True}),
    ("presentation.compare_slide", {"source": "csv", "change": "difference", "order": "change", "in_place": False}),
    ("presentation.deck_per_group", {"source": "xlsx", "top": True, "some_columns": True}),
    ("presentation.deck_per_group", {"source": "csv", "top": True, "some_columns": False}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS, seeds=(3, 11))
