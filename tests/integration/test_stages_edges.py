"""The stages' gate bookkeeping at its edges, against a real store (no Prefect, no sandbox: the
file and consistency gates are static): a refused bundle goes no further and is marked rejected,
a stored verdict is not run again, and the count of gates run is the work done."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import make_url

from flows import stages
from flows.context import GenerateConfig, RunContext
from forge.models import TaskBundle
from forge.settings import Settings
from forge.store import Store, open_store
from gates import GATES, StoredIndex
from tests.unit.test_barrier_numbers import altered, build


@pytest.fixture()
def ctx(tmp_path: Path) -> RunContext:
    ctx = RunContext.create(GenerateConfig(n_tasks=1, output_dir=tmp_path / "out"), Settings(data_dir=tmp_path / "data"))
    stages.store_for(ctx.db_url).start_run(ctx.run_id, "generate", GenerateConfig())
    return ctx


@pytest.fixture(scope="module")
def refused() -> TaskBundle:
    """A bundle the file gate passes and the consistency gate refuses (a threshold it never states)."""
    return altered(build("spreadsheet.data.filter.greater_than"), "table.rows_where", threshold=3501)


def test_a_refused_bundle_stops_and_is_rejected(ctx: RunContext, refused: TaskBundle) -> None:
    store = stages.store_for(ctx.db_url)
    store.save_task(refused, ctx.run_id)
    assert stages.gate(ctx, refused, "file") is refused
    assert stages.gate(ctx, refused, "consistency") is None
    assert store.task_status(refused.id) == "rejected"
    work = stages.gates(ctx, refused, ["file", "consistency", "duplicate"])
    assert (work.passed, work.ran) == (False, 0)  # both verdicts stored: nothing runs again
    assert [r.gate for r in store.gate_results(refused.id)] == ["file", "consistency"]


def passed_and_ran(work: stages.GateWork) -> tuple[bool, int]:
    return work.passed, work.ran


def test_the_gates_run_are_counted_once(ctx: RunContext) -> None:
    bundle = build("spreadsheet.data.filter.greater_than")
    store = stages.store_for(ctx.db_url)
    store.save_task(bundle, ctx.run_id)
    assert passed_and_ran(stages.gates(ctx, bundle, ["file", "consistency"])) == (True, 2)
    assert passed_and_ran(stages.gates(ctx, bundle, ["file", "consistency"])) == (True, 0)
    assert store.task_status(bundle.id) == "pending"


def test_verdicts_given_before_a_gate_crashed_are_kept(ctx: RunContext, monkeypatch: pytest.MonkeyPatch) -> None:
    bundle = build("spreadsheet.data.filter.greater_than")
    store = stages.store_for(ctx.db_url)
    store.save_task(bundle, ctx.run_id)

    def crash(*_: object) -> None:
        raise RuntimeError("a bug in the consistency gate")

    monkeypatch.setattr(GATES.get("consistency"), "check", crash)
    with pytest.raises(RuntimeError, match="a bug"):
        stages.gates(ctx, bundle, ["file", "consistency"])
    assert [r.gate for r in store.gate_results(bundle.id)] == ["file"]
    assert store.task_status(bundle.id) == "pending"
    monkeypatch.undo()
    assert passed_and_ran(stages.gates(ctx, bundle, ["file", "consistency"])) == (True, 1)


def test_a_fresh_index_holds_the_accepted_tasks_of_the_store(ctx: RunContext) -> None:
    accepted, pending = build("spreadsheet.data.filter.greater_than"), build("spreadsheet.data.sort.ascending")
    store = stages.store_for(ctx.db_url)
    for bundle in (accepted, pending):
        store.save_task(bundle, ctx.run_id)
    store.set_task_status(accepted.id, "accepted")  # by hand: no signature, no band keys
    index = stages.duplicates_for(ctx.db_url, 0.9)  # a process's first: it bands what it finds
    twin = accepted.model_copy(update={"seed": accepted.seed + 1})  # the same content under another seed
    assert index.find(twin) == (accepted.id, 1.0)
    assert index.find(pending.model_copy(update={"seed": pending.seed + 1})) is None  # not accepted


def test_workers_find_what_the_run_accepts_from_its_kept_band_keys(ctx: RunContext, monkeypatch) -> None:
    first, second = build("spreadsheet.data.filter.greater_than"), build("spreadsheet.data.sort.ascending")
    store = stages.store_for(ctx.db_url)
    for bundle in (first, second):
        store.save_task(bundle, ctx.run_id)
    worker = StoredIndex(open_store(ctx.db_url), 0.9)  # a worker's, made before anything is accepted
    assert stages.accept(ctx, first) is first and stages.accept(ctx, second) is second  # the flow's claims
    monkeypatch.setattr(Store, "get_task", lambda *_: pytest.fail("a bundle was read back"))
    for bundle in (first, second):
        assert worker.find(bundle.model_copy(update={"seed": bundle.seed + 1})) == (bundle.id, 1.0)
    assert store.unbanded_accepted(worker.banding.name) == []  # the accepts kept their keys


def test_a_store_from_before_signatures_is_migrated_and_its_accepted_tasks_indexed(ctx: RunContext) -> None:
    accepted = build("spreadsheet.data.filter.greater_than")
    store = stages.store_for(ctx.db_url)
    store.save_task(accepted, ctx.run_id)
    store.set_task_status(accepted.id, "accepted")
    path = make_url(ctx.db_url).database
    with sqlite3.connect(path) as db:  # as a v2 Forge left it
        db.execute("DROP TABLE task_signatures")
        db.execute("DROP TABLE task_bands")
        db.execute("UPDATE schema_meta SET value = '2' WHERE key = 'schema_version'")
    reopened = open_store(ctx.db_url)
    assert reopened.accepted_without_signature() == [accepted.id]
    index = StoredIndex(reopened, 0.9)
    assert reopened.unbanded_accepted(index.banding.name) == [(accepted.id, None)]
    assert index.backfill() == 1  # hashed from its bundle, and kept
    assert index.find(accepted.model_copy(update={"seed": accepted.seed + 1})) == (accepted.id, 1.0)
    assert reopened.accepted_without_signature() == [] and reopened.unbanded_accepted(index.banding.name) == []
    reopened.close()


def test_the_round_trip_follows_the_setting(ctx: RunContext) -> None:
    assert stages.gate_context(ctx.model_copy(update={"libreoffice_roundtrip": False})).roundtrip is None
    assert stages.gate_context(ctx.model_copy(update={"libreoffice_roundtrip": True})).roundtrip is not None
