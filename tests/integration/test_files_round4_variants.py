"""The workflow contract on the files families of round 4 (#10): the variants test_workflows.py's
one run per family does not reach, each a value that changes the task (unpaired JPEGs moved aside
from day folders, names paired whatever their case; client codes in any case merged, stripped from
the names, one-off clients left loose, copied; .partN pieces of several downloads joined in number
order and deleted, one service's compressed rotated logs combined oldest first; a heading per
folder over one type of file with sizes; a project copied without what its ignore list names, the
left-out files listed; notes with dates written every which way copied under date and title, the
one saved twice kept once), for real (gates, sandbox, mutants caught)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("files.cull_pairs", {"orphans": "jpeg", "move_aside": True, "by_day": True, "mixed_case": True}),
    ("files.group_by_client", {"fold_case": True, "strip": True, "singles_stay": True, "mode": "copy"}),
    ("files.join_parts", {"kind": "part", "gz": False, "several": True, "remove_parts": True}),
    ("files.join_parts", {"kind": "rotated", "gz": True, "several": False, "remove_parts": False}),
    ("files.folder_index", {"style": "headings", "one_type": True, "sizes": True}),
    ("files.copy_filtered", {"filter": "ignore_list", "report": True}),
    ("files.rename_by_content", {"kind": "notes", "copy_to_folder": True, "duplicates": True, "messy": True}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS, roundtrip=False)
