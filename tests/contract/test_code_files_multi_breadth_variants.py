"""The workflow contract on the code, files and multi-app families added for #10's breadth: one or
two variants per family, for real (gates, sandbox, LibreOffice round trip), chosen where a value
changes the task most (test_workflows.py runs every family once more on its first skill)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("code.extract_function", {"extraction": "stats.count_values", "with_test": True}),
    ("code.missing_file", {"format": "ini", "behaviour": "fill"}),
    ("code.add_caching", {"function": "schedule.end_time", "bounded": True}),
    ("code.pyproject_edit", {"change": "optional"}),
    ("code.add_cli_option", {"option": "at_least"}),
    ("files.flatten_tree", {"naming": "on_clash", "mode": "copy", "one_type": True}),
    ("files.flatten_tree", {"naming": "prefix", "mode": "move_remove_folders", "one_type": False}),
    ("files.split_batches", {"order": "date", "photos_only": True, "mode": "move"}),
    ("files.dedupe_by_rule", {"keep": "shallowest", "action": "move"}),
    ("multi.slide_index.to_xlsx", {"extra": "bullets", "skip_title_slide": True}),
    ("multi.slide_index.to_csv", {"extra": "notes", "skip_title_slide": False}),
    ("multi.config_to_document", {"one_section": True, "order": "alphabetical", "yes_no": True}),
    ("multi.docstrings_to_markdown", {"whole_package": True, "signature": True, "order": "alphabetical"}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS, roundtrip=False)
