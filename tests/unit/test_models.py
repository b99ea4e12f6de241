from __future__ import annotations

import pytest
from pydantic import ValidationError

from forge.models import Check, Episode, ReferenceSolution, ReferenceStep, Rubric, Skill, TaskBundle, TaskFile, TeacherInfo
from forge.models.results import CheckResult, RubricResult


def bundle(**changes: object) -> TaskBundle:
    fields: dict[str, object] = dict(
        skill_ids=["spreadsheet.x.y"], apps=["spreadsheet"], instruction="Sort inputs/a.xlsx.",
        files=[TaskFile(path="inputs/a.xlsx", role="input", type="xlsx", content=b"PK\x03\x04"),
               TaskFile(path="outputs/a.xlsx", role="output", type="xlsx")],
        rubric=Rubric(checks=[Check(func="file.exists", options={"file": "outputs/a.xlsx"})]),
        reference=ReferenceSolution(steps=[ReferenceStep(thought="t", action="a", tool="bash", arguments={"command": "ls"})]),
        seed=1, workflow="w", workflow_version="1",
    )
    fields.update(changes)
    return TaskBundle(**fields)  # type: ignore[arg-type]


def test_bundle_id_is_a_content_hash() -> None:
    assert bundle().id == bundle().id
    assert bundle().id != bundle(seed=2).id
    assert bundle().id != bundle(instruction="Sort inputs/a.xlsx!").id


def test_a_copy_with_changes_gets_its_own_id() -> None:
    original = bundle()
    changed = original.model_copy(update={"seed": 99})
    assert changed.id == bundle(seed=99).id != original.id


def test_bundle_round_trips_through_json_with_bytes_and_id() -> None:
    original = bundle()
    restored = TaskBundle.model_validate_json(original.model_dump_json())
    assert restored == original and restored.id == original.id
    assert restored.files[0].content == b"PK\x03\x04"


def test_bundle_whose_content_no_longer_matches_its_id_is_refused() -> None:
    data = bundle().model_dump(mode="json")
    data["instruction"] = "tampered"
    with pytest.raises(ValidationError, match="does not match its id"):
        TaskBundle.model_validate(data)


@pytest.mark.parametrize("path", ["/etc/passwd", "../x.xlsx", "inputs/../../x"])
def test_file_paths_must_stay_in_the_job_dir(path: str) -> None:
    with pytest.raises(ValidationError, match="relative to the job dir"):
        TaskFile(path=path, role="input", type="xlsx")


def test_skill_ids_are_dotted() -> None:
    with pytest.raises(ValidationError):
        Skill(id="Not A Skill", apps=["x"], category="c", description="d", workflow="w")


def test_episode_passes_only_when_completed_and_every_check_passed() -> None:
    base = dict(id="e", task_id="t", harness="terminal", harness_version="1",
                teacher=TeacherInfo(kind="reference-replay"), judge="programmatic", steps=[])
    ok = RubricResult(checks=[CheckResult(func="f", passed=True)])
    bad = RubricResult(checks=[CheckResult(func="f", passed=True), CheckResult(func="g", passed=False)])
    assert Episode(**base, rubric=ok, status="completed").passed
    assert not Episode(**base, rubric=bad, status="completed").passed
    assert not Episode(**base, rubric=ok, status="error").passed
    assert not RubricResult(checks=[]).passed


def test_an_overlay_is_put_back_exactly_as_the_state_was_restored(tmp_path: Path) -> None:
    from forge.environment import JobState

    state = JobState(files={"inputs/a.xlsx": b"A", "outputs/keep.txt": b"K"}, dirs=["inputs", "outputs"])
    state.restore(tmp_path)

    def tree() -> dict[str, bytes | None]:
        return {p.relative_to(tmp_path).as_posix(): (p.read_bytes() if p.is_file() else None)
                for p in sorted(tmp_path.rglob("*"))}

    before = tree()
    overrides = {"outputs/keep.txt": None, "inputs/a.xlsx": b"changed", "outputs/new/deep/b.xlsx": b"B"}
    with state.overlaid(tmp_path, overrides) as job:
        inside = tree()
        assert job == tmp_path and "outputs/keep.txt" not in inside
        assert inside["inputs/a.xlsx"] == b"changed" and inside["outputs/new/deep/b.xlsx"] == b"B"
    assert tree() == before
    with pytest.raises(IsADirectoryError), state.overlaid(tmp_path, {"outputs/x.bin": b"x", "inputs": b"no"}):
        pass
    assert tree() == before  # put back even when laying it over failed half way
