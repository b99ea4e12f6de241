"""Coverage of the taxonomy through the gates. The contract test (tests/contract) already gates every
family once, with its first skill; here the skills it does not reach (a family's other variants)
go through the same gates, and a skill that cannot be realised is recorded with its cause."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path
from types import ModuleType

import pytest

from forge.models import Skill
from gates import GateContext
from gates.roundtrip import libreoffice_roundtrip
from skills import load_taxonomy
from tests.conftest import require

BENCH = Path(__file__).resolve().parents[2] / "bench" / "taxonomy_coverage.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("taxonomy_coverage", BENCH)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _beyond_the_contract() -> list[Skill]:
    """Skills other than each family's first by id (the one the contract test builds)."""
    by_family: dict[str, list[Skill]] = {}
    for skill in sorted(load_taxonomy().skills.values(), key=lambda s: s.id):
        by_family.setdefault(skill.workflow, []).append(skill)
    return [s for skills in by_family.values() for s in skills[1:]]


def test_a_skill_its_family_cannot_realise_is_recorded_not_raised(tmp_path: Path) -> None:
    cover = _bench().cover
    ctx = GateContext(scratch_root=tmp_path)
    bad_params = Skill(id="spreadsheet.data.sort.sideways", apps=["spreadsheet"], category="spreadsheet.data",
                       description="Sort sideways.", workflow="spreadsheet.sort_rows", params={"sideways": True})
    outcome = cover(bad_params, 1, ctx)
    assert not outcome.verified and outcome.stage == "workflow" and "sideways" in outcome.reason
    no_family = bad_params.model_copy(update={"workflow": "spreadsheet.teleport"})
    outcome = cover(no_family, 1, ctx)
    assert not outcome.verified and "spreadsheet.teleport" in outcome.reason


@pytest.mark.slow
@require(shutil.which("bwrap") is not None, "bubblewrap (bwrap) is not installed")
@require(shutil.which("soffice") is not None, "LibreOffice (soffice) is not installed")
def test_every_variant_beyond_the_contract_passes_every_gate(tmp_path: Path) -> None:
    cover = _bench().cover
    skills = _beyond_the_contract()
    assert skills, "every family has one skill: nothing beyond the contract test to cover"
    ctx = GateContext(scratch_root=tmp_path, roundtrip=libreoffice_roundtrip(tmp_path / "lo"))
    failed = {o.skill: f"{o.stage}: {o.reason}" for o in (cover(s, 11, ctx) for s in skills) if not o.verified}
    assert failed == {}
