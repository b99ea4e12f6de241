"""The workflow contract on the fourth round of data families for #10's breadth, on the variants
test_workflows.py's one run per family does not reach: one or two per family, each a value that
changes the task (another order, another report, another output shape), for real (gates, sandbox)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from forge.testing import assert_workflow_contract
from tests.conftest import require

NEEDS = [require(shutil.which("bwrap") is not None, "bubblewrap (bwrap) is not installed"),
         require(shutil.which("soffice") is not None, "LibreOffice (soffice) is not installed")]

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("data.csv_stack", {"reordered": True, "source_column": True, "overlap": True, "sort": True}),
    ("data.json_map_fields", {"shape": "flatten", "keep_others": True, "convert": True, "wrapped": True}),
    ("data.json_sort", {"key": "nested", "descending": True, "wrapped": True, "in_place": True}),
    ("data.csv_anonymise", {"technique": "all", "in_place": True}),
    ("data.json_config_diff", {"report": "changed", "ignore_version": True, "loose": True}),
    ("data.csv_rank_column", {"operation": "running_total", "grouped": True, "text_amounts": True, "in_place": True}),
    ("data.csv_band_column", {"bands": 3, "text_amounts": True, "in_place": True}),
    ("data.json_bulk_update", {"change": "raise", "condition": "number", "wrapped": True, "in_place": True}),
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "params"), VARIANTS, ids=lambda v: v if isinstance(v, str) else
                         "-".join(f"{k}={val}" for k, val in v.items()))
def test_variant_meets_the_contract(name: str, params: dict[str, Any], tmp_path: Path,
                                    libreoffice_profiles: Path) -> None:
    report = assert_workflow_contract(name, tmp_path, skill_params=params, libreoffice_profiles=libreoffice_profiles)
    assert report.roundtrip and len(set(report.bundle_ids)) == 2
    assert report.mutations() and all(v == "caught" for v in report.mutations().values())


for mark in NEEDS:
    test_variant_meets_the_contract = mark(test_variant_meets_the_contract)
