"""The workflow contract on the round-5 code families (#10): the variants test_workflows.py's one
run per family does not reach, each a value that changes the task (a constant's change already made,
or asked for with a test pinning the new value; every kind of dead code removed at once, or only
the unused locals; retries with a doubling wait raising the last error, with a new test, or at once
giving up quietly; a backups module off os.path; a CSV export module's files in with statements
with UTF-8; records exported as sorted JSON of some columns, with a test; a keyword flag renamed,
the old name kept with a DeprecationWarning; ticket statuses as a plain Enum with the tests
switched), for real (gates, sandbox, mutants caught)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from forge.testing import assert_workflow_contract
from tests.conftest import require

NEEDS = [require(shutil.which("bwrap") is not None, "bubblewrap (bwrap) is not installed")]

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("code.tests_after_change", {"change": "payroll.tax_rate", "made": True}),
    ("code.tests_after_change", {"change": "parking.daily_cap", "made": False, "test": True}),
    ("code.remove_dead_code", {"kind": "ledger", "dead": "all"}),
    ("code.remove_dead_code", {"kind": "schedule", "dead": "variables"}),
    ("code.add_retry", {"errors": "network", "backoff": "doubling", "give_up": "raise", "test": True}),
    ("code.add_retry", {"errors": "connection", "backoff": "none", "give_up": "none", "test": False}),
    ("code.use_pathlib", {"kind": "backups", "level": "os_path"}),
    ("code.close_files", {"kind": "exports", "encoding": True}),
    ("code.add_export", {"fmt": "json", "subset": True, "sort": True, "test": True}),
    ("code.rename_parameter", {"rename": "shipping.delivery_days", "compat": True}),
    ("code.use_enum", {"kind": "tickets", "str_compatible": False}),
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
