"""The contract over every registered workflow, built-in or plugin: the gates pass it for real."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from forge.testing import assert_workflow_contract
from tests.conftest import require
from workflows import WORKFLOWS

NEEDS = [require(shutil.which("bwrap") is not None, "bubblewrap (bwrap) is not installed"),
         require(shutil.which("soffice") is not None, "LibreOffice (soffice) is not installed")]


@pytest.mark.slow
@pytest.mark.parametrize("name", list(WORKFLOWS))
def test_workflow_meets_the_contract(name: str, tmp_path: Path, libreoffice_profiles: Path) -> None:
    report = assert_workflow_contract(name, tmp_path, libreoffice_profiles=libreoffice_profiles)
    assert report.roundtrip and len(report.bundle_ids) == 2
    assert report.mutations() and all(v == "caught" for v in report.mutations().values())


for mark in NEEDS:
    test_workflow_meets_the_contract = mark(test_workflow_meets_the_contract)
