"""The workflow contract on the files tidying families (#10): the variants test_workflows.py's one
run per family does not reach, each a value that changes the task (archived photos only, flat, copied;
extensions fixed at any depth, missing ones added, fitting ones written canonically; matches copied,
identical copies gathered once; a backup of the changes only, without temporary files; backups pruned
by count, by month or by date, deleted or moved aside), for real (gates, sandbox, mutants caught)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("files.archive_older", {"mode": "move", "one_type": True, "flat": True}),
    ("files.archive_older", {"mode": "copy", "one_type": False, "flat": False}),
    ("files.fix_extensions", {"recursive": True, "missing": True, "lower_case": False}),
    ("files.fix_extensions", {"recursive": False, "missing": False, "lower_case": True}),
    ("files.collect_matching", {"mode": "move", "clashes": "skip_identical"}),
    ("files.collect_matching", {"mode": "copy", "clashes": "number"}),
    ("files.dated_backup", {"changed_only": True, "skip_temp": True}),
    ("files.dated_backup", {"changed_only": False, "skip_temp": False}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS, roundtrip=False)
