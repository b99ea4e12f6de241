"""The workflow contract on the text families added for #10's breadth (repeated lines removed,
checklists extracted or ticked, headings numbered, paragraphs re-wrapped, a term replaced, link
style switched, a list re-laid out, notes merged), on the variants test_workflows.py's one run per family does
not reach: each a value that changes the task (the last occurrence kept, case ignored, back-to-back
repeats only, a layout, reopening, sub-section numbers, stripping, lists, whole words, code
skipped, images, a source layout, section order), for real (gates, sandbox, LibreOffice round trip, and every
mutant of the answer caught)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("text.dedupe_lines", {"keep": "last", "ignore_case": False, "adjacent": False, "in_place": True}),
    ("text.dedupe_lines", {"keep": "first", "ignore_case": True, "adjacent": True, "in_place": False}),
    ("text.todo_checklist", {"operation": "done", "layout": "by_owner"}),
    ("text.todo_checklist", {"operation": "owner_open", "layout": "plain"}),
    ("text.todo_tick", {"done": False, "in_place": True}),
    ("text.heading_numbers", {"operation": "renumber", "depth": "subsections", "in_place": False}),
    ("text.heading_numbers", {"operation": "strip", "in_place": True}),
    ("text.todo_checklist", {"operation": "open", "layout": "by_section"}),
    ("text.wrap_paragraphs", {"operation": "wrap", "lists": True, "in_place": False}),
    ("text.wrap_paragraphs", {"operation": "unwrap", "lists": False, "in_place": True}),
    ("text.find_replace", {"whole_word": True, "ignore_case": False, "skip_code": True, "in_place": False}),
    ("text.find_replace", {"whole_word": False, "ignore_case": True, "skip_code": False, "in_place": True}),
    ("text.markdown_links", {"style": "reference", "images": False, "in_place": False}),
    ("text.markdown_links", {"style": "inline", "images": True, "in_place": True}),
    ("text.list_convert", {"source": "comma", "target": "numbered"}),
    ("text.list_convert", {"source": "bullets", "target": "comma"}),
    ("text.merge_notes", {"order": "alphabetical", "dedupe": False, "in_place": True}),
    ("text.merge_notes", {"order": "ours", "dedupe": True, "in_place": False}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS, seeds=(0, 1))
