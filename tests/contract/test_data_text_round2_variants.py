"""The workflow contract on the second round of data and text families for #10's breadth, on the
variants test_workflows.py's one run per family does not reach: one or two per family, each a value
that changes the task (another conflict rule, another output shape), for real (gates, sandbox,
LibreOffice round trip)."""

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
    ("data.json_merge", {"prefer": "newer", "keep": "first", "keyed": True}),
    ("data.csv_validate", {"rules": "all", "report": "records"}),
    ("data.csv_quarantine", {"rules": "all", "with_problems": True, "in_place": True}),
    ("text.changelog_entry", {"target": "release", "links": True, "in_place": True}),
    ("text.changelog_entry", {"target": "version", "new_section": True, "in_place": False}),
    ("text.template_fill", {"many": True, "missing": "default", "nested": True}),
    ("text.markdown_table_sort", {"kind": "number", "descending": True, "total": True, "two_tables": True}),
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "params"), VARIANTS, ids=lambda v: v if isinstance(v, str) else
                         "-".join(f"{k}={val}" for k, val in v.items()))
def test_variant_meets_the_contract(name: str, params: dict[str, Any], tmp_path: Path,
                                    libreoffice_profiles: Path) -> None:
    report = assert_workflow_contract(name, tmp_path, skill_params=params, seeds=(0,),
                                      libreoffice_profiles=libreoffice_profiles)
    assert report.roundtrip and len(report.bundle_ids) == 1
    assert report.mutations() and all(v == "caught" for v in report.mutations().values())


for mark in NEEDS:
    test_variant_meets_the_contract = mark(test_variant_meets_the_contract)
