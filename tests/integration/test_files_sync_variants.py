"""The workflow contract on the files sync families (#10): the variants test_workflows.py's one run
per family does not reach, each a value that changes the task (a copy updated with new files only and
its extras moved aside without temp files, or mirrored exactly; a tar.gz with a wrapping folder
stripped, junk skipped and the archive removed, or a loose zip unpacked whole and kept; one type
converted to CRLF and UTF-8 with final line breaks, or every type to LF alone; the latest numbered
versions copied under plain names; photo folders merged by moving, the larger file kept on a clash),
for real (gates, sandbox, mutants caught)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("files.mirror_folder", {"update": "new_only", "extras": "move", "skip_temp": True}),
    ("files.mirror_folder", {"update": "new_and_changed", "extras": "delete", "skip_temp": False}),
    ("files.unpack_archive", {"format": "tar.gz", "wrapped": True, "skip_junk": True, "remove_archive": True}),
    ("files.unpack_archive", {"format": "zip", "wrapped": False, "skip_junk": False, "remove_archive": False}),
    ("files.text_endings", {"endings": "crlf", "one_type": True, "to_utf8": True, "final_newline": True}),
    ("files.text_endings", {"endings": "lf", "one_type": False, "to_utf8": False, "final_newline": False}),
    ("files.latest_versions", {"scheme": "number", "action": "current"}),
    ("files.merge_folders", {"clash": "keep_larger", "mode": "move"}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS, roundtrip=False)
