"""The cost ledger's schema step (v1 -> v2) and its groupings."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from forge.errors import StoreError
from forge.store import SCHEMA_VERSION, ModelCallRecord, open_store


def test_a_v1_database_is_migrated_and_keeps_its_calls(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    open_store(f"sqlite:///{path}").close()
    with sqlite3.connect(path) as db:  # make it what a v1 Forge left behind
        db.execute("DROP INDEX ix_model_calls_task_id")
        for column in ("cached_tokens", "task_id", "stage", "cache_hit", "request_key", "error"):
            db.execute(f"ALTER TABLE model_calls DROP COLUMN {column}")
        db.execute("DROP TABLE model_responses")
        db.execute("DROP TABLE harness_versions")
        db.execute("DROP TABLE task_signatures")  # v3's
        db.execute("DROP TABLE task_bands")  # v4's
        db.execute("UPDATE schema_meta SET value = '1' WHERE key = 'schema_version'")
        db.execute("INSERT INTO model_calls (role, model, prompt_tokens, completion_tokens, cost_usd, latency_s, "
                   "run_id, created_at) VALUES ('teacher', 'm', 10, 2, 0.5, 1.0, 'r1', '2026-01-01 00:00:00')")
    store = open_store(f"sqlite:///{path}")
    totals = store.model_call_totals("r1")
    assert totals["calls"] == 1 and totals["prompt_tokens"] == 10 and totals["cached_tokens"] == 0
    assert [line.key for line in store.cost_by("stage")] == []  # v1 rows have no stage
    store.record_model_call(ModelCallRecord(role="annotator", model="small", prompt_tokens=5, run_id="r1", task_id="t"))
    assert [line.key for line in store.cost_by("stage", "r1")] == ["annotator"]
    store.save_response("k", "m", "{}")
    assert store.cached_response("k") == "{}"
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT value FROM schema_meta").fetchone()[0] == str(SCHEMA_VERSION)


def test_cache_hits_count_as_calls_but_not_as_spend(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path / 'f.db'}")
    paid = {"role": "teacher", "model": "m", "prompt_tokens": 100, "completion_tokens": 10, "cost_usd": 0.01, "episode_id": "e1"}
    store.record_model_call(ModelCallRecord(**paid, stage="episode"))
    store.record_model_call(ModelCallRecord(**paid, stage="episode", cache_hit=True))
    store.record_model_call(ModelCallRecord(role="judge", model="j", prompt_tokens=7, cost_usd=0.002, episode_id="e1"))
    (episode,) = store.cost_by("episode")
    assert episode.calls == 3 and episode.cache_hits == 1 and episode.prompt_tokens == 107
    assert episode.cost_usd == pytest.approx(0.012)
    assert {line.key: line.calls for line in store.cost_by("stage")} == {"episode": 2, "judge": 1}
    with pytest.raises(StoreError, match="group model calls by"):
        store.cost_by("weather")
    with pytest.raises(StoreError, match="expected one of"):
        store.record_model_call(ModelCallRecord(role="critic", model="m"))


def test_harness_versions_are_immutable_records(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path / 'f.db'}")
    store.record_harness_version("terminal", "β", {"max_steps": 40}, {"success_rate": 0.5}, parent_version="1")
    with pytest.raises(StoreError, match="immutable"):
        store.record_harness_version("terminal", "β", {}, {})
    (version,) = store.harness_versions("terminal")
    assert version.version == "β" and version.scores == {"success_rate": 0.5} and version.parent_version == "1"
