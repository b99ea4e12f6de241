"""Every skill-params value the text, data, code, files and multi families take meets the contract.

`test_workflows.py` runs each family once with its first skill; a family's other variants (an
in-place edit, a messy input, another aggregate or order) change the task, so each one is built
and gated here too: setup ok, do-nothing fails, the oracle passes, every mutation probe is caught.
One seed per variant: that two seeds give two tasks is `test_workflows.py`'s, once per family.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from forge.testing import assert_workflow_contract
from tests.conftest import require

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("data.csv_group_totals", {"aggregate": "sum", "order": "key", "messy_keys": False}),
    ("data.csv_group_totals", {"aggregate": "count", "order": "largest_first", "messy_keys": True}),
    ("data.csv_group_totals", {"aggregate": "average", "order": "key", "messy_keys": True}),
    ("data.csv_group_totals", {"aggregate": "max", "order": "largest_first", "messy_keys": False}),
    ("data.csv_group_totals", {"aggregate": "min", "order": "key", "messy_keys": False}),
    ("data.csv_group_totals", {"aggregate": "sum", "order": "largest_first", "messy_keys": True, "filtered": True}),
    ("data.csv_sort", {"key_type": "date", "descending": True, "in_place": True}),
    ("data.csv_sort", {"key_type": "text", "descending": False}),
    ("data.csv_cleanup", {"amounts": True, "dates": "mdy", "labels": True}),
    ("data.csv_cleanup", {"amounts": False, "dates": "dmy", "labels": False}),
    ("data.csv_dedupe", {"by": "row"}),
    ("data.csv_dedupe", {"by": "key", "keep": "first", "messy": True}),
    ("data.csv_dedupe", {"by": "key", "keep": "last", "messy": False, "in_place": True}),
    ("data.csv_join", {"how": "inner"}),
    ("data.csv_join", {"how": "left"}),
    ("data.csv_filter", {"condition": "above"}),
    ("data.csv_filter", {"condition": "at_most", "in_place": True}),
    ("data.csv_filter", {"condition": "equals_text"}),
    ("data.csv_filter", {"condition": "on_or_after"}),
    ("data.csv_derived_column", {"operation": "ratio", "rounded": True, "in_place": True}),
    ("data.csv_derived_column", {"operation": "difference", "rounded": False}),
    ("data.json_filter", {"condition": "country", "keep_envelope": True}),
    ("data.json_filter", {"condition": "date_from", "keep_envelope": False}),
    ("data.json_flatten", {"per_item": True}),
    ("data.json_flatten", {"per_item": False}),
    ("text.whitespace_cleanup", {"tabs": True, "collapse_blank": True, "in_place": True}),
    ("text.whitespace_cleanup", {"tabs": False, "collapse_blank": False, "in_place": False}),
    ("text.log_per_hour", {"by_level": True, "include_empty": True}),
    ("text.log_per_hour", {"by_level": False, "include_empty": False}),
    ("text.log_to_csv", {"by_level": True}),
    ("text.log_to_csv", {"by_level": False}),
    ("text.csv_to_markdown", {"heading": True, "right_align": True}),
    ("text.csv_to_markdown", {"heading": False, "right_align": False}),
    ("text.sort_lines", {"unique": True, "ignore_case": True, "reverse": False, "in_place": True}),
    ("text.sort_lines", {"unique": False, "ignore_case": False, "reverse": True}),
    ("text.extract_values", {"kind": "url", "listing": "distinct"}),
    ("text.extract_values", {"kind": "email", "listing": "occurrences"}),
    ("text.extract_values", {"kind": "ipv4", "listing": "counted"}),
    ("text.word_frequency", {"long_words_only": True}),
    ("text.word_frequency", {"long_words_only": False}),
    ("files.checksum_manifest", {"one_type": True, "nested": True}),
    ("files.verify_checksums", {"nested": True}),
    ("files.checksum_manifest", {"one_type": False}),
    ("files.find_mentions", {"ignore_case": True}),
    ("files.find_mentions", {"ignore_case": False}),
    ("files.folder_usage", {"order": "largest_first"}),
    ("files.large_files", {"order": "by_name"}),
    ("files.usage_by_type", {"order": "extension"}),
    ("files.usage_by_type", {"order": "largest_first"}),
    ("code.fix_bug", {"bug": "units_counted"}),
    ("code.fix_bug", {"bug": "passed_order"}),
    ("code.add_function", {"function": "best_student"}),
    ("code.add_function", {"function": "most_expensive_line"}),
    ("code.add_function", {"function": "top_students"}),
    ("code.add_validation", {"rule": "order_total_empty_order"}),
    ("code.add_validation", {"rule": "letter_score_range"}),
    ("code.add_docstrings", {"style": "google", "module_docstring": True}),
    ("code.add_docstrings", {"style": "plain", "module_docstring": False}),
    ("multi.csv_summary_sheet", {"aggregate": "average", "order": "largest_first", "messy_keys": True}),
    ("multi.csv_summary_sheet", {"aggregate": "count", "order": "key", "messy_keys": False, "filtered": True}),
    ("multi.json_to_sheet", {"per_item": True}),
    ("multi.orders_to_sheet", {"how": "left"}),
    ("multi.log_to_sheet", {"by_level": True}),
    ("multi.ini_to_json", {"typed": True}),
    ("multi.ini_to_json", {"typed": False}),
    ("multi.sheet_filter_to_csv", {"condition": "on_or_after"}),
    ("multi.sheet_filter_to_csv", {"condition": "equals_text"}),
    ("multi.sheet_to_markdown", {"heading": True, "right_align": True}),
]

NEEDS = [require(shutil.which("bwrap") is not None, "bubblewrap (bwrap) is not installed"),
         require(shutil.which("soffice") is not None, "LibreOffice (soffice) is not installed")]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "params"), VARIANTS, ids=[f"{n}-{'-'.join(map(str, p.values()))}" for n, p in VARIANTS])
def test_variant_meets_the_contract(name: str, params: dict[str, Any], tmp_path: Path,
                                    libreoffice_profiles: Path) -> None:
    report = assert_workflow_contract(name, tmp_path, skill_params=params, seeds=(2,),
                                      libreoffice_profiles=libreoffice_profiles)
    assert report.mutations() and all(v == "caught" for v in report.mutations().values())


for mark in NEEDS:
    test_variant_meets_the_contract = mark(test_variant_meets_the_contract)
