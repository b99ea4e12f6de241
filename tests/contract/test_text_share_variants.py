"""The workflow contract on #10's text families that share, split and sync files, on the variants
test_workflows.py's one run per family does not reach: a helpdesk export's card numbers cut to their last
four digits in place, its phone numbers numbered while our support line stays, its customers' addresses
numbered (however capitalised) while staff addresses stay; a developer guide split into promoted pages
with a linked index; a log never rotated split per day without the dates; translations synced with their
English source in its order, new keys marked and dropped ones kept; a local .env synced with the repo's
example.env in place (new variables empty, dropped ones commented out) and into a new file in the
example's order with dropped ones kept. For real (gates, sandbox, and every mutant of the answer caught)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("text.redact", {"kind": "card", "mask": "partial", "scope": "all", "in_place": True}),
    ("text.redact", {"kind": "phone", "mask": "numbered", "scope": "external", "in_place": False}),
    ("text.redact", {"kind": "email", "mask": "numbered", "scope": "external", "in_place": True}),
    ("text.split_sections", {"source": "guide", "promote": True, "links": True}),
    ("text.env_sync", {"new_value": "empty", "obsolete": "comment", "order": "append", "in_place": True}),
    ("text.log_split", {"by": "day", "traces": True, "strip": True}),
    ("text.translations_sync", {"mark": True, "remove_obsolete": False, "order": "source"}),
    ("text.env_sync", {"new_value": "example", "obsolete": "keep", "order": "example", "in_place": False}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS, seeds=(0, 1))
