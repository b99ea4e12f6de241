"""How the `forge` flow draws its skills and cuts them into batches: the published mix by default,
stratified on request, explicit skills cycled; batches that shrink towards the run's end; and the
profile a run logs of where its time went."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from prefect.settings import PREFECT_API_URL, temporary_settings
from pydantic import ValidationError

from flows import batches, stages
from flows.context import GenerateConfig, RunContext
from flows.generate import _sample
from flows.generate import forge as forge_flow
from forge.prefect_server import ServerInfo
from forge.settings import Settings
from skills import load_taxonomy, sample_skills
from skills.sampler import sample_mix


def _ctx(config: GenerateConfig, tmp_path: Path) -> RunContext:
    ctx = RunContext.create(config, Settings(data_dir=tmp_path / "data"))
    stages.store_for(ctx.db_url).start_run(ctx.run_id, "generate", config)
    return ctx


def _ids(samples: list) -> list[str]:
    return [s.skill.id for s in samples]


def test_the_default_draw_is_the_published_mix_and_stratified_is_a_choice(tmp_path: Path) -> None:
    taxonomy = load_taxonomy()
    mix = GenerateConfig(n_tasks=300, seed=4)
    stratified = GenerateConfig(n_tasks=300, seed=4, sampling="stratified")
    assert mix.sampling == "mix"
    assert _ids(_sample(_ctx(mix, tmp_path), mix)) == _ids(sample_mix(taxonomy, 300, 4))
    assert _ids(_sample(_ctx(stratified, tmp_path), stratified)) == _ids(sample_skills(taxonomy, 300, 4))
    assert _ids(sample_mix(taxonomy, 300, 4)) != _ids(sample_skills(taxonomy, 300, 4))  # the choice matters
    assert mix.run_id() != stratified.run_id()  # a different draw is a different run, never a resume of it


def test_explicit_skills_are_cycled_whatever_the_sampling(tmp_path: Path) -> None:
    wanted = ["spreadsheet.data.sort.ascending", "spreadsheet.formula.total_row.sum"]
    for sampling in ("mix", "stratified"):
        config = GenerateConfig(n_tasks=5, seed=1, skills=wanted, sampling=sampling)
        assert _ids(_sample(_ctx(config, tmp_path), config)) == [wanted[i % 2] for i in range(5)]


_SAMPLE_HERE = """
import json, sys
from pathlib import Path
import forge.plugins
from flows import stages
from flows.context import GenerateConfig, RunContext
from flows.generate import _sample
from forge.settings import Settings

config = GenerateConfig(n_tasks=40, seed=9)
ctx = RunContext.create(config, Settings(data_dir=Path(sys.argv[1])))
stages.store_for(ctx.db_url).start_run(ctx.run_id, "generate", config)
ids = [s.skill.id for s in _sample(ctx, config)]
loaded_here = bool(forge.plugins._statuses)
from skills import load_taxonomy
from skills.sampler import sample_mix
print(json.dumps({"loaded_here": loaded_here, "same": ids == [s.skill.id for s in sample_mix(load_taxonomy(), 40, 9)]}))
"""


def test_the_flow_process_samples_without_loading_the_plugins(tmp_path: Path) -> None:
    # the draw runs in a child of the workers' fork server, where they are loaded: the same draw
    run = subprocess.run([sys.executable, "-c", _SAMPLE_HERE, str(tmp_path / "data")], capture_output=True, check=False,
                         text=True, timeout=300, env={**os.environ, "PREFECT_SERVER_ANALYTICS_ENABLED": "false"})
    assert run.returncode == 0, run.stderr[-2000:]
    assert json.loads(run.stdout.splitlines()[-1]) == {"loaded_here": False, "same": True}


def test_an_unknown_sampling_is_refused_naming_the_choices() -> None:
    with pytest.raises(ValidationError, match="'mix' or 'stratified'"):
        GenerateConfig(sampling="uniform")


@pytest.mark.parametrize(("n", "size", "workers"), [(100, 8, 2), (7, 8, 2), (1, 8, 4), (1000, 16, 3)])
def test_batches_cover_every_sample_once_and_shrink_towards_the_end(n: int, size: int, workers: int) -> None:
    samples = sample_skills(load_taxonomy(), n, 0)
    cut = batches.make_batches(samples, size, workers)
    assert [s.position for b in cut for s in b.samples] == list(range(n))
    assert [b.index for b in cut] == list(range(len(cut)))
    sizes = [len(b.samples) for b in cut]
    assert max(sizes) <= size and sizes == sorted(sizes, reverse=True)
    floor = max(1, size // 4)  # tail batches stop shrinking there: a task run costs more than one sample
    assert sizes[-1] <= floor and all(s >= floor for s in sizes[:-1]) and sizes.count(floor) < len(sizes)
    assert [len(b.samples) for b in batches.make_batches(samples, size)] == [size] * (n // size) + (
        [n % size] if n % size else [])  # without workers: fixed size, as before


@pytest.mark.parametrize(("n", "workers", "size"), [(100, 3, 34), (5000, 3, 64), (2, 3, 1), (128, 2, 64), (129, 2, 64)])
def test_a_batch_is_at_most_the_setting_and_a_workers_share_of_the_run(n: int, workers: int, size: int,
                                                                        tmp_path: Path) -> None:
    """Each task run costs ~0.1 s of CPU: a short run gets batches of a worker's share (shrinking
    towards its end), not smaller ones."""
    config = GenerateConfig(n_tasks=n, concurrency=workers)
    assert RunContext.create(config, Settings(data_dir=tmp_path / "data")).batch_size == size


@pytest.fixture()
def prefect_api(prefect_server: ServerInfo, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("PREFECT_API_URL", prefect_server.url)
    with temporary_settings(updates={PREFECT_API_URL: prefect_server.url}):
        yield


@pytest.mark.slow
def test_the_flow_draws_the_mix_and_logs_where_its_time_went(
    prefect_api: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("FORGE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("FORGE_LIBREOFFICE_ROUNDTRIP", "false")
    caplog.set_level(logging.INFO, logger="flows.generate")
    result = forge_flow(n_tasks=4, seed=3, output_dir=str(tmp_path / "out"))

    assert result["run_id"] == GenerateConfig(n_tasks=4, seed=3, output_dir=tmp_path / "out").run_id()
    store = stages.store_for(Settings(data_dir=tmp_path / "data").resolved_db_url())
    built = Counter(skill for t in store.list_tasks(run_id=result["run_id"])
                    for skill in store.get_task(t).skill_ids)  # type: ignore[union-attr]
    drawn = Counter(_ids(sample_mix(load_taxonomy(), 4, 3)))
    assert built and built <= drawn and result["counts"]["built"] == sum(built.values())

    profiles = [r.forge_profile for r in caplog.records if hasattr(r, "forge_profile")]
    assert len(profiles) == 1, caplog.text
    profile = profiles[0]
    phases = ("setup_s", "batches_s", "pool_shutdown_s", "final_write_s", "summary_s")
    assert abs(sum(profile[p] for p in phases) - profile["wall_s"]) < 0.01  # the phases add up to the run
    assert profile["gate_work_s"] > 0 and 0 < profile["worker_utilisation"] <= 1
    assert profile["worker_peak_rss_mb"] > 50  # a worker's own, reported back: it holds Prefect and every plugin
    # batches of 1 (4 tasks, 2 workers): a gate-batch task run each; no episode-batch one, since with no
    # model configured each accepted task's episode is its package gate's oracle run (counted all the same)
    assert profile["task_runs"] == 4 and result["counts"]["episodes_run"] == result["counts"]["accepted"]
