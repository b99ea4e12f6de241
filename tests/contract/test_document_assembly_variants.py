"""The workflow contract on the document families that put a report or its tables together from
several files, sum a table up, number its captions or apply a word list (#10): the variants that
test_workflows.py's one run per family does not reach, chosen where the params change the
reference's path the most (nested parts sorted A to Z on pages of their own with their bylines
left out; a column looked up from another Word document's table, with gaps and keys in other
capitals, in place; three reports' tables stacked with their columns matched by name, a source
column, overlaps kept once and the rows in date order; a summary table of averages, largest
first, in place; counted subtotals of rows sorted into groups first, with a grand total, in
place; stale captions renumbered by chapter in the Caption style with the text's citations
following, in place; the style guide's Word-document word list applied everywhere, in place)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("document.compile_report", {"order": "alpha", "structure": "nested", "page_breaks": True, "bylines": "drop"}),
    ("document.table_lookup", {"source": "docx", "gaps": True, "messy": True, "in_place": True}),
    ("document.stack_tables", {"reordered": True, "source_column": True, "overlap": True, "sort": True}),
    ("document.table_summary", {"aggregate": "average", "order": "value_desc", "in_place": True}),
    ("document.table_subtotals", {"aggregate": "count", "grand_total": True, "presorted": False, "in_place": True}),
    ("document.number_captions", {"numbering": "chapter", "state": "stale", "caption_style": True, "in_place": True}),
    ("document.apply_word_list", {"source": "docx", "scope": "everywhere", "in_place": True}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS)
