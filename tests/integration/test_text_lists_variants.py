"""The workflow contract on the text families added for #10's breadth (repeated lines removed,
checklists extracted or ticked, headings numbered, paragraphs re-wrapped, a term replaced, link
style switched, a list re-laid out, notes merged), on the variants test_workflows.py's one run per family does
not reach: each a value that changes the task (the last occurrence kept, case ignored, back-to-back
repeats only, a layout, reopening, sub-section numbers, stripping, lists, whole words, code
skipped, images, a source layout, section order), for real (gates, sandbox, LibreOffice round trip, and every
mutant of the answer caught)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from forge.testing import assert_workflow_contract
from tests.conftest import require

NEEDS = [require(shutil.which("bwrap") is not None, "bubblewrap (bwrap) is not installed"),
         require(shutil.which("soffice") is not None, "LibreOffice (soffice) is not installed")]

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


@pytest.mark.slow
@pytest.mark.parametrize(("name", "params"), VARIANTS, ids=lambda v: v if isinstance(v, str) else
                         "-".join(f"{k}={val}" for k, val in v.items()))
def test_variant_meets_the_contract(name: str, params: dict[str, Any], tmp_path: Path,
                                    libreoffice_profiles: Path) -> None:
    report = assert_workflow_contract(name, tmp_path, skill_params=params, libreoffice_profiles=libreoffice_profiles)
    assert report.roundtrip and len(set(report.bundle_ids)) == 2
    assert report.mutations() and all(v == "caught" for v in report.mutations().values())


for mark in NEEDS:
    test_variant_meets_the_contract = mark(test_variant_meets_the_contract)
