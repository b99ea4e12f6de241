"""The workflow contract on the files families of round 6 (#10): the variants test_workflows.py's one
run per family does not reach, each a value that changes the task (same-named files of one kind, empty
ones left out, as a CSV; identical files of every kind, empty ones counted, under size headings; saved
e-mails copied into year/month folders by their Date: header with the drafts put aside; invoices moved
into year-month folders by their invoice date; the existing projects completed from `tree -F` output
with .keep markers; several new projects from Windows paths; a new one from a Markdown list), for real
(gates, sandbox, mutants caught)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("files.duplicate_report", {"by": "name", "format": "csv", "one_type": True, "skip_empty": True}),
    ("files.duplicate_report", {"by": "content", "format": "sized", "one_type": False, "skip_empty": False}),
    ("files.sort_by_written_date", {"kind": "mail", "layout": "month", "mode": "copy", "undated_folder": True}),
    ("files.sort_by_written_date", {"kind": "invoice", "layout": "year_month", "mode": "move",
                                    "undated_folder": False}),
    ("files.scaffold_projects", {"source": "tree", "targets": "existing", "marker": True}),
    ("files.scaffold_projects", {"source": "windows", "targets": "several", "marker": False}),
    ("files.scaffold_projects", {"source": "markdown", "targets": "new", "marker": True}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS, seeds=(3,), roundtrip=False)
