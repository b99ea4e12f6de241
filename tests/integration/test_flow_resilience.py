"""The `forge` flow as users run it, against the session's real Prefect server: it resumes without
redoing work, streams shards while it runs, survives a kill, and shows its batches in Prefect."""

from __future__ import annotations

import hashlib
import os
import signal
import stat
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from prefect.client.orchestration import get_client
from prefect.client.schemas.filters import FlowRunFilter, FlowRunFilterId
from prefect.settings import PREFECT_API_URL, temporary_settings

from flows import stages
from flows.context import GenerateConfig
from flows.generate import forge as forge_flow
from forge.dataset import read_manifest
from forge.prefect_server import ServerInfo
from forge.sandbox.jobdir import _host_gone
from forge.settings import Settings
from forge.store import Store

pytestmark = pytest.mark.slow

SKILLS = ["spreadsheet.data.sort.ascending", "spreadsheet.formula.total_row.sum"]


@pytest.fixture()
def umask_022() -> Iterator[None]:
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


@pytest.fixture()
def prefect_api(prefect_server: ServerInfo, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Point this process at the session's server, in its settings and its environment: the process
    pool forwards its workers' task-run events from a thread of its own, which reads the latter."""
    monkeypatch.setenv("PREFECT_API_URL", prefect_server.url)
    with temporary_settings(updates={PREFECT_API_URL: prefect_server.url}):
        yield


@pytest.fixture()
def small_batches(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Batches of 2 and shards of 2 rows, so a few tasks make several batches and shards."""
    data = tmp_path / "data"
    monkeypatch.setenv("FORGE_DATA_DIR", str(data))
    monkeypatch.setenv("FORGE_LIBREOFFICE_ROUNDTRIP", "false")
    monkeypatch.setenv("FORGE_BATCH_SIZE", "2")
    monkeypatch.setenv("FORGE_SHARD_MAX_ROWS", "2")
    return data


def work_done(store: Store, run_id: str) -> dict[str, str]:
    """A fingerprint of every gate verdict and accepted task's episode the run holds: a gate or episode
    run again stores new timings, so a changed value is work done again (counted apart from the
    flow's tally). A task not yet accepted may hold the episode its gates kept (the oracle's run):
    dropped, not redone, if the rerun rejects the task as a look-alike of one accepted meanwhile."""
    marks: dict[str, str] = {}
    for task_id in store.list_tasks(run_id=run_id):
        for result in store.gate_results(task_id):
            marks[f"gate:{task_id}:{result.gate}"] = result.model_dump_json()
    for episode in store.episodes(run_id=run_id):
        if store.task_status(episode.task_id) == "accepted":
            marks[f"episode:{episode.id}"] = episode.model_dump_json()
    return marks


def shard_ids(out: Path) -> list[str]:
    return pq.read_table(out).column("episode_id").to_pylist() if any(out.glob("*.parquet")) else []


def assert_manifest_matches_disk(out: Path, killed: bool = False) -> None:
    """The manifest lists the shards on disk with their checksums; a kill between a shard's rename
    and the manifest's may leave that one shard unlisted (and unrecorded: the rerun rewrites it)."""
    manifest = read_manifest(out)
    assert manifest is not None
    listed, on_disk = {s.name for s in manifest.shards}, {p.name for p in out.glob("shard-*.parquet")}
    assert listed <= on_disk and len(on_disk - listed) <= (1 if killed else 0), (listed, on_disk)
    assert not list(out.glob(".*.forge-tmp")) or killed
    for shard in manifest.shards:
        assert hashlib.sha256((out / shard.name).read_bytes()).hexdigest() == shard.sha256


def test_a_rerun_resumes_without_redoing_any_gate_or_episode(
    prefect_api: None, small_batches: Path, tmp_path: Path, umask_022: None
) -> None:
    out = tmp_path / "out"
    first = forge_flow(n_tasks=5, skills=SKILLS, output_dir=str(out))
    store = stages.store_for(Settings(data_dir=small_batches).resolved_db_url())
    before = work_done(store, first["run_id"])
    again = forge_flow(n_tasks=5, skills=SKILLS, output_dir=str(out))

    assert first["counts"]["rows_written"] == first["counts"]["episodes_passed"] >= 2
    assert first["counts"]["gates_run"] > 0 and first["counts"]["episodes_run"] == first["counts"]["episodes"]
    assert first["counts"]["shards_written"] >= 2  # full shards went out while the run went on
    assert again["run_id"] == first["run_id"]
    assert (again["counts"]["gates_run"], again["counts"]["episodes_run"], again["counts"]["rows_written"]) == (0, 0, 0)
    assert work_done(store, first["run_id"]) == before  # counted independently of the flow's own tally
    ids = shard_ids(out)
    assert len(ids) == len(set(ids)) == first["counts"]["episodes_passed"]
    assert_manifest_matches_disk(out)
    for path in [out / "_manifest.json", *out.glob("shard-*.parquet")]:
        assert stat.S_IMODE(path.stat().st_mode) == 0o644, path  # 0666 minus the umask


def test_an_explicit_file_mode_wins_over_the_umask(
    prefect_api: None, small_batches: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, umask_022: None
) -> None:
    monkeypatch.setenv("FORGE_OUTPUT_FILE_MODE", "0640")
    out = tmp_path / "out"
    result = forge_flow(n_tasks=2, skills=SKILLS[:1], output_dir=str(out))
    assert result["counts"]["rows_written"] == 2
    for path in [out / "_manifest.json", *out.glob("shard-*.parquet")]:
        assert stat.S_IMODE(path.stat().st_mode) == 0o640, path


def test_the_summary_counts_the_gates_rejections(
    prefect_api: None, small_batches: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A threshold this low makes the later tasks of one skill look-alikes of the first: the run's
    summary reports them under their gate, as many as the store holds rejected."""
    monkeypatch.setenv("FORGE_DEDUP_THRESHOLD", "0.05")
    result = forge_flow(n_tasks=4, skills=SKILLS[:1], output_dir=str(tmp_path / "out"))
    store = stages.store_for(Settings(data_dir=small_batches).resolved_db_url())
    rejected = store.list_tasks(status="rejected", run_id=result["run_id"])
    assert len(rejected) >= 2 and result["counts"]["rejected"] == len(rejected)
    assert result["rejections"] == {"duplicate_gate:near_duplicate": len(rejected)}
    assert result["counts"]["rows_written"] == 4 - len(rejected)


def samples_gated(task_runs: dict[str, str]) -> list[int]:
    """The sample positions the `gates <batch>:<first>-<last>` task runs covered, in order."""
    spans = sorted(tuple(map(int, n.split(":")[1].split("-"))) for n in task_runs if n.startswith("gates "))
    return [p for first, last in spans for p in range(first, last + 1)]


@pytest.mark.parametrize("evolved", [False, True], ids=["oracle-runs-kept", "evolved-terminal"])
def test_batches_and_stages_are_task_runs_in_prefect(
    prefect_api: None, small_batches: Path, tmp_path: Path, evolved: bool
) -> None:
    if evolved:  # `forge evolve` chose a terminal version: the gates' oracle runs are not its episodes
        from forge.harness import HARNESSES
        from forge.harness.versions import HarnessVariant, record_version

        store = stages.store_for(Settings(data_dir=small_batches).resolved_db_url())
        record_version(store, HarnessVariant(label="verify", prompt_suffix="Verify the file.").apply(
            HARNESSES.get("terminal")), {"success_rate": 1.0})
    state = forge_flow(n_tasks=4, skills=SKILLS, output_dir=str(tmp_path / "out"), return_state=True)
    assert state.is_completed()
    flow_run_id = state.state_details.flow_run_id
    names: dict[str, str] = {}
    with get_client(sync_client=True) as client:
        for _ in range(150):  # task runs in worker processes reach the server as events, a moment later
            runs = client.read_task_runs(flow_run_filter=FlowRunFilter(id=FlowRunFilterId(any_=[flow_run_id])))
            names = {r.name: r.state.type.value for r in runs if r.state is not None}
            if len(names) >= 3 and set(names.values()) == {"COMPLETED"}:
                batches = sorted(n.split(" ")[1].split(":")[0] for n in names if n.startswith("gates "))
                wanted = {f"episodes {b}" for b in batches} if evolved else set()
                if len(samples_gated(names)) == 4 and wanted <= set(names):
                    break
            time.sleep(0.2)
    assert samples_gated(names) == [0, 1, 2, 3], names  # each sample once
    indexes = sorted(n.split(" ")[1].split(":")[0] for n in names if n.startswith("gates "))
    # an evolved harness's episodes run as a task run per batch; with the built-in one each task's episode
    # is its package gate's oracle run, kept in the gate batch; accepting is a call in the flow, not a task run
    assert sorted(n.split(" ")[1] for n in names if n.startswith("episodes ")) == (indexes if evolved else []), names
    assert not any(n.startswith("accept") for n in names), names
    assert any(n.startswith("write-shards") for n in names) and set(names.values()) == {"COMPLETED"}, names


def test_a_killed_run_keeps_its_shards_and_the_rerun_loses_at_most_the_batches_in_flight(
    cli_env: dict[str, str], prefect_server: ServerInfo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    umask_022: None
) -> None:
    out = tmp_path / "out"
    env = {**cli_env, "FORGE_LIBREOFFICE_ROUNDTRIP": "false", "FORGE_BATCH_SIZE": "1", "FORGE_SHARD_MAX_ROWS": "1",
           "FORGE_CONCURRENCY": "1"}
    args = ["forge", "generate", "--tasks", "12", "--skill", SKILLS[0], "--skill", SKILLS[1], "--output-dir", str(out)]
    log = (tmp_path / "generate.log").open("wb")
    proc = subprocess.Popen(args, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 240
        while read_manifest(out) is None and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert proc.poll() is None, "the run ended before its first shard was seen"
        assert (out / "shard-00000.parquet").exists()  # a shard on disk, and listed, while the run goes on
        os.killpg(proc.pid, signal.SIGKILL)  # the run's own process group: flow and workers at once
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        log.close()

    assert_manifest_matches_disk(out, killed=True)
    scratch = Path(env["FORGE_DATA_DIR"]) / "scratch"  # a killed worker's job dirs stay until a later one sweeps
    hosts = {p.name.split("-")[1] for p in scratch.glob("job-*")}
    deadline = time.monotonic() + 60  # SIGKILL is delivered at once; this bounds a hang only
    while not all(_host_gone(pid) for pid in hosts):
        assert time.monotonic() < deadline, f"the killed run's workers {sorted(hosts)} did not end"
        time.sleep(0.05)
    store = stages.store_for(Settings(data_dir=Path(env["FORGE_DATA_DIR"])).resolved_db_url())
    run_id = GenerateConfig(n_tasks=12, skills=SKILLS, output_dir=out).run_id()  # what the command ran
    run = store.get_run(run_id)
    assert run is not None and run.status == "running"  # killed, not finished
    before = work_done(store, run_id)
    listed = read_manifest(out)
    assert listed is not None
    written_before = {i for s in listed.shards for i in pq.read_table(out / s.name).column("episode_id").to_pylist()}
    in_flight = 2 * 1 * 1  # the flow keeps 2 x workers task runs of one batch (of 1) each in flight
    episodes = {e.task_id for e in store.episodes(run_id=run_id)}
    unfinished = [t for t in store.list_tasks(run_id=run_id)
                  if store.task_status(t) == "pending" or (store.task_status(t) == "accepted" and t not in episodes)]
    assert len(unfinished) <= in_flight  # every other sample that had begun was finished and stored

    monkeypatch.setenv("FORGE_DATA_DIR", env["FORGE_DATA_DIR"])
    for key in ("FORGE_LIBREOFFICE_ROUNDTRIP", "FORGE_BATCH_SIZE", "FORGE_SHARD_MAX_ROWS", "FORGE_CONCURRENCY"):
        monkeypatch.setenv(key, env[key])
    with temporary_settings(updates={PREFECT_API_URL: prefect_server.url}):
        monkeypatch.setenv("PREFECT_API_URL", prefect_server.url)
        result = forge_flow(n_tasks=12, skills=SKILLS, output_dir=str(out))
    assert result["run_id"] == run_id and result["counts"]["gates_run"] > 0  # the kill left work to do
    after = work_done(store, run_id)
    assert {k: after[k] for k in before} == before  # nothing stored before the kill was done again
    ids = shard_ids(out)
    assert len(ids) == len(set(ids)) == result["counts"]["episodes_passed"] >= 2
    assert written_before <= set(ids)
    assert_manifest_matches_disk(out)
    mounted = [line.split()[4] for line in Path("/proc/self/mountinfo").read_text().splitlines()
               if line.split()[4].startswith(f"{scratch}/")]
    assert not list(scratch.glob("job-*")) and not mounted  # the rerun swept what the killed run left

