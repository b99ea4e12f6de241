"""Every app workflow (document, presentation, pdf, text, data, code, files, multi) through the real
gates on seeds the contract test does not use: files open with their libraries and survive the
LibreOffice round trip, setup runs, do-nothing fails, the reference passes, every mutant fails."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from forge.testing import workflow_contract
from tests.conftest import require
from workflows import WORKFLOWS

APPS = ("document", "presentation", "pdf", "text", "data", "code", "files", "multi")
APP_WORKFLOWS = [name for name in WORKFLOWS if name.split(".")[0] in APPS]
SEEDS = (2, 3)


def test_every_app_has_at_least_three_families_and_multi_four() -> None:
    counts = {app: sum(1 for n in APP_WORKFLOWS if n.startswith(f"{app}.")) for app in APPS}
    assert all(n >= 3 for n in counts.values()), counts
    assert counts["multi"] >= 4, counts


@pytest.mark.slow
@pytest.mark.parametrize("name", APP_WORKFLOWS)
@require(shutil.which("bwrap") is not None, "bubblewrap (bwrap) is not installed")
@require(shutil.which("soffice") is not None, "LibreOffice (soffice) is not installed")
def test_app_workflow_passes_every_gate(name: str, tmp_path: Path) -> None:
    report = workflow_contract(name, tmp_path, seeds=SEEDS)
    assert report.ok, "\n".join(report.problems)
    assert report.roundtrip
    mutations = report.mutations()
    assert mutations and all(verdict == "caught" for verdict in mutations.values()), mutations
