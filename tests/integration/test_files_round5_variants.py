"""The workflow contract on the files families of round 5 (#10): the variants test_workflows.py's
one run per family does not reach, each a value that changes the task (month-day-year dates
rewritten in every subfolder with a rename log; a trailing text stripped at the top only; a running
order typed from memory with entries that keep their number and the unlisted files moved aside, or
an exact list whose missing entries are skipped, as numbered copies; invoices pulled out of zips and
tarballs into a folder per archive, the archives deleted; past years' folders zipped one by one and
deleted; subtitles moved from a downloads folder next to season folders' videos with a language
code, the ones without a video deleted; photos copied largest first into folders of at most a
size), for real (gates, sandbox, mutants caught)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("files.edit_names", {"edit": "dates_mdy", "recursive": True, "report": True}),
    ("files.edit_names", {"edit": "strip_suffix", "recursive": False, "report": False}),
    ("files.number_by_list", {"missing": "gap", "loose": True, "copies": False, "move_unused": True}),
    ("files.number_by_list", {"missing": "close", "loose": False, "copies": True, "move_unused": False}),
    ("files.extract_matching", {"tarballs": True, "naming": "per_archive", "remove_archives": True}),
    ("files.archive_folders", {"format": "zip", "wrapped": True, "dated": True, "remove_folders": True}),
    ("files.match_subtitles", {"language": True, "seasons": True, "delete_orphans": True}),
    ("files.split_by_size", {"packing": "largest_first", "mode": "copy", "photos_only": True}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS, roundtrip=False)
