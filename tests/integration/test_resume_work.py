"""Resume proven by the work done, through the public flow and the store: a rerun after new
skills gates and replays only the new task, whatever the flow's own tally says."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from prefect.settings import PREFECT_API_URL, temporary_settings

from flows import stages
from flows.generate import forge as forge_flow
from forge.prefect_server import ServerInfo
from forge.settings import Settings
from forge.store import Store

pytestmark = pytest.mark.slow

FIRST, NEW = "spreadsheet.data.sort.ascending", "spreadsheet.formula.total_row.sum"


@pytest.fixture()
def data_dir(prefect_server: ServerInfo, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    data = tmp_path / "data"
    monkeypatch.setenv("PREFECT_API_URL", prefect_server.url)
    monkeypatch.setenv("FORGE_DATA_DIR", str(data))
    monkeypatch.setenv("FORGE_LIBREOFFICE_ROUNDTRIP", "false")
    with temporary_settings(updates={PREFECT_API_URL: prefect_server.url}):
        yield data


def work(store: Store) -> dict[str, str]:
    """Every gate verdict and episode the store holds, with its timings: work done again changes them."""
    marks = {}
    for task_id in store.list_tasks():
        for result in store.gate_results(task_id):
            marks[f"gate:{task_id}:{result.gate}"] = result.model_dump_json()
    for episode in store.episodes():
        marks[f"episode:{episode.task_id}"] = episode.model_dump_json()
    return marks


def test_a_rerun_after_new_skills_does_only_the_new_work(data_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    first = forge_flow(n_tasks=1, skills=[FIRST], output_dir=str(out))
    store = stages.store_for(Settings(data_dir=data_dir).resolved_db_url())
    before = work(store)
    (old_task,) = store.list_tasks()
    assert first["counts"]["episodes_run"] == 1 and first["counts"]["gates_run"] >= 2
    assert any(k.startswith(f"gate:{old_task}:") for k in before) and f"episode:{old_task}" in before

    wider = forge_flow(n_tasks=2, skills=[FIRST, NEW], output_dir=str(out))  # a new run: another config
    after = work(store)
    assert wider["run_id"] != first["run_id"]
    assert {k: v for k, v in after.items() if k in before} == before  # the first task's work, untouched
    new_tasks = set(store.list_tasks()) - {old_task}
    assert len(new_tasks) == 1
    (new_task,) = new_tasks
    new_gates = [k for k in after if k.startswith(f"gate:{new_task}:")]
    assert set(after) - set(before) == {*new_gates, f"episode:{new_task}"}  # and only the new task's
    assert (wider["counts"]["gates_run"], wider["counts"]["episodes_run"]) == (len(new_gates), 1)

    again = forge_flow(n_tasks=2, skills=[FIRST, NEW], output_dir=str(out))
    assert again["run_id"] == wider["run_id"]
    assert (again["counts"]["gates_run"], again["counts"]["episodes_run"], again["counts"]["rows_written"]) == (0, 0, 0)
    assert work(store) == after
