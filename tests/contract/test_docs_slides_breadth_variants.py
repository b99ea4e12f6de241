"""The workflow contract on the document and presentation families added for #10's breadth (data
slides, heading styles, merge/split, mail merge, ...): one or two variants per family, the ones
whose params change the most (test_workflows.py already runs every family's first skill)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("presentation.table_slide", {"rows": "top", "some_columns": True, "in_place": False}),
    ("presentation.table_slide", {"rows": "where", "some_columns": False, "in_place": True}),
    ("presentation.summary_slide", {"measure": "average", "form": "table", "order": "name"}),
    ("presentation.summary_slide", {"measure": "sum", "form": "bullets", "order": "largest"}),
    ("presentation.duplicate_slide", {"keep_body": False, "at_end": True, "in_place": True}),
    ("presentation.edit_notes", {"op": "replace", "in_place": True}),
    ("presentation.reorder_slides", {"rule": "notes_last", "update_agenda": True, "in_place": False}),
    ("presentation.split_deck", {"by_number": True, "title_slide": True, "in_place": True}),
    ("presentation.split_deck", {"by_number": False, "title_slide": False, "in_place": False}),
    ("document.style_headings", {"cue": "numbered", "title": True, "in_place": False}),
    ("document.style_headings", {"cue": "bold", "title": False, "in_place": True}),
    ("document.mail_merge", {"records": "where", "template": "example"}),
    ("document.mail_merge", {"records": "one", "template": "fields"}),
    ("document.merge_documents", {"place": "before_heading", "other_title": "heading", "in_place": True}),
    ("document.merge_documents", {"place": "end", "other_title": "drop", "in_place": False}),
    ("document.text_to_table", {"header_line": False, "sort": True, "in_place": False}),
    ("document.split_document", {"mode": "cut", "title_line": True}),
    ("document.count_by_section", {"measure": "characters", "order": "largest", "total": True}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS)
