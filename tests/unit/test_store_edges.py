"""The store's lookups at their edges: every filter (by run, task, output dir, id) is tried on a
store holding neighbours on BOTH sides of the key asked for (an earlier and a later run, a smaller
and a larger id, a sibling folder), so a filter that keeps `<=` or `>=` instead of `==`, or drops
a join, returns a neighbour and fails. Counts are built so that `+`, `*`, `|` and `-` all differ."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from pydantic import ValidationError

from forge.cli.tasks import build_report
from forge.errors import StoreError
from forge.models import GateResult, TaskBundle
from forge.store import Store, open_store
from tests.unit.test_store import _Config, make_bundle, make_episode

RUNS = ("r1", "r2", "r3")


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "forge.db"


@pytest.fixture
def filled(db: Path) -> tuple[Store, dict[str, TaskBundle]]:
    """Three runs, one task each (ids sorted so the middle run holds the middle id), gates,
    rejections and episodes in every run; r2 has 3 passed episodes and 1 failed."""
    store = open_store(f"sqlite:///{db}")
    bundles = sorted((make_bundle(seed) for seed in (1, 2, 3)), key=lambda b: b.id)
    by_run = dict(zip(RUNS, bundles, strict=True))
    for run, bundle in by_run.items():
        store.start_run(run, "generate", _Config())
        store.save_task(bundle, run)
        store.save_gate_result(bundle.id, GateResult(gate="schema", passed=True, duration_s=0.1))
        store.save_gate_result(bundle.id, GateResult(gate="oracle", passed=run != "r2", reason="oracle_fails",
                                                     duration_s=0.2))
        store.record_rejection(run, "gate", f"{run}-subject", "oracle_fails", f"{run} said no")
    store.set_task_status(by_run["r2"].id, "accepted")
    store.set_task_status(by_run["r3"].id, "rejected")
    store.save_episode(make_episode(by_run["r1"].id, "a-1", True), "r1")
    for n, passed in enumerate([True, True, False, True], start=1):
        store.save_episode(make_episode(by_run["r2"].id, f"m-{n}", passed), "r2")
    store.save_episode(make_episode(by_run["r3"].id, "z-1", False), "r3")
    yield store, by_run
    store.close()


def test_lookups_by_id_find_only_that_id(filled: tuple[Store, dict[str, TaskBundle]]) -> None:
    store, by_run = filled
    middle = by_run["r2"].id
    assert store.get_task(middle) == by_run["r2"]
    assert store.task_status(middle) == "accepted"
    for absent in ("0" * len(middle), "f" * len(middle)):  # below and above every stored id
        assert store.get_task(absent) is None
        assert store.task_status(absent) is None
    assert store.get_episode("m-2").id == "m-2"  # type: ignore[union-attr]
    assert store.get_episode("m-0") is None and store.get_episode("m-9") is None
    assert store.has_episode("m-3")
    assert not store.has_episode("m-0") and not store.has_episode("m-9")


def test_filters_by_run_keep_only_that_run(filled: tuple[Store, dict[str, TaskBundle]]) -> None:
    store, by_run = filled
    middle = by_run["r2"].id
    assert store.list_tasks(run_id="r2") == [middle]
    assert store.list_tasks(status="accepted") == [middle]
    assert store.list_tasks(status="pending") == [by_run["r1"].id]
    assert [(t.gate, t.ran, t.passed) for t in store.gate_tallies("r2")] == [("schema", 1, 1), ("oracle", 1, 0)]
    assert [(t.gate, t.ran, t.passed) for t in store.gate_tallies()] == [("schema", 3, 3), ("oracle", 3, 2)]
    assert [(w.workflow, w.tasks, w.rejected) for w in store.workflow_tallies("r2")] == [("spreadsheet_formula", 1, 1)]
    assert [(w.tasks, w.rejected) for w in store.workflow_tallies("r1")] == [(1, 0)]
    assert [(f.gate, f.reason, f.count) for f in store.gate_failures("r2")] == [("oracle", "oracle_fails", 1)]
    assert store.gate_failures("r1") == [] and store.gate_tallies("r-none") == []
    assert [r.subject for r in store.rejections("r2")] == ["r2-subject"]
    assert [e.id for e in store.episodes(run_id="r2")] == ["m-1", "m-2", "m-3", "m-4"]
    assert [e.id for e in store.episodes(run_id="r2", passed=False)] == ["m-3"]
    assert [e.id for e in store.episodes(passed=False)] == ["m-3", "z-1"]


def test_rejection_counts_count_the_runs_rejections_and_failing_verdicts(
        filled: tuple[Store, dict[str, TaskBundle]]) -> None:
    """What a run's summary reports, counted by the database: one run's only, failing verdicts
    only, and a rejection recorded under a gate's own stage name adds to that gate's count."""
    store, _ = filled
    assert store.rejection_counts("r1") == {"gate:oracle_fails": 1}  # r1's oracle verdict passed
    assert store.rejection_counts("r2") == {"gate:oracle_fails": 1, "oracle_gate:oracle_fails": 1}
    store.record_rejection("r2", "gate", "r2-other", "oracle_fails", "a second subject")
    store.record_rejection("r2", "oracle_gate", "r2-flow", "oracle_fails", "the flow's own record")
    store.record_rejection("r2", "gate", "r2-third", "timeout", "another reason")
    assert store.rejection_counts("r2") == {"gate:oracle_fails": 2, "gate:timeout": 1, "oracle_gate:oracle_fails": 2}
    assert store.rejection_counts("r-none") == {}


def test_gate_tallies_count_per_workflow_and_gate_in_the_order_gates_first_ran(tmp_path: Path) -> None:
    """What `forge gates report` shows, counted by the database: two workflows, a task failing two
    gates (counted once among the rejected), a reason tie broken by which failure came first, a
    mean time per gate, and tasks of another run left out."""
    store = open_store(f"sqlite:///{tmp_path / 'forge.db'}")
    store.start_run("r", "generate", _Config())
    store.start_run("other", "generate", _Config())
    sheets = [make_bundle(seed) for seed in (1, 2, 3)]
    docs = [make_bundle(seed).model_copy(update={"workflow": "document_edit"}) for seed in (4, 5, 6)]
    verdicts = [  # per task, in the order saved: (gate, passed, reason, seconds)
        (sheets[0], [("file", True, None, 0.1), ("package", True, None, 1.0)]),
        (sheets[1], [("file", True, None, 0.3), ("package", False, "mutation_survives", 2.0)]),
        (sheets[2], [("file", False, "unreadable", 0.2), ("package", False, "oracle_fails", 3.0)]),
        (docs[0], [("package", False, "oracle_fails", 0.5), ("file", True, None, 0.25)]),
        (docs[1], [("package", True, None, 1.5), ("file", True, None, 0.75)]),
        (docs[2], [("package", False, "oracle_fails", 1.0), ("file", True, None, 0.5)]),
    ]
    for bundle, rows in verdicts:
        store.save_task(bundle, "r")
        for gate, passed, reason, seconds in rows:
            store.save_gate_result(bundle.id, GateResult(gate=gate, passed=passed, reason=reason, duration_s=seconds))
    stray = make_bundle(9)
    store.save_task(stray, "other")
    store.save_gate_result(stray.id, GateResult(gate="file", passed=False, reason="unreadable", duration_s=9.0))

    tallies = [(t.workflow, t.gate, t.ran, t.passed, round(t.mean_s, 6)) for t in store.gate_tallies("r")]
    assert tallies == [("document_edit", "package", 3, 1, 1.0), ("document_edit", "file", 3, 3, 0.5),
                       ("spreadsheet_formula", "file", 3, 2, 0.2), ("spreadsheet_formula", "package", 3, 1, 2.0)]
    assert [(w.workflow, w.tasks, w.rejected) for w in store.workflow_tallies("r")] == [
        ("document_edit", 3, 2), ("spreadsheet_formula", 3, 2)]
    assert [(f.workflow, f.gate, f.reason, f.count) for f in store.gate_failures("r")] == [
        ("document_edit", "package", "oracle_fails", 2), ("spreadsheet_formula", "package", "mutation_survives", 1),
        ("spreadsheet_formula", "file", "unreadable", 1), ("spreadsheet_formula", "package", "oracle_fails", 1)]

    report = build_report(store, "r", top=2)["workflows"]  # `forge gates report`: the tallies, composed
    assert list(report) == ["document_edit", "spreadsheet_formula"]
    assert report["document_edit"]["gates"]["package"] == {"ran": 3, "passed": 1, "pass_rate": 0.3333, "mean_s": 1.0}
    assert (report["spreadsheet_formula"]["tasks"], report["spreadsheet_formula"]["accepted"]) == (3, 1)
    assert report["spreadsheet_formula"]["top_reasons"] == [("package:mutation_survives", 1), ("file:unreadable", 1)]
    store.close()


def test_gate_results_are_the_tasks_own(filled: tuple[Store, dict[str, TaskBundle]]) -> None:
    store, by_run = filled
    results = store.gate_results(by_run["r2"].id)
    assert [(r.gate, r.passed, r.reason) for r in results] == [("schema", True, None), ("oracle", False, "oracle_fails")]


def test_counts_of_one_run_and_of_the_store(filled: tuple[Store, dict[str, TaskBundle]]) -> None:
    store, _ = filled
    assert store.counts("r2") == {"tasks_pending": 0, "tasks_accepted": 1, "tasks_rejected": 0, "tasks": 1,
                                  "episodes_passed": 3, "episodes_failed": 1, "episodes": 4, "rejections": 1}
    assert store.counts() == {"tasks_pending": 1, "tasks_accepted": 1, "tasks_rejected": 1, "tasks": 3,
                              "episodes_passed": 4, "episodes_failed": 2, "episodes": 6, "rejections": 3}
    assert (store.counts("r1")["episodes_failed"], store.counts("r3")["episodes_passed"]) == (0, 0)  # none: 0
    store.start_run("r4", "generate", _Config())
    assert set(store.counts("r4").values()) == {0}


def test_upserts_replace_only_their_own_row(filled: tuple[Store, dict[str, TaskBundle]]) -> None:
    store, by_run = filled
    middle = by_run["r2"].id
    store.save_gate_result(middle, GateResult(gate="oracle", passed=True, duration_s=0.3))
    assert [(r.gate, r.passed) for r in store.gate_results(middle)] == [("schema", True), ("oracle", True)]
    assert [(r.gate, r.passed) for r in store.gate_results(by_run["r3"].id)] == [("schema", True), ("oracle", True)]
    assert [(r.gate, r.passed) for r in store.gate_results(by_run["r1"].id)] == [("schema", True), ("oracle", True)]
    for task in (by_run["r3"].id, by_run["r1"].id):  # the largest id first: a lookup by >= would find it
        store.save_gate_result(task, GateResult(gate="extra", passed=True, duration_s=0.4))
    assert [r.gate for r in store.gate_results(by_run["r1"].id)] == ["schema", "oracle", "extra"]
    assert [r.gate for r in store.gate_results(by_run["r3"].id)] == ["schema", "oracle", "extra"]
    with pytest.raises(ValidationError):
        store.gate_tallies("r2")[0].passed = 0  # tallies are frozen values
    store.record_rejection("r2", "gate", "r2-subject", "timeout", "again")
    store.record_rejection("r2", "gate", "r2-other", "timeout", "another subject")
    store.record_rejection("r2", "export", "r2-subject", "timeout", "another stage")
    store.record_rejection("r2", "judge", "r2-subject", "timeout", "a stage sorting after both")
    for run in ("r3", "r1", "r2"):  # one stage and subject in every run: each run keeps its own
        store.record_rejection(run, "gate", "shared", f"reason-{run}", "")
    assert [(r.run_id, r.reason) for run in RUNS for r in store.rejections(run) if r.subject == "shared"] == [
        ("r1", "reason-r1"), ("r2", "reason-r2"), ("r3", "reason-r3")]
    assert [(r.stage, r.subject, r.reason) for r in store.rejections("r2")] == [
        ("gate", "r2-subject", "timeout"), ("gate", "r2-other", "timeout"), ("export", "r2-subject", "timeout"),
        ("judge", "r2-subject", "timeout"), ("gate", "shared", "reason-r2")]
    with pytest.raises(ValidationError):
        store.rejections("r2")[0].reason = "changed"  # records are frozen values
    assert [r.reason for r in store.rejections("r1")] == ["oracle_fails", "reason-r1"]


def test_skill_samples_of_one_run_do_not_overwrite_another(filled: tuple[Store, dict[str, TaskBundle]],
                                                           db: Path) -> None:
    store, _ = filled
    for run in RUNS:
        store.record_skill_samples(run, [(f"{run}.skill", 1), (f"{run}.other", 2)])
    store.record_skill_samples("r2", [("r2.again", 7)])  # replaces r2's record, and only r2's
    with sqlite3.connect(db) as con:
        rows = con.execute("SELECT run_id, position, skill_id, seed FROM skill_samples ORDER BY run_id, position")
        assert rows.fetchall() == [("r1", 0, "r1.skill", 1), ("r1", 1, "r1.other", 2),
                                   ("r2", 0, "r2.again", 7),
                                   ("r3", 0, "r3.skill", 1), ("r3", 1, "r3.other", 2)]


def test_shards_are_kept_per_output_dir(filled: tuple[Store, dict[str, TaskBundle]], tmp_path: Path) -> None:
    store, _ = filled
    a, b, c = (str(tmp_path / name) for name in ("out-a", "out-b", "out-c"))  # b sits between its neighbours
    store.record_shard(a, "s0.parquet", 1, 10, "aa", ["m-1"])
    store.record_shard(c, "s0.parquet", 1, 10, "cc", ["m-2"])
    store.record_shard(b, "s0.parquet", 1, 10, "bb", ["m-4"])
    assert [s.sha256 for s in store.shards(b)] == ["bb"]
    assert store.sharded_episode_ids(b) == {"m-4"}
    assert [e.id for e in store.unsharded_episodes(b)] == ["a-1", "m-1", "m-2"]  # passed only, by id
    assert [e.id for e in store.unsharded_episodes(b, passed_only=False)] == ["a-1", "m-1", "m-2", "m-3", "z-1"]
    assert [e.id for e in store.unsharded_episodes(b, limit=2)] == ["a-1", "m-1"]
    store.record_shard(b, "s1.parquet", 1, 10, "b1", ["m-1"])  # m-1 is in a shard of a, not yet of b
    with pytest.raises(StoreError, match=r"already recorded"):
        store.record_shard(b, "s1.parquet", 1, 10, "b1", ["m-2"])
    store.record_shard(c, "s1.parquet", 1, 10, "c1", ["m-1"])  # the same name in another folder is its own
    store.record_shard(b, "a0.parquet", 1, 10, "b2", ["m-2"])  # a name sorting before the folder's others
    assert [s.name for s in store.shards(b)] == ["s0.parquet", "s1.parquet", "a0.parquet"]


def test_shards_can_take_accepted_tasks_only_and_a_rejected_tasks_unwritten_episodes_go(
        filled: tuple[Store, dict[str, TaskBundle]], tmp_path: Path) -> None:
    store, by_run = filled  # r1's task is pending, r2's accepted, r3's rejected
    out = str(tmp_path / "out")
    assert [e.id for e in store.unsharded_episodes(out, passed_only=False, accepted_only=True)] == [
        "m-1", "m-2", "m-3", "m-4"]
    store.record_shard(out, "s0.parquet", 1, 10, "aa", ["m-1"])
    assert store.delete_episodes(by_run["r2"].id) == 3  # m-1 is in a shard: it stays
    assert [e.id for e in store.episodes(run_id="r2")] == ["m-1"]
    assert store.delete_episodes(by_run["r3"].id) == 1 and store.episodes(run_id="r3") == []
    assert store.delete_episodes(by_run["r3"].id) == 0


def test_shard_errors_name_at_most_five_episodes(filled: tuple[Store, dict[str, TaskBundle]], tmp_path: Path) -> None:
    store, _ = filled
    out = str(tmp_path / "out")
    missing = [f"x-{n}" for n in range(1, 8)]
    with pytest.raises(StoreError) as raised:
        store.record_shard(out, "s0.parquet", 7, 10, "00", missing)
    assert str(raised.value).endswith("not stored: ['x-1', 'x-2', 'x-3', 'x-4', 'x-5']")
    ids = ["a-1", "m-1", "m-2", "m-3", "m-4", "z-1"]
    store.record_shard(out, "s0.parquet", 6, 10, "00", ids)
    with pytest.raises(StoreError) as raised:
        store.record_shard(out, "s1.parquet", 6, 10, "11", ids)
    assert "['a-1', 'm-1', 'm-2', 'm-3', 'm-4'] (6 in all)" in str(raised.value)
    with pytest.raises(StoreError, match="lists an episode twice"):
        store.record_shard(out, "s2.parquet", 2, 10, "22", ["z-1", "z-1"])
    many = [f"y-{n:03d}" for n in range(300)]  # distinct, and more than CPython's cached small ints
    with pytest.raises(StoreError, match=r"not stored: \['y-000'"):
        store.record_shard(out, "s3.parquet", 300, 10, "33", many)


def test_rows_that_no_longer_validate_are_store_errors(filled: tuple[Store, dict[str, TaskBundle]], db: Path) -> None:
    store, by_run = filled
    with sqlite3.connect(db) as con:
        con.execute("UPDATE episodes SET episode_json = '{\"id\": 1}' WHERE id = 'm-1'")
        con.execute("UPDATE tasks SET bundle_json = '{\"seed\": \"x\"}' WHERE id = ?", (by_run["r1"].id,))
    with pytest.raises(StoreError, match="no longer validates"):
        store.get_episode("m-1")
    with pytest.raises(StoreError, match="no longer validates"):
        store.get_task(by_run["r1"].id)


def test_find_task_ids_returns_five_by_default(db: Path) -> None:
    with open_store(f"sqlite:///{db}") as store:
        store.start_run("r1", "generate", _Config())
        for seed in range(7):
            store.save_task(make_bundle(seed), "r1")
        assert len(store.find_task_ids("")) == 5
        assert len(store.find_task_ids("", limit=6)) == 6


def test_a_pass_through_the_gates_is_saved_at_once_and_a_rejecting_one_rejects_only_its_task(
        filled: tuple[Store, dict[str, TaskBundle]], tmp_path: Path) -> None:
    store, by_run = filled  # r2's task is accepted, with episodes m-1..m-4
    out = str(tmp_path / "out")
    store.record_shard(out, "s0.parquet", 1, 10, "aa", ["m-1"])
    task = by_run["r2"].id
    store.save_gate_results(task, [GateResult(gate="schema", passed=True, duration_s=0.5),
                                   GateResult(gate="package", passed=False, reason="mutation_survives")], reject=True)
    assert [(r.gate, r.passed, r.duration_s) for r in store.gate_results(task)] == [
        ("schema", True, 0.5), ("oracle", False, 0.2), ("package", False, 0.0)]  # schema's replaced in place
    assert store.task_status(task) == "rejected"
    assert [e.id for e in store.episodes(run_id="r2")] == ["m-1"]  # the sharded one stays
    assert store.task_status(by_run["r1"].id) == "pending" and [e.id for e in store.episodes(run_id="r1")] == ["a-1"]

    store.save_gate_results(by_run["r1"].id, [GateResult(gate="file", passed=True)])  # no reject: status kept
    assert store.task_status(by_run["r1"].id) == "pending" and len(store.episodes(run_id="r1")) == 1
    with pytest.raises(StoreError, match="t-missing"):
        store.save_gate_results("t-missing", [GateResult(gate="file", passed=False)], reject=True)


def test_accepted_signatures_come_in_acceptance_order_after_the_last_read(
        filled: tuple[Store, dict[str, TaskBundle]]) -> None:
    store, by_run = filled  # r2's task is accepted without a signature, r1's pending, r3's rejected
    assert store.accepted_without_signature() == [by_run["r2"].id]
    store.accept_tasks([(by_run["r3"].id, b"\x03" * 8)])  # ids sort r1 < r2 < r3: kept in the order accepted
    store.accept_tasks([(by_run["r1"].id, b"\x01" * 8)])
    store.accept_tasks([(by_run["r1"].id, b"\x09" * 8)])  # accepted again: the first signature stays
    kept = store.accepted_signatures()
    assert [(k.task_id, k.signature) for k in kept] == [(by_run["r3"].id, b"\x03" * 8), (by_run["r1"].id, b"\x01" * 8)]
    assert [k.task_id for k in store.accepted_signatures(after=kept[0].seq)] == [by_run["r1"].id]
    assert store.accepted_signatures(after=kept[1].seq) == []
    assert store.task_status(by_run["r3"].id) == store.task_status(by_run["r1"].id) == "accepted"
    assert store.accepted_without_signature() == [by_run["r2"].id]
    store.set_task_status(by_run["r3"].id, "rejected")  # no longer accepted: its signature is not read
    assert [k.task_id for k in store.accepted_signatures()] == [by_run["r1"].id]
    with pytest.raises(StoreError, match="t-missing"):
        store.accept_tasks([("t-missing", b"")])


def test_a_batch_of_accepts_is_one_transaction_in_order(
        filled: tuple[Store, dict[str, TaskBundle]], monkeypatch: pytest.MonkeyPatch) -> None:
    store, by_run = filled  # r2's task is accepted without a signature, r1's pending, r3's rejected
    r1, r2, r3 = (by_run[run].id for run in ("r1", "r2", "r3"))
    monkeypatch.setattr("forge.store._signatures._IN_LIMIT", 2)  # three ids: two chunks
    with pytest.raises(StoreError, match="t-missing"):
        store.accept_tasks([(r3, b"\x03"), (r1, b"\x01"), ("t-missing", b"\x00")])
    assert store.accepted_signatures() == [] and store.task_status(r3) == "rejected"  # nothing written
    assert store.task_status(r1) == "pending"

    store.accept_tasks([(r3, b"\x03"), (r1, b"\x01"), (r3, b"\x09"), (r2, b"\x02")])
    assert [(k.task_id, k.signature) for k in store.accepted_signatures()] == [
        (r3, b"\x03"), (r1, b"\x01"), (r2, b"\x02")]  # the order given, not the ids'; r3's first signature
    assert {store.task_status(t) for t in (r1, r2, r3)} == {"accepted"}
    assert store.accepted_without_signature() == []
    store.accept_tasks([])  # a batch with nothing accepted writes nothing
    assert len(store.accepted_signatures()) == 3


def test_a_passing_pass_saves_its_verdicts_and_episodes_in_one_transaction(
        filled: tuple[Store, dict[str, TaskBundle]]) -> None:
    store, by_run = filled
    task, other = by_run["r1"].id, by_run["r3"].id
    passed = [GateResult(gate="package", passed=True, duration_s=0.3)]
    for bad in ({"reject": True, "run_id": "r1"}, {"run_id": None}):  # a rejection has none; a run must be named
        with pytest.raises(StoreError, match=task):
            store.save_gate_results(task, passed, episodes=[make_episode(task, "a-2", True)], **bad)
    with pytest.raises(StoreError, match=task):  # another task's episode
        store.save_gate_results(task, passed, episodes=[make_episode(other, "z-2", True)], run_id="r1")
    with pytest.raises(StoreError, match="t-missing"):  # the task must be stored: the episode is not kept either
        store.save_gate_results("t-missing", passed, episodes=[make_episode("t-missing", "q-1", True)], run_id="r1")
    assert [r.gate for r in store.gate_results(task)] == ["schema", "oracle"]
    assert store.get_episode("a-2") is None and store.get_episode("q-1") is None

    store.save_gate_results(task, passed, episodes=[make_episode(task, "a-2", True)], run_id="r3")
    assert [r.gate for r in store.gate_results(task)] == ["schema", "oracle", "package"]
    assert sorted(e.id for e in store.episodes(run_id="r3")) == ["a-2", "z-1"]  # saved with the run named
    assert store.get_episode("a-2") == make_episode(task, "a-2", True)
