"""The workflow contract on the fifth round of data families for #10's breadth, on the variants
test_workflows.py's one run per family does not reach: each a value that changes the task (the
rest of the values in one file, a dropped column, messy values or dates; lists appended to, nulls
that remove a setting, a merge folded into the base file; lines numbered, orders totalled;
exports overlapping, orders tagged and in date order; even parts of sorted rows, empty lines left
out; a total row over three files' averages, amounts as money text; a JSON profile with ranges and
placeholders), for real (gates, sandbox)."""

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
    ("data.csv_split_by_value", {"by": "category", "rest": True, "drop": True, "messy": True}),
    ("data.csv_split_by_value", {"by": "year", "rest": True, "drop": False, "messy": True}),
    ("data.json_config_layers", {"lists": "append", "nulls": True, "in_place": True}),
    ("data.json_config_layers_local", {"lists": "replace", "nulls": True, "in_place": False}),
    ("data.json_to_tables", {"line_no": True, "line_total": False, "order_total": True}),
    ("data.json_combine", {"overlap": True, "source": True, "sort": True, "envelope": False}),
    ("data.csv_chunk", {"by_size": False, "sort": True, "blank": True}),
    ("data.csv_files_summary", {"measure": "average", "total_row": True, "text_amounts": True}),
    ("data.csv_profile", {"fmt": "json", "ranges": True, "placeholders": True}),
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
