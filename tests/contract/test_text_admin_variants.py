"""The workflow contract on #10's text families for admin files, requirements, markdown lint,
subtitles and word counts, on the variants test_workflows.py's one run per family does not reach: a
crontab job moved to run every few minutes in place, a commented-out job switched back on into a
new file; a site blocked in a hosts file in place; a contributor guide's ordered lists renumbered in
place, its indented code blocks fenced into a new file; a requirements file sorted in place;
subtitles shifted after an inserted clip, in place; a report's headings over a word limit as a
table. For real (gates, sandbox, and every mutant of the answer caught)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("text.crontab_edit", {"operation": "reschedule", "kind": "every", "in_place": True}),
    ("text.crontab_edit", {"operation": "enable", "in_place": False}),
    ("text.hosts_edit", {"operation": "block", "in_place": True}),
    ("text.markdown_lint", {"rule": "ordered", "in_place": True}),
    ("text.markdown_lint", {"rule": "fences", "in_place": False}),
    ("text.requirements_edit", {"operation": "sort", "in_place": True}),
    ("text.subtitles", {"operation": "shift_from", "later": True, "in_place": True}),
    ("text.section_words", {"scope": "headings", "mode": "over", "table": True}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS, seeds=(0, 1))
