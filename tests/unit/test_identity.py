"""What goes into a run id, a task id and an episode id, and so what a rerun treats as done.

The literal ids below are pinned on purpose: changing how an id is made silently turns every
stored run, verdict and episode into "not done yet" (or, worse, two different things into one).
Change them only together with a note on what happens to existing stores.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from flows.context import GenerateConfig
from forge.errors import HarnessError, UnknownKeyError
from forge.harness import HARNESSES, episode_id
from forge.harness.system_prompt import content_digest, harness_identity, render_system_prompt
from forge.models import HarnessConfig, TaskBundle
from forge.models.episode import TeacherInfo
from skills import derive_seed, load_taxonomy
from workflows import WORKFLOWS

TASK = "t-0123456789abcdef0123"
REPLAY = TeacherInfo(kind="reference-replay")


# The shipped prompts change often and each edit rightly changes ids; the pin uses a harness of its own.
PINNED_HARNESS = HarnessConfig(name="terminal", version="1", tools=["bash"],
                               system_prompt="You work in a terminal; at most {{ max_steps }} steps.")


def test_episode_id_is_pinned_and_made_of_task_harness_version_content_and_teacher() -> None:
    terminal = PINNED_HARNESS
    assert episode_id(TASK, terminal, REPLAY) == "e-c8433c0154dafe2e9418"
    others = {
        "task": episode_id(TASK[:-1] + "4", terminal, REPLAY),
        "harness name": episode_id(TASK, terminal.model_copy(update={"name": "terminal2"}), REPLAY),
        "harness version": episode_id(TASK, terminal.model_copy(update={"version": "2"}), REPLAY),
        "teacher kind": episode_id(TASK, terminal, TeacherInfo(kind="model")),
        "teacher model": episode_id(TASK, terminal, TeacherInfo(kind="model", model="m-1")),
        "another model": episode_id(TASK, terminal, TeacherInfo(kind="model", model="m-2")),
    }
    assert len(set(others.values()) | {episode_id(TASK, terminal, REPLAY)}) == len(others) + 1, others


def test_a_prompt_or_tool_schema_edit_without_a_version_bump_makes_new_episodes() -> None:
    """The version alone was the contract once: a prompt edited without a bump kept the old id, so a
    rerun took stale episodes as done. The rendered prompt and the tool schemas are in the id now."""
    terminal = HARNESSES.get("terminal")
    same = episode_id(TASK, terminal, REPLAY)
    assert episode_id(TASK, terminal.model_copy(), REPLAY) == same  # a copy is the same harness
    edited = terminal.model_copy(update={"system_prompt": terminal.system_prompt + "\nBe brief."})
    assert episode_id(TASK, edited, REPLAY) != same
    budget = terminal.model_copy(update={"scaffold": terminal.scaffold.model_copy(update={"max_steps": 7})})
    assert "7" in render_system_prompt(budget) and episode_id(TASK, budget, REPLAY) != same  # rendered, not the template
    # a prompt that names no tool: only the tool schemas differ
    plain = PINNED_HARNESS.model_copy(update={"system_prompt": "Do the task."})
    more_tools = plain.model_copy(update={"tools": ["bash", "computer_use"]})
    assert render_system_prompt(plain) == render_system_prompt(more_tools)
    assert content_digest(plain) != content_digest(more_tools)
    assert episode_id(TASK, plain, REPLAY) != episode_id(TASK, more_tools, REPLAY)
    assert harness_identity(plain) == f"1#{content_digest(plain)}"
    with pytest.raises(HarnessError, match="separates the version"):
        harness_identity(plain.model_copy(update={"version": "1#x"}))


def test_run_id_is_pinned_and_made_of_everything_but_concurrency() -> None:
    base = GenerateConfig()
    assert base.run_id() == "r-9adf34cbe9a7d5f2"  # sampling joined the config (mix by default)
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


def test_the_harness_set_is_part_of_the_run_in_any_order_and_one_name_keeps_its_old_id() -> None:
    assert GenerateConfig(harness="terminal").harness == ["terminal"]
    assert GenerateConfig(harness=["terminal"]).run_id() == GenerateConfig().run_id() == "r-9adf34cbe9a7d5f2"
    both = GenerateConfig(harness="gui,terminal")
    assert both.harness == ["gui", "terminal"]
    assert both.run_id() == GenerateConfig(harness=["terminal", "gui", "gui"]).run_id()
    assert both.run_id() not in {GenerateConfig(harness="gui").run_id(), GenerateConfig().run_id()}
    assert GenerateConfig(harness="all").harness == ["gui", "hybrid", "terminal"]
    assert GenerateConfig(harness="all").run_id() == GenerateConfig(harness=" hybrid, gui ,terminal").run_id()


@pytest.mark.parametrize("asked", ["gui,nope", ["terminal", "nope"], "nope"])
def test_an_unknown_harness_anywhere_in_the_list_is_refused_naming_the_known_ones(asked: object) -> None:
    with pytest.raises(UnknownKeyError, match="unknown harness 'nope'; known: gui, hybrid, terminal"):
        GenerateConfig(harness=asked)


def test_an_empty_harness_list_is_refused() -> None:
    with pytest.raises(ValidationError, match="at least 1 item"):
        GenerateConfig(harness=[])
