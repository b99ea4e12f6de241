"""The workflow contract on the document families added for #10's table, list, outline, styling
and redaction work (a share, rank or running total column; a date part column; a table turned
into text; a list sorted; headings re-levelled; paragraphs restyled by a rule; contact details
redacted): the variants that test_workflows.py's one run per family does not reach, chosen
where the params change the reference's path the most (a grouped running total, days to a
stated day, rows as labelled bullets, people by surname, sections nested, quotations put in
italics, both kinds redacted in the header and footer too)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("document.table_share", {"operation": "running_total", "grouped": True, "in_place": True}),
    ("document.table_share", {"operation": "percent_of_total", "grouped": False, "in_place": False}),
    ("document.table_date_part", {"part": "days_until", "in_place": False}),
    ("document.sort_list", {"key": "surname", "descending": False, "in_place": True}),
    ("document.redact_contacts", {"kinds": "both", "margins": True, "in_place": False}),
    ("document.table_to_text", {"shape": "bullets", "in_place": True}),
    ("document.relevel_headings", {"op": "nest", "in_place": False}),
    ("document.restyle_by_rule", {"rule": "quoted", "change": "italic", "in_place": True}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS)
