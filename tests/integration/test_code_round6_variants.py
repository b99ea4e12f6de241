"""The workflow contract on the round-6 code families (#10): the variants test_workflows.py's one
run per family does not reach, each a value that changes the task (a lock file's contextmanager
function with a new test; a stock batch's own __enter__/__exit__ rolling back on an error; a
timesheet CSV fixture built once per module in the conftest already there; a cart fixture in a new
conftest; every old-style string of the library notices, quotes inside, as f-strings; parcels as a
NamedTuple; an hourly rate property refusing negatives, the old accessors kept; an HR grab-bag split
with every import in the project moved to the new modules), for real (gates, sandbox, mutants
caught)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from forge.testing import assert_workflow_contract
from tests.conftest import require

NEEDS = [require(shutil.which("bwrap") is not None, "bubblewrap (bwrap) is not installed")]

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("code.context_manager", {"resource": "lock", "form": "function", "test": True}),
    ("code.context_manager", {"resource": "batch", "form": "class", "test": False}),
    ("code.shared_fixture", {"sample": "file", "existing": True, "scope": "module"}),
    ("code.shared_fixture", {"sample": "object", "existing": False, "scope": "function"}),
    ("code.use_fstrings", {"kind": "notices", "styles": "all"}),
    ("code.use_dataclass", {"kind": "parcels", "form": "namedtuple"}),
    ("code.use_property", {"kind": "employees", "change": "validated", "compat": True}),
    ("code.split_module", {"kind": "hr", "after": "migrated"}),
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
