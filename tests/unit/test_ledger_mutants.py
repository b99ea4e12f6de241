"""The cost ledger, reply cache and harness versions at their edges (cases written to kill
`bench/mutation.py`'s survivors in `forge/store/_ledger.py`): zero is a valid count and a negative
one is not, an empty ledger sums to zero, and every lookup keeps to its own key, run and name
when a neighbour sorts before or after it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from pydantic import ValidationError

from forge.errors import StoreError
from forge.store import ModelCallRecord, open_store
from forge.store._ledger import CostLine

COUNTS = ("prompt_tokens", "completion_tokens", "cached_tokens", "cost_usd", "latency_s")


@pytest.fixture
def store(tmp_path: Path):
    opened = open_store(f"sqlite:///{tmp_path / 'ledger.db'}")
    yield opened
    opened.close()


def test_a_call_record_counts_from_zero_and_refuses_negatives() -> None:
    record = ModelCallRecord(role="teacher", model="m")
    assert [getattr(record, name) for name in COUNTS] == [0, 0, 0, 0.0, 0.0]
    for name in COUNTS:
        assert getattr(ModelCallRecord(role="teacher", model="m", **{name: 0}), name) == 0
        with pytest.raises(ValidationError, match=name):
            ModelCallRecord(role="teacher", model="m", **{name: -1})


def test_a_call_record_is_frozen() -> None:
    record = ModelCallRecord(role="teacher", model="m", prompt_tokens=3)
    with pytest.raises(ValidationError):
        record.prompt_tokens = 4  # type: ignore[misc]


def test_a_cost_line_starts_at_zero_and_totals_prompt_plus_completion() -> None:
    line = CostLine(key="k")
    assert (line.calls, line.cache_hits, line.errors, line.prompt_tokens, line.completion_tokens,
            line.cached_tokens, line.cost_usd, line.latency_s, line.total_tokens) == (0, 0, 0, 0, 0, 0, 0.0, 0.0, 0)
    assert CostLine(key="k", prompt_tokens=3, completion_tokens=5).total_tokens == 8
    assert CostLine(key="k", prompt_tokens=6, completion_tokens=0).total_tokens == 6


def test_an_empty_ledger_sums_to_zero(store) -> None:
    assert store.model_call_totals() == {
        "calls": 0, "cache_hits": 0, "errors": 0, "prompt_tokens": 0, "completion_tokens": 0,
        "cached_tokens": 0, "total_tokens": 0, "cost_usd": 0.0, "latency_s": 0.0}
    store.record_model_call(role="teacher", model="m", prompt_tokens=4, run_id="r1")
    errors_free = store.cost_total("r1")
    assert errors_free.errors == 0 and errors_free.cache_hits == 0 and errors_free.calls == 1


def test_every_paid_column_is_summed_and_errors_counted(store) -> None:
    store.record_model_call(role="teacher", model="m", prompt_tokens=10, completion_tokens=2, cached_tokens=4,
                            cost_usd=0.25, latency_s=1.5, run_id="r1", error="timeout")
    store.record_model_call(role="judge", model="j", prompt_tokens=1, completion_tokens=1, cached_tokens=1,
                            cost_usd=0.5, latency_s=0.5, run_id="r1")
    assert store.model_call_totals("r1") == {
        "calls": 2, "cache_hits": 0, "errors": 1, "prompt_tokens": 11, "completion_tokens": 3,
        "cached_tokens": 5, "total_tokens": 14, "cost_usd": 0.75, "latency_s": 2.0}


def test_a_run_total_keeps_to_its_own_run_when_another_sorts_before_it(store) -> None:
    store.record_model_call(role="teacher", model="m", prompt_tokens=100, run_id="r1")
    store.record_model_call(role="teacher", model="m", prompt_tokens=7, run_id="r2")
    store.record_model_call(role="teacher", model="m", prompt_tokens=1000, run_id="r3")
    assert store.cost_total("r2").prompt_tokens == 7
    assert store.cost_total("r2").calls == 1
    assert store.cost_total().prompt_tokens == 1107


def test_the_reply_cache_answers_only_its_own_key(store) -> None:
    store.save_response("a", "m", '{"reply": 1}')
    store.save_response("b", "m", '{"reply": 2}')
    assert store.cached_response("b") == '{"reply": 2}'
    assert store.cached_response("a") == '{"reply": 1}'
    assert store.cached_response("c") is None
    assert store.cached_response("0") is None
    store.save_response("b", "m", '{"reply": 3}')  # the first stored wins
    assert store.cached_response("b") == '{"reply": 2}'


@pytest.mark.parametrize("versions", [("b", "a"), ("a", "c")], ids=["older-after", "newer-after"])
def test_a_harness_takes_versions_that_sort_either_side_of_one_recorded(store, versions) -> None:
    first, second = versions
    store.record_harness_version("terminal", first, {}, {})
    store.record_harness_version("terminal", second, {}, {})
    assert [v.version for v in store.harness_versions("terminal")] == [first, second]


def test_a_version_is_per_harness_and_listed_only_under_its_own_name(store) -> None:
    store.record_harness_version("gui", "1", {"max_steps": 10}, {})
    store.record_harness_version("terminal", "1", {"max_steps": 40}, {})  # same version, another harness
    store.record_harness_version("hybrid", "1", {"max_steps": 20}, {})
    assert [(v.name, v.config) for v in store.harness_versions("terminal")] == [("terminal", {"max_steps": 40})]
    assert [(v.name, v.config) for v in store.harness_versions("gui")] == [("gui", {"max_steps": 10})]
    assert store.harness_versions("browser") == []


def test_a_cost_line_is_frozen_and_dumps_its_total() -> None:
    line = CostLine(key="k", prompt_tokens=2, completion_tokens=1)
    assert line.model_dump()["total_tokens"] == 3
    with pytest.raises(ValidationError):
        line.calls = 5  # type: ignore[misc]


def test_cache_hits_are_counted_once_each_and_errors_once_each(store) -> None:
    store.record_model_call(role="teacher", model="m", prompt_tokens=1, run_id="r", cache_hit=True)
    store.record_model_call(role="teacher", model="m", prompt_tokens=1, run_id="r")
    store.record_model_call(role="teacher", model="m", prompt_tokens=1, run_id="r", error="bad reply")
    line = store.cost_total("r")
    assert (line.calls, line.cache_hits, line.errors, line.prompt_tokens) == (3, 1, 1, 2)


def test_a_reply_the_database_refuses_to_store_is_an_error_not_a_silent_loss(tmp_path: Path) -> None:
    """Only a lost race (the same reply stored meanwhile) is forgiven; a write that failed outright
    raises. The refusal is the database's own: a trigger that aborts the insert."""
    path = tmp_path / "ledger.db"
    store = open_store(f"sqlite:///{path}")
    with sqlite3.connect(path) as db:
        db.execute("CREATE TRIGGER refuse BEFORE INSERT ON model_responses WHEN NEW.key = 'refused' "
                   "BEGIN SELECT RAISE(ABORT, 'refused by a trigger'); END")
    try:
        with pytest.raises(StoreError, match="refused by a trigger"):
            store.save_response("refused", "m", "{}")
        assert store.cached_response("refused") is None
        store.save_response("kept", "m", "{}")
        assert store.cached_response("kept") == "{}"
    finally:
        store.close()


def test_accepted_only_keeps_the_calls_of_passed_episodes(store) -> None:
    from tests.unit.test_store import make_bundle, make_episode

    task = make_bundle()
    store.save_task(task, "r")
    store.save_episode(make_episode(task.id, "e-passed"), "r")
    store.save_episode(make_episode(task.id, "e-failed", passed=False), "r")
    for episode, tokens in (("e-passed", 7), ("e-failed", 11)):
        store.record_model_call(role="teacher", model="m", prompt_tokens=tokens, run_id="r", episode_id=episode)
    assert [(line.key, line.prompt_tokens) for line in store.cost_by("episode", "r", accepted_only=True)] == [
        ("e-passed", 7)]
    assert [line.key for line in store.cost_by("episode", "r")] == ["e-failed", "e-passed"]


def test_a_recorded_harness_version_is_frozen(store) -> None:
    store.record_harness_version("terminal", "1", {"max_steps": 10}, {})
    (version,) = store.harness_versions("terminal")
    with pytest.raises(ValidationError):
        version.version = "2"  # type: ignore[misc]
