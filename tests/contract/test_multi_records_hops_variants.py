"""The workflow contract on the multi-app families of #10's second round (duplicates dropped and
computed columns on a table's way between apps, a folder renamed from a list, a table put on a
slide, a deck from a markdown outline): the variants test_workflows.py's run on each family's first
skill does not reach, for real (gates, sandbox, LibreOffice round trip)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("multi.table_deduped.docx_to_xlsx", {"match": "key_any_case", "keep": "last"}),
    ("multi.table_derived.pdf_to_csv", {"operation": "ratio"}),
    ("multi.table_derived.xlsx_to_docx", {"operation": "difference"}),
    ("multi.renamed_from_list.xlsx", {"keep_extension": True, "stale_rows": True, "copies": True}),
    ("multi.renamed_from_list.csv", {"keep_extension": False, "stale_rows": True, "copies": False}),
    ("multi.table_slide.xlsx", {"rows": "top", "some_columns": True, "in_place": True}),
    ("multi.table_slide.pdf", {"rows": "where", "some_columns": False, "in_place": False}),
    ("multi.markdown_to_deck", {"title_slide": False, "parts": True, "notes": True}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS, roundtrip=False)
