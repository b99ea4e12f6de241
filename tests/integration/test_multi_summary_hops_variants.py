"""The workflow contract on the multi-app families of #10's third round (a cross-tab or a whole-column
figure on a table's way between apps, two-key sorts and top rows carried over, a workbook column
looked up from another app's list, a table as grouped JSON): the variants that test_workflows.py's
run on each family's first skill does not reach, for real (gates, sandbox, LibreOffice round trip)."""

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
    ("multi.table_crosstab.pdf_to_docx", {"aggregate": "average", "totals": True}),
    ("multi.table_share_column.docx_to_xlsx", {"operation": "running_total", "grouped": True}),
    ("multi.table_share_column.pdf_to_csv", {"operation": "percent_of_total", "grouped": True}),
    ("multi.table_top.pdf_to_xlsx", {"smallest": True, "per_group": True}),
    ("multi.table_top.xlsx_to_docx", {"smallest": False, "per_group": False}),
    ("multi.lookup_from_file.pdf", {"gaps": True, "messy": True, "in_place": True}),
    ("multi.lookup_from_file.docx", {"gaps": False, "messy": False, "in_place": False}),
    ("multi.table_nested_json.pdf", {"keyed": True, "total": True}),
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "params"), VARIANTS, ids=lambda v: v if isinstance(v, str) else
                         "-".join(f"{k}={val}" for k, val in v.items()))
def test_variant_meets_the_contract(name: str, params: dict[str, Any], tmp_path: Path,
                                    libreoffice_profiles: Path) -> None:
    report = assert_workflow_contract(name, tmp_path, skill_params=params, seeds=(0,),
                                      libreoffice_profiles=libreoffice_profiles)
    assert len(report.bundle_ids) == 1
    assert report.mutations() and all(v == "caught" for v in report.mutations().values())


for mark in NEEDS:
    test_variant_meets_the_contract = mark(test_variant_meets_the_contract)
