"""The workflow contract on the files families of round 4 (#10): the variants test_workflows.py's
one run per family does not reach, each a value that changes the task (unpaired JPEGs moved aside
from day folders, names paired whatever their case; client codes in any case merged, stripped from
the names, one-off clients left loose, copied; .partN pieces of several downloads joined in number
order and deleted, one service's compressed rotated logs combined oldest first; a heading per
folder over one type of file with sizes; a project copied without what its ignore list names, the
left-out files listed; notes with dates written every which way copied under date and title, the
one saved twice kept once), for real (gates, sandbox, mutants caught)."""

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
    ("files.cull_pairs", {"orphans": "jpeg", "move_aside": True, "by_day": True, "mixed_case": True}),
    ("files.group_by_client", {"fold_case": True, "strip": True, "singles_stay": True, "mode": "copy"}),
    ("files.join_parts", {"kind": "part", "gz": False, "several": True, "remove_parts": True}),
    ("files.join_parts", {"kind": "rotated", "gz": True, "several": False, "remove_parts": False}),
    ("files.folder_index", {"style": "headings", "one_type": True, "sizes": True}),
    ("files.copy_filtered", {"filter": "ignore_list", "report": True}),
    ("files.rename_by_content", {"kind": "notes", "copy_to_folder": True, "duplicates": True, "messy": True}),
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
