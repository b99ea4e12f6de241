"""The store against real SQLite files: round trips, upserts, concurrency, schema guards, shards."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest
from pydantic import BaseModel
from sqlalchemy import inspect

from forge.errors import StoreError
from forge.models import (
    Check,
    CheckResult,
    Episode,
    GateResult,
    Observation,
    ReferenceSolution,
    ReferenceStep,
    Rubric,
    RubricResult,
    Step,
    TaskBundle,
    TaskFile,
    TeacherInfo,
    ToolCall,
    Usage,
)
from forge.store import SCHEMA_VERSION, Store, open_store
from forge.store import schema as store_schema

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256))


class _Config(BaseModel):
    concurrency: int = 2


class _Summary(BaseModel):
    accepted: int


def make_bundle(seed: int = 1) -> TaskBundle:
    return TaskBundle(
        skill_ids=["spreadsheet.formula.sum"],
        apps=["libreoffice-calc"],
        instruction=f"Sum column A into A{seed + 10}.",
        files=[TaskFile(path="in/book.xlsx", role="input", type="xlsx", content=b"PK\x03\x04fake")],
        rubric=Rubric(checks=[Check(func="cell_equals", options={"cell": "A11", "value": 55})]),
        reference=ReferenceSolution(steps=[
            ReferenceStep(thought="write it", action="run it", tool="bash", arguments={"command": "true"}),
        ]),
        seed=seed,
        workflow="spreadsheet_formula",
        workflow_version="1",
        params={"rows": 10},
    )


def make_episode(task_id: str, episode_id: str = "e-1", passed: bool = True) -> Episode:
    step = Step(
        index=0, channel="gui", thought="look", action="screenshot",
        tool_call=ToolCall(name="computer_use", arguments={"action": "screenshot"}),
        observation=Observation(text="", screenshot_png=PNG),
        usage=Usage(prompt_tokens=100, completion_tokens=20), latency_s=0.5,
    )
    return Episode(
        id=episode_id, task_id=task_id, harness="default", harness_version="1",
        teacher=TeacherInfo(kind="model", model="teacher-x"), judge="programmatic", steps=[step],
        rubric=RubricResult(checks=[CheckResult(func="cell_equals", passed=passed)]),
        status="completed", duration_s=1.5,
    )


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'nested' / 'forge.db'}"


@pytest.fixture
def store(db_url: str):
    with open_store(db_url) as st:
        st.start_run("r1", "generate", _Config())
        yield st


@pytest.fixture
def task(store: Store) -> TaskBundle:
    bundle = make_bundle()
    store.save_task(bundle, "r1")
    return bundle


def test_sqlite_pragmas_on_every_connection(store: Store, db_url: str) -> None:
    assert Path(db_url.removeprefix("sqlite:///")).exists()
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 30000
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL


def test_run_lifecycle(store: Store) -> None:
    run = store.get_run("r1")
    assert run is not None and run.status == "running" and run.flow == "generate"
    assert run.started_at.tzinfo is not None and '"concurrency":2' in run.config_json
    store.finish_run("r1", "completed", _Summary(accepted=3))
    run = store.get_run("r1")
    assert run.status == "completed" and run.finished_at is not None
    assert _Summary.model_validate_json(run.summary_json).accepted == 3
    store.start_run("r1", "generate", _Config())
    assert store.get_run("r1").status == "running"
    assert store.get_run("nope") is None
    with pytest.raises(StoreError):
        store.finish_run("nope", "completed", None)
    with pytest.raises(StoreError):
        store.finish_run("r1", "exploded", None)


def test_skill_samples_idempotent(store: Store) -> None:
    store.record_skill_samples("r1", [("a.b", 1), ("c.d", 2)])
    store.record_skill_samples("r1", [("a.b", 1), ("c.d", 3)])
    with store.engine.connect() as conn:
        sql = "SELECT position, skill_id, seed FROM skill_samples ORDER BY position"
        rows = conn.exec_driver_sql(sql).all()
    assert [tuple(r) for r in rows] == [(0, "a.b", 1), (1, "c.d", 3)]
    with pytest.raises(StoreError):
        store.record_skill_samples("never-started", [("a.b", 1)])
    many = [(f"s.{n % 7}", n) for n in range(2345)]  # inserted 1,000 at a time
    store.record_skill_samples("r1", many)
    with store.engine.connect() as conn:
        rows = conn.exec_driver_sql("SELECT position, skill_id, seed FROM skill_samples ORDER BY position").all()
    assert [tuple(r) for r in rows] == [(n, skill, seed) for n, (skill, seed) in enumerate(many)]
    store.record_skill_samples("r1", [("e.f", 9)])  # a shorter record replaces the longer one
    with store.engine.connect() as conn:
        assert [tuple(r) for r in conn.exec_driver_sql("SELECT position, skill_id, seed FROM skill_samples")] == [
            (0, "e.f", 9)]


def test_task_round_trip_and_links(store: Store) -> None:
    bundle = make_bundle()
    assert store.save_task(bundle, "r1") is True
    store.start_run("r2", "generate", _Config())
    assert store.save_task(bundle, "r2") is False  # same content hash: reused, not duplicated
    loaded = store.get_task(bundle.id)
    assert loaded == bundle and loaded.id == bundle.id and loaded.files[0].content == b"PK\x03\x04fake"
    assert store.task_status(bundle.id) == "pending"
    store.set_task_status(bundle.id, "accepted")
    assert store.task_status(bundle.id) == "accepted"
    other = make_bundle(seed=2)
    store.save_task(other, "r2")
    assert store.list_tasks() == [bundle.id, other.id]
    assert store.list_tasks(run_id="r1") == [bundle.id]
    assert store.list_tasks(status="accepted") == [bundle.id]
    assert store.list_tasks(status="pending", run_id="r2") == [other.id]
    assert store.get_task("t-missing") is None and store.task_status("t-missing") is None
    with pytest.raises(StoreError):
        store.set_task_status("t-missing", "accepted")
    with pytest.raises(StoreError):
        store.set_task_status(bundle.id, "maybe")


def test_gate_results_upsert(store: Store, task: TaskBundle) -> None:
    store.save_gate_result(task.id, GateResult(gate="file", passed=True, duration_s=0.1))
    failed = GateResult(gate="package", passed=False, reason="rubric_passes_untouched",
                        message="rubric passed on the input", details={"checks": ["a", 1]})
    store.save_gate_result(task.id, failed)
    store.save_gate_result(task.id, GateResult(gate="file", passed=False, reason="unreadable"))
    results = store.gate_results(task.id)
    assert [r.gate for r in results] == ["file", "package"]
    assert results[0].passed is False and results[0].reason == "unreadable"
    assert results[1] == failed
    with pytest.raises(StoreError):
        store.save_gate_result("t-missing", failed)


def test_rejections_upsert(store: Store) -> None:
    store.record_rejection("r1", "workflow", "a.b", "unknown_skill", "no such skill")
    store.record_rejection("r1", "workflow", "a.b", "workflow_error", "boom")
    store.record_rejection("r1", "file_gate", "t-1", "unreadable", "bad xlsx")
    rejections = store.rejections("r1")
    assert [(r.stage, r.subject, r.reason) for r in rejections] == [
        ("workflow", "a.b", "workflow_error"), ("file_gate", "t-1", "unreadable"),
    ]
    assert store.rejections("r2") == []


def test_episode_round_trip_with_screenshot(store: Store, task: TaskBundle) -> None:
    episode = make_episode(task.id)
    store.save_episode(episode, "r1")
    store.save_episode(episode, "r1")
    loaded = store.get_episode("e-1")
    assert loaded == episode and loaded.steps[0].observation.screenshot_png == PNG
    assert store.has_episode("e-1") and not store.has_episode("e-2")
    store.save_episode(make_episode(task.id, "e-2", passed=False), "r2")
    assert [e.id for e in store.episodes()] == ["e-1", "e-2"]
    assert [e.id for e in store.episodes(run_id="r2")] == ["e-2"]
    assert [e.id for e in store.episodes(passed=True)] == ["e-1"]
    assert store.get_episode("e-9") is None
    with pytest.raises(StoreError):
        store.save_episode(make_episode("t-missing", "e-3"), "r1")


def test_model_calls_and_counts(store: Store, task: TaskBundle) -> None:
    store.record_model_call(role="teacher", model="m", base_url="http://x", prompt_tokens=10,
                            completion_tokens=5, cost_usd=0.25, latency_s=1.0, run_id="r1", episode_id="e-1")
    store.record_model_call(role="judge", model="j", prompt_tokens=1, completion_tokens=1,
                            cost_usd=0.5, run_id="r1")
    store.record_model_call(role="judge", model="j", prompt_tokens=7, run_id="r2")
    totals = store.model_call_totals("r1")
    assert totals["calls"] == 2 and totals["prompt_tokens"] == 11 and totals["completion_tokens"] == 6
    assert totals["cost_usd"] == pytest.approx(0.75)
    assert store.model_call_totals()["calls"] == 3
    with pytest.raises(StoreError):
        store.record_model_call(role="critic", model="m")
    store.set_task_status(task.id, "accepted")
    store.save_episode(make_episode(task.id, "e-1"), "r1")
    store.save_episode(make_episode(task.id, "e-2", passed=False), "r1")
    store.record_rejection("r1", "workflow", "a.b", "unknown_skill", "x")
    counts = store.counts("r1")
    assert counts["tasks_accepted"] == 1 and counts["tasks_rejected"] == 0
    assert counts["episodes_passed"] == 1 and counts["episodes_failed"] == 1 and counts["rejections"] == 1
    assert store.counts("r-other")["tasks"] == 0


def test_concurrent_writes_all_land(store: Store, task: TaskBundle) -> None:
    errors: list[BaseException] = []

    def work(worker: int) -> None:
        try:
            for i in range(50):
                store.save_episode(make_episode(task.id, f"e-{worker}-{i:03d}"), "r1")
                store.record_rejection("r1", "episode", f"s-{worker}-{i}", "x", "y")
                store.has_episode(f"e-{worker}-{i:03d}")
        except BaseException as exc:  # noqa: BLE001 - surfaced by the assert below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(w,)) for w in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(store.episodes()) == 200 and len(store.rejections("r1")) == 200


def test_shard_bookkeeping(store: Store, task: TaskBundle, tmp_path: Path) -> None:
    for i, passed in enumerate([True, True, False]):
        store.save_episode(make_episode(task.id, f"e-{i}", passed=passed), "r1")
    out = tmp_path / "out"
    assert [e.id for e in store.unsharded_episodes(str(out))] == ["e-0", "e-1"]
    assert [e.id for e in store.unsharded_episodes(str(out), passed_only=False, limit=1)] == ["e-0"]
    record = store.record_shard(str(out), "shard-00000.parquet", 1, 123, "ab" * 32, ["e-0"])
    assert record.output_dir == str(out.resolve()) and record.bytes == 123
    assert [e.id for e in store.unsharded_episodes(str(out))] == ["e-1"]
    assert store.sharded_episode_ids(str(out)) == {"e-0"}
    with pytest.raises(StoreError, match="already written"):
        store.record_shard(str(out), "shard-00001.parquet", 2, 1, "cd" * 32, ["e-1", "e-0"])
    assert store.sharded_episode_ids(str(out)) == {"e-0"}  # the refused shard left nothing behind
    with pytest.raises(StoreError, match="already recorded"):
        store.record_shard(str(out), "shard-00000.parquet", 1, 1, "ef" * 32, ["e-1"])
    store.record_shard(str(tmp_path / "other"), "shard-00000.parquet", 1, 9, "12" * 32, ["e-0"])
    assert [s.name for s in store.shards(str(out))] == ["shard-00000.parquet"]
    assert store.sharded_episode_ids(str(tmp_path / "other")) == {"e-0"}
    # a relative spelling of the same dir is the same dir
    assert store.sharded_episode_ids(f"{out}/../out") == {"e-0"}


def test_reopen_keeps_data(db_url: str) -> None:
    with open_store(db_url) as st:
        st.start_run("r1", "generate", _Config())
    with open_store(db_url) as st:
        assert st.get_run("r1") is not None


def _set_version(db_path: Path, version: int) -> None:
    conn = sqlite3.connect(db_path)
    conn.execute("UPDATE schema_meta SET value = ? WHERE key = 'schema_version'", (str(version),))
    conn.commit()
    conn.close()


def test_newer_schema_refused(tmp_path: Path) -> None:
    path = tmp_path / "forge.db"
    open_store(f"sqlite:///{path}").close()
    _set_version(path, SCHEMA_VERSION + 1)
    with pytest.raises(StoreError) as info:
        open_store(f"sqlite:///{path}")
    assert str(info.value) == (
        f"database schema v{SCHEMA_VERSION + 1} is newer than this Forge (v{SCHEMA_VERSION}); "
        "upgrade mage-cua-forge or point FORGE_DB_URL elsewhere"
    )


def test_foreign_db_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="not a Forge database"):
        open_store(f"sqlite:///{path}")
    assert path.read_bytes() == before
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    assert [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")] == ["customers"]
    conn.close()


def test_migration_path_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "forge.db"
    with open_store(f"sqlite:///{path}") as st:
        st.start_run("r1", "generate", _Config())
    calls: list[int] = []

    def add_note(conn) -> None:
        calls.append(1)
        conn.exec_driver_sql("ALTER TABLE runs ADD COLUMN note TEXT")

    monkeypatch.setattr(store_schema, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    monkeypatch.setattr(store_schema, "MIGRATIONS", {SCHEMA_VERSION: add_note})
    with open_store(f"sqlite:///{path}") as st:
        assert "note" in {c["name"] for c in inspect(st.engine).get_columns("runs")}
        assert st.get_run("r1") is not None
    with open_store(f"sqlite:///{path}"):
        pass
    assert calls == [1]  # ran once; the version was bumped with it
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT value FROM schema_meta").fetchone()[0] == str(SCHEMA_VERSION + 1)
    conn.close()


def test_missing_migration_step_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "forge.db"
    open_store(f"sqlite:///{path}").close()
    monkeypatch.setattr(store_schema, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    monkeypatch.setattr(store_schema, "MIGRATIONS", {})
    with pytest.raises(StoreError, match="no migration registered"):
        open_store(f"sqlite:///{path}")


@pytest.mark.parametrize("url", ["not a url", "nosuchdialect://x/y", "postgresql+nosuchdriver://u@h/db"])
def test_bad_url_is_store_error(url: str) -> None:
    with pytest.raises(StoreError, match="FORGE_DB_URL"):
        open_store(url)


def test_not_a_database_file(tmp_path: Path) -> None:
    path = tmp_path / "junk.db"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StoreError, match="FORGE_DB_URL"):
        open_store(f"sqlite:///{path}")


def test_in_memory_store_is_shared_across_threads() -> None:
    with open_store("sqlite://") as st:
        st.start_run("r1", "generate", _Config())
        seen: list[bool] = []
        t = threading.Thread(target=lambda: seen.append(st.get_run("r1") is not None))
        t.start()
        t.join()
        assert seen == [True]
