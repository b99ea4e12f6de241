"""Near-duplicates on both sides of the threshold: twins built word by word, so their true
similarity is known here, independently of the gate's own shingling and MinHash estimate."""

from __future__ import annotations

from pathlib import Path

import pytest

from forge.errors import ConfigError
from forge.models import TaskBundle
from gates import GateContext, NearDuplicateIndex, run_gate
from gates.duplicates import shingles, signature
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


def test_a_twin_changed_only_at_the_end_is_a_duplicate(base: TaskBundle, tmp_path: Path) -> None:
    first, twin = variant(base, WORDS), variant(base, with_last_words_changed(3))  # 5 of ~205 grams differ
    assert true_jaccard(shingles(first), shingles(twin)) > 0.95
    index = NearDuplicateIndex(threshold=0.9)
    assert index.claim(first) is None
    rejected = run_gate("duplicate", twin, GateContext(scratch_root=tmp_path, duplicates=index))
    assert (rejected.passed, rejected.reason, rejected.details["duplicate_of"]) == (False, "near_duplicate", first.id)
    assert 0.9 <= rejected.details["similarity"] <= 1
    assert rejected.details["similarity"] == round(signature(first).jaccard(signature(twin)), 3)  # as shown
    far = run_gate("duplicate", variant(base, [f"z{i}" for i in range(50)]), GateContext(scratch_root=tmp_path,
                                                                                         duplicates=index))
    assert far.passed and far.details == {"checked": True, "indexed": 1}
    assert run_gate("duplicate", twin, GateContext(scratch_root=tmp_path)).details == {"checked": False}


@pytest.mark.parametrize(("changed_words", "duplicate"), [(8, True), (40, False), (120, False)])
def test_similarity_just_above_and_below_the_threshold(base: TaskBundle, changed_words: int, duplicate: bool) -> None:
    first, other = variant(base, WORDS), variant(base, with_last_words_changed(changed_words))
    truth = true_jaccard(shingles(first), shingles(other))
    assert (truth >= 0.9) == duplicate  # 8 words: ~0.91; 40: ~0.66 (the estimate's noise is ~0.03)
    index = NearDuplicateIndex.from_bundles([first], threshold=0.9)
    match = index.find(other)
    assert (match is not None) == duplicate, (truth, match)
    if match is not None:
        assert abs(match[1] - truth) < 0.1


def test_the_threshold_itself_counts_as_a_duplicate(base: TaskBundle) -> None:
    first = variant(base, WORDS)
    same_words = first.model_copy(update={"seed": first.seed + 1})  # another id; similarity exactly 1.0
    assert NearDuplicateIndex.from_bundles([first], threshold=1.0).find(same_words) == (first.id, 1.0)
    other = variant(base, with_last_words_changed(6))
    estimate = signature(first).jaccard(signature(other))
    assert estimate == 0.96875  # pinned: a new hashing seed would re-decide which stored tasks are twins
    assert NearDuplicateIndex.from_bundles([first], threshold=min(1.0, estimate + 0.02)).find(other) is None


def test_different_parameters_alone_lower_the_similarity(base: TaskBundle) -> None:
    first = variant(base, ["sort", "the", "table"])
    other = variant(base, ["sort", "the", "table"], column="Something else entirely")
    assert first.id != other.id
    assert NearDuplicateIndex.from_bundles([first], threshold=0.98).find(other) is None


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


@pytest.mark.parametrize("threshold", [0, -0.5, 1.01, 2])
def test_a_threshold_outside_0_to_1_is_refused_naming_the_setting(threshold: float) -> None:
    with pytest.raises(ConfigError, match="FORGE_DEDUP_THRESHOLD"):
        NearDuplicateIndex(threshold)
    assert NearDuplicateIndex(1.0).threshold == 1.0
    assert NearDuplicateIndex().threshold == 0.9 and NearDuplicateIndex.from_bundles([]).threshold == 0.9
