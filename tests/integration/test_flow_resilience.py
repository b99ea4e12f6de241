"""A stage that crashes on one sample (a bug, not a bad task) is recorded; the rest of the run goes on."""

from __future__ import annotations

from pathlib import Path

import pytest
from prefect.settings import PREFECT_API_URL, temporary_settings

from flows import stages
from flows.generate import forge as forge_flow
from forge.models import Skill, TaskBundle
from forge.prefect_server import ServerInfo
from forge.settings import Settings
from workflows import WORKFLOWS

pytestmark = pytest.mark.slow


class ExplodingWorkflow:
    """Stands in for a buggy plugin workflow: raises something that is not a ForgeError."""

    name = "spreadsheet.sort_rows"

    def build(self, skill: Skill, seed: int) -> TaskBundle:
        raise RuntimeError(f"bug while building {skill.id}")


def test_a_crashing_stage_becomes_an_internal_error_rejection(
    prefect_server: ServerInfo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(WORKFLOWS._items, "spreadsheet.sort_rows", ExplodingWorkflow())
    monkeypatch.setenv("FORGE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("FORGE_LIBREOFFICE_ROUNDTRIP", "false")
    with temporary_settings(updates={PREFECT_API_URL: prefect_server.url}):
        result = forge_flow(n_tasks=2, skills=["spreadsheet.data.sort.ascending", "spreadsheet.formula.total_row.sum"],
                            output_dir=str(tmp_path / "out"))
    assert result["rejections"] == {"flow:internal_error": 1}
    assert result["counts"]["rows_written"] == 1
    store = stages.store_for(Settings(data_dir=tmp_path / "data").resolved_db_url())
    [rejection] = store.rejections(result["run_id"])
    assert rejection.subject == "0:spreadsheet.data.sort.ascending"
    assert "RuntimeError: bug while building spreadsheet.data.sort.ascending" in rejection.message
