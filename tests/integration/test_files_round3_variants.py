"""The workflow contract on the files tidying families (#10): the variants test_workflows.py's one
run per family does not reach, each a value that changes the task (archived photos only, flat, copied;
extensions fixed at any depth, missing ones added, fitting ones written canonically; matches copied,
identical copies gathered once; a backup of the changes only, without temporary files; backups pruned
by count, by month or by date, deleted or moved aside), for real (gates, sandbox, mutants caught)."""

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
    ("files.archive_older", {"mode": "move", "one_type": True, "flat": True}),
    ("files.archive_older", {"mode": "copy", "one_type": False, "flat": False}),
    ("files.fix_extensions", {"recursive": True, "missing": True, "lower_case": False}),
    ("files.fix_extensions", {"recursive": False, "missing": False, "lower_case": True}),
    ("files.collect_matching", {"mode": "move", "clashes": "skip_identical"}),
    ("files.collect_matching", {"mode": "copy", "clashes": "number"}),
    ("files.dated_backup", {"changed_only": True, "skip_temp": True}),
    ("files.dated_backup", {"changed_only": False, "skip_temp": False}),
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
