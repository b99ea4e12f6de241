"""What goes into a run id, a task id and an episode id, and so what a rerun treats as done.

The literal ids below are pinned on purpose: changing how an id is made silently turns every
stored run, verdict and episode into "not done yet" (or, worse, two different things into one).
Change them only together with a note on what happens to existing stores.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from flows.context import GenerateConfig
from forge.harness import HARNESSES, episode_id
from forge.models import TaskBundle
from forge.models.episode import TeacherInfo
from skills import derive_seed, load_taxonomy
from workflows import WORKFLOWS

TASK = "t-0123456789abcdef0123"
REPLAY = TeacherInfo(kind="reference-replay")


def test_episode_id_is_pinned_and_made_of_task_harness_version_and_teacher() -> None:
    terminal = HARNESSES.get("terminal")
    assert (terminal.name, terminal.version) == ("terminal", "1")
    assert episode_id(TASK, terminal, REPLAY) == "e-643fe1ac6693938f8171"
    others = {
        "task": episode_id(TASK[:-1] + "4", terminal, REPLAY),
        "harness name": episode_id(TASK, terminal.model_copy(update={"name": "terminal2"}), REPLAY),
        "harness version": episode_id(TASK, terminal.model_copy(update={"version": "2"}), REPLAY),
        "teacher kind": episode_id(TASK, terminal, TeacherInfo(kind="model")),
        "teacher model": episode_id(TASK, terminal, TeacherInfo(kind="model", model="m-1")),
        "another model": episode_id(TASK, terminal, TeacherInfo(kind="model", model="m-2")),
    }
    assert len(set(others.values()) | {episode_id(TASK, terminal, REPLAY)}) == len(others) + 1, others


def test_episode_id_ignores_the_harness_config_beyond_name_and_version() -> None:
    """A harness whose prompt changed without a new version counts as the same: its episodes are
    found done. The version is the contract (bump it when the config changes)."""
    terminal = HARNESSES.get("terminal")
    edited = terminal.model_copy(update={"system_prompt": terminal.system_prompt + "\nBe brief."})
    assert episode_id(TASK, edited, REPLAY) == episode_id(TASK, terminal, REPLAY)


def test_run_id_is_pinned_and_made_of_everything_but_concurrency() -> None:
    base = GenerateConfig()
    assert base.run_id() == "r-d793ff50bde20eab"
    assert GenerateConfig(concurrency=7).run_id() == base.run_id()  # how fast is not what
    assert GenerateConfig(skills=[]).run_id() == base.run_id()  # no list and an empty list: sample
    changed = [GenerateConfig(n_tasks=6), GenerateConfig(seed=1), GenerateConfig(harness="gui"),
               GenerateConfig(output_dir=Path("/elsewhere")), GenerateConfig(skills=["a"]),
               GenerateConfig(skills=["a", "b"]), GenerateConfig(skills=["b", "a"])]
    ids = [c.run_id() for c in changed]
    assert len(set(ids)) == len(ids) and base.run_id() not in ids


@pytest.fixture(scope="module")
def bundle() -> TaskBundle:
    skill = load_taxonomy().get("spreadsheet.data.sort.ascending")
    return WORKFLOWS.get(skill.workflow).build(skill, derive_seed(0, 0))


def test_task_id_is_the_content_and_a_rebuild_gives_the_same(bundle: TaskBundle) -> None:
    skill = load_taxonomy().get("spreadsheet.data.sort.ascending")
    assert WORKFLOWS.get(skill.workflow).build(skill, derive_seed(0, 0)).id == bundle.id  # a rerun finds it
    assert bundle.id.startswith("t-") and len(bundle.id) == 22
    assert WORKFLOWS.get(skill.workflow).build(skill, derive_seed(0, 1)).id != bundle.id
    for update in ({"seed": bundle.seed + 1}, {"instruction": bundle.instruction + " "},
                   {"provenance": {**bundle.provenance, "note": 1}}, {"workflow_version": "x"}):
        assert bundle.model_copy(update=update).id != bundle.id, update
    with pytest.raises(ValueError, match="does not match its id"):
        TaskBundle.model_validate({**bundle.model_dump(mode="json"), "instruction": "edited by hand"})
    assert TaskBundle.model_validate(bundle.model_dump(mode="json")).id == bundle.id


def test_the_seed_of_a_position_is_pinned() -> None:
    """The seed a workflow gets for (run seed, position): the same sample, the same task, on any machine."""
    assert (derive_seed(0, 0), derive_seed(3, 5)) == (2893166218, 236828207)
    assert len({derive_seed(0, 0), derive_seed(1, 0), derive_seed(0, 1)}) == 3
