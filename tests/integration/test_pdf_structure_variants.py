"""The workflow contract on the pdf structure families (bookmarks, page labels, page sizes, blank
pages, a batch scan split at its separators, a folder's page-count report), on the variants
test_workflows.py's one run per family does not reach: each a value that changes the task
(another layout, an appendix, a continued volume, a trim in mm, the notice or number-only
pages, separator sheets), for real (gates, sandbox, the reference against the rubric, and the
mutants, plausible wrong answers, caught)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("pdf.add_outline", {"layout": "flat", "in_place": False}),
    ("pdf.add_outline", {"layout": "numbered", "in_place": True}),
    ("pdf.add_outline", {"layout": "nested", "in_place": False}),
    ("pdf.page_labels", {"front_style": "upper", "continues": True, "appendix": True, "in_place": False}),
    ("pdf.page_labels", {"front_style": "lower", "continues": False, "appendix": False, "in_place": True}),
    ("pdf.resize_pages", {"target": "letter", "in_place": False}),
    ("pdf.resize_pages", {"target": "a4", "in_place": True}),
    ("pdf.resize_pages", {"target": "trim", "in_place": False}),
    ("pdf.drop_blank_pages", {"notice_blank": False, "in_place": True}),
    ("pdf.drop_blank_pages", {"notice_blank": True, "in_place": False}),
    ("pdf.drop_blank_pages", {"notice_blank": False, "number_blank": True, "in_place": False}),
    ("pdf.split_at_separators", {"separator": "blank"}),
    ("pdf.split_at_separators", {"separator": "sheet"}),
    ("pdf.folder_report", {"column": "paper", "order": "pages", "total": True}),
    ("pdf.folder_report", {"column": "title", "order": "name", "total": False}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS, roundtrip=False)
