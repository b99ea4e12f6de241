"""Near-duplicates on both sides of the threshold: twins built word by word, so their true
similarity is known here, independently of the gate's own shingling and MinHash estimate."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from forge.errors import ConfigError, ForgeError
from forge.models import TaskBundle
from forge.store import AcceptedSignature, Store, open_store
from gates import GateContext, NearDuplicateIndex, StoredIndex, run_gate
from gates.duplicates import shingles, signature, signature_bytes
from skills import load_taxonomy
from workflows import WORKFLOWS

WORDS = [f"w{i}" for i in range(202)]  # 200 word 3-grams, each distinct


@pytest.fixture(scope="module")
def base() -> TaskBundle:
    skill = load_taxonomy().get("spreadsheet.data.sort.descending")
    return WORKFLOWS.get(skill.workflow).build(skill, 4)


def variant(base: TaskBundle, words: list[str], **params: object) -> TaskBundle:
    return base.model_copy(update={"instruction": " ".join(words), "params": {**base.params, **params}})


def with_last_words_changed(count: int) -> list[str]:
    """WORDS with its last `count` words replaced: `count + 2` of its 3-grams change."""
    return WORDS[: len(WORDS) - count] + [f"x{i}" for i in range(count)]


def true_jaccard(a: set[bytes], b: set[bytes]) -> float:
    return len(a & b) / len(a | b)


def test_shingles_are_word_trigrams_of_the_casefolded_instruction_plus_parameters(base: TaskBundle) -> None:
    bundle = variant(base, ["Sort", "THE", "rows,", "now"])
    grams = shingles(bundle)
    assert {b"sort the rows", b"the rows now"} <= grams
    assert {g for g in grams if b":" in g} == {f"{base.workflow}:{k}={v}".encode() for k, v in base.params.items()}
    assert len(grams) == 2 + len(base.params)
    assert {g for g in shingles(variant(base, ["One"])) if b":" not in g} == {b"one"}  # shorter: the word itself


@pytest.fixture()
def store(tmp_path: Path) -> Iterator[Store]:
    opened = open_store(f"sqlite:///{tmp_path / 'forge.db'}")
    yield opened
    opened.close()


def stored_claim(index: StoredIndex, store: Store, bundles: list[TaskBundle]) -> dict[str, tuple[str, float]]:
    """The flow's accept: each bundle saved (as its gates would), then claimed by its signature."""
    for bundle in bundles:
        store.save_task(bundle, "r-test")
    return index.claim_all([(b.id, signature_bytes(index.signature(b))) for b in bundles])


Indexer = Callable[..., NearDuplicateIndex | StoredIndex]


@pytest.fixture(params=["memory", "store"])
def index_of(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Indexer]:
    """An index holding the given bundles as accepted: in memory, or a run's, in the store (the
    same questions are asked of both)."""
    if request.param == "memory":
        yield lambda bundles, threshold=0.9: NearDuplicateIndex.from_bundles(bundles, threshold)
        return
    opened = open_store(f"sqlite:///{tmp_path / 'forge.db'}")

    def make(bundles: list[TaskBundle], threshold: float = 0.9) -> StoredIndex:
        index = StoredIndex(opened, threshold)
        assert stored_claim(index, opened, bundles) == {}
        return index

    yield make
    opened.close()


def test_a_twin_changed_only_at_the_end_is_a_duplicate(base: TaskBundle, tmp_path: Path, index_of: Indexer) -> None:
    first, twin = variant(base, WORDS), variant(base, with_last_words_changed(3))  # 5 of ~205 grams differ
    assert true_jaccard(shingles(first), shingles(twin)) > 0.95
    index = index_of([first])
    rejected = run_gate("duplicate", twin, GateContext(scratch_root=tmp_path, duplicates=index))
    assert (rejected.passed, rejected.reason, rejected.details["duplicate_of"]) == (False, "near_duplicate", first.id)
    assert 0.9 <= rejected.details["similarity"] <= 1
    assert rejected.details["similarity"] == round(signature(first).jaccard(signature(twin)), 3)  # as shown
    far = run_gate("duplicate", variant(base, [f"z{i}" for i in range(50)]), GateContext(scratch_root=tmp_path,
                                                                                         duplicates=index))
    assert far.passed and far.details == {"checked": True}
    assert run_gate("duplicate", twin, GateContext(scratch_root=tmp_path)).details == {"checked": False}


@pytest.mark.parametrize(("changed_words", "duplicate"), [(8, True), (40, False), (120, False)])
def test_similarity_just_above_and_below_the_threshold(base: TaskBundle, changed_words: int, duplicate: bool,
                                                       index_of: Indexer) -> None:
    first, other = variant(base, WORDS), variant(base, with_last_words_changed(changed_words))
    truth = true_jaccard(shingles(first), shingles(other))
    assert (truth >= 0.9) == duplicate  # 8 words: ~0.91; 40: ~0.66 (the estimate's noise is ~0.03)
    match = index_of([first], threshold=0.9).find(other)
    assert (match is not None) == duplicate, (truth, match)
    if match is not None:
        assert abs(match[1] - truth) < 0.1


def test_the_threshold_itself_counts_as_a_duplicate(base: TaskBundle, index_of: Indexer) -> None:
    first = variant(base, WORDS)
    same_words = first.model_copy(update={"seed": first.seed + 1})  # another id; similarity exactly 1.0
    assert index_of([first], threshold=1.0).find(same_words) == (first.id, 1.0)
    other = variant(base, with_last_words_changed(6))
    estimate = signature(first).jaccard(signature(other))
    assert estimate == 0.96875  # pinned: a new hashing seed would re-decide which stored tasks are twins
    assert index_of([first], threshold=min(1.0, estimate + 0.02)).find(other) is None


def test_different_parameters_alone_lower_the_similarity(base: TaskBundle, index_of: Indexer) -> None:
    first = variant(base, ["sort", "the", "table"])
    other = variant(base, ["sort", "the", "table"], column="Something else entirely")
    assert first.id != other.id
    assert index_of([first], threshold=0.98).find(other) is None


def test_claim_indexes_once_and_refuses_the_near_twin(base: TaskBundle) -> None:
    first, twin = variant(base, WORDS), variant(base, with_last_words_changed(2))
    index = NearDuplicateIndex(threshold=0.9)
    assert index.claim(first) is None and len(index) == 1
    assert index.claim(first) is None and len(index) == 1  # a resumed run claiming its own task again
    assert index.find(first) is None  # and it is not its own duplicate
    stored = TaskBundle.model_validate_json(first.model_dump_json())  # as a resumed run reads it back
    assert stored.id == first.id and stored.id is not first.id and index.find(stored) is None
    match = index.claim(twin)
    assert match is not None and match[0] == first.id and len(index) == 1
    far = variant(base, [f"z{i}" for i in range(50)])
    assert index.claim(far) is None and len(index) == 2


def test_the_stored_index_accepts_in_order_against_every_accepted_task(base: TaskBundle, store: Store,
                                                                      tmp_path: Path) -> None:
    first, twin, far = variant(base, WORDS), variant(base, with_last_words_changed(2)), variant(base, ["z", "y", "x"])
    index = StoredIndex(store, 0.9)
    assert stored_claim(index, store, [first]) == {}
    assert stored_claim(index, store, [first]) == {}  # a resumed run accepting its own task again
    assert index.find(first) is None and store.task_status(first.id) == "accepted"
    lookalikes = stored_claim(index, store, [twin, far])
    assert list(lookalikes) == [twin.id] and lookalikes[twin.id][0] == first.id and lookalikes[twin.id][1] >= 0.9
    assert store.task_status(twin.id) == "pending" and store.task_status(far.id) == "accepted"  # the caller rejects
    assert [k.task_id for k in store.accepted_signatures()] == [first.id, far.id]  # the look-alike keeps nothing

    own = open_store(f"sqlite:///{tmp_path / 'forge.db'}")  # another run's process, with its own connections
    other_process = StoredIndex(own, 0.9)
    again = variant(base, [f"q{i}" for i in range(60)])
    late_twin = variant(base, [f"q{i}" for i in range(59)] + ["end"])
    assert other_process.find(twin) == lookalikes[twin.id]  # nothing held: it reads what this one accepted
    # the earlier one of a batch wins
    assert list(stored_claim(other_process, own, [again, late_twin])) == [late_twin.id]
    assert index.find(late_twin)[0] == again.id  # and this process reads the other's accept
    store.set_task_status(again.id, "rejected")  # no longer accepted: not a look-alike of anything
    assert index.find(late_twin) is None
    own.close()


def test_the_stored_index_bands_tasks_accepted_without_keys_once(base: TaskBundle, store: Store,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    by_hand, kept = variant(base, WORDS), variant(base, [f"k{i}" for i in range(40)])
    for bundle in (by_hand, kept):
        store.save_task(bundle, "r-test")
    store.set_task_status(by_hand.id, "accepted")  # accepted by hand: no signature, no band keys
    index = StoredIndex(store, 0.9)
    store.accept_tasks([(kept.id, signature_bytes(index.signature(kept)))])  # a signature, no band keys
    twins = [b.model_copy(update={"seed": b.seed + 1}) for b in (by_hand, kept)]  # same content, other ids
    assert [index.find(t) for t in twins] == [None, None]
    read, get_task = [], store.get_task
    monkeypatch.setattr(store, "get_task", lambda task_id: read.append(task_id) or get_task(task_id))
    monkeypatch.setattr("gates.duplicates._BACKFILL_CHUNK", 1)  # one transaction per task
    assert index.backfill() == 2 and index.backfill() == 0  # banded once
    assert read == [by_hand.id]  # a kept signature is banded as it is: no bundle read back
    assert [index.find(t) for t in twins] == [(by_hand.id, 1.0), (kept.id, 1.0)]
    stricter = StoredIndex(store, 0.95)  # another threshold cuts other bands: its own backfill
    assert stricter.banding.name != index.banding.name and stricter.find(twins[0]) is None
    assert stricter.backfill() == 2 and stricter.find(twins[0]) == (by_hand.id, 1.0)
    for wrong_size in (b"\x01" * 16, b"\x01" * 2048):
        with pytest.raises(ForgeError, match="128-permutation"):
            index.banding.keys(wrong_size)


def test_a_candidate_counts_only_at_or_above_the_threshold_and_of_the_same_size(base: TaskBundle) -> None:
    first, twin, far = variant(base, WORDS), variant(base, with_last_words_changed(2)), variant(base, ["z", "y"])
    banding = StoredIndex(None, 0.9).banding  # type: ignore[arg-type]  # comparing needs no store
    mine = signature_bytes(signature(twin))
    kept = [AcceptedSignature(seq=seq, task_id=b.id, signature=signature_bytes(signature(b)))
            for seq, b in enumerate((far, first), start=1)]
    other_size = AcceptedSignature(seq=0, task_id="t-other-size", signature=b"\x01" * 16)
    match = banding.near(mine, [other_size, *kept])  # the far one is looked at first, and passed over
    assert match is not None and match[0] == first.id and match[1] == signature(twin).jaccard(signature(first))
    assert banding.near(mine, [other_size, kept[0]]) is None


@pytest.mark.parametrize("threshold", [0, -0.5, 1.01, 2])
def test_a_threshold_outside_0_to_1_is_refused_naming_the_setting(threshold: float) -> None:
    with pytest.raises(ConfigError, match="FORGE_DEDUP_THRESHOLD"):
        NearDuplicateIndex(threshold)
    with pytest.raises(ConfigError, match="FORGE_DEDUP_THRESHOLD"):
        StoredIndex(None, threshold)  # type: ignore[arg-type]  # refused before the store is touched
    assert NearDuplicateIndex(1.0).threshold == 1.0
    assert NearDuplicateIndex().threshold == 0.9 and NearDuplicateIndex.from_bundles([]).threshold == 0.9
