"""The workflow contract on the error-handling, signature, typing and logging code families (#10):
the variants test_workflows.py's one run per family does not reach, each a value that changes the
task (a module's own exception kept a ValueError or a clean break with the tests switched, every
parameter or those after the first made keyword-only, a print turned into a log record with the
tests as given or with a new caplog test, numeric text converted or refused with a TypeError), for
real (gates, sandbox, mutants caught)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from forge.testing import assert_workflow_contract
from tests.conftest import require

NEEDS = [require(shutil.which("bwrap") is not None, "bubblewrap (bwrap) is not installed")]

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("code.custom_exception", {"kind": "schedule", "value_error": True}),
    ("code.custom_exception", {"kind": "inventory", "value_error": False}),
    ("code.keyword_only", {"function": "shipping.delivery_days", "every": False}),
    ("code.keyword_only", {"function": "schedule.end_time", "every": True}),
    ("code.print_to_logging", {"kind": "text_tools", "test": True}),
    ("code.print_to_logging", {"kind": "loans", "test": False}),
    ("code.argument_types", {"function": "units.bmi", "convert": True}),
    ("code.argument_types", {"function": "loans.late_fee", "convert": False}),
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
