from __future__ import annotations

from pathlib import Path

import pytest

from forge.models import TaskBundle
from gates import GateContext
from skills import load_taxonomy
from workflows import WORKFLOWS


@pytest.fixture()
def sort_bundle() -> TaskBundle:
    skill = load_taxonomy().get("spreadsheet.data.sort.ascending")
    return WORKFLOWS.get(skill.workflow).build(skill, seed=11)


@pytest.fixture()
def gate_ctx(tmp_path: Path) -> GateContext:
    return GateContext(scratch_root=tmp_path / "scratch")
