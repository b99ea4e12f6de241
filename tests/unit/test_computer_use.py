"""The computer_use tool through the harness: one schema (OpenAI tool and the student's call), real
execution on a desktop opened for an episode's environment, malformed calls as error observations;
GUI plans as data (ids of tasks without one unchanged, plans expanded to computer_use calls)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import workflows
from forge.desktop import ComputerUseArguments
from forge.desktop.plan import expand
from forge.environment import TaskEnvironment
from forge.harness import HARNESSES
from forge.harness.computer_use import default_opens, desktop_of, episode_desktop
from forge.harness.tools import TOOLS, check_call, execute_tool, openai_tools
from forge.models import ReferenceSolution, Skill, TaskBundle, ToolCall
from forge.models.gui_plan import GuiPlan, NameBoxStep, WaitFileStep
from forge.sandbox import SandboxLimits
from tests.conftest import require

SKILL = Skill(id="spreadsheet.sort.unit", apps=["spreadsheet"], category="spreadsheet.sort", description="sort",
              workflow="spreadsheet.sort_rows", params={})
needs_desktop = require(all(shutil.which(t) for t in ("Xvfb", "openbox", "xdotool")),
                        "the desktop needs Xvfb, openbox and xdotool")


def _task() -> TaskBundle:
    return workflows.WORKFLOWS.get("spreadsheet.sort_rows").build(SKILL, 0)


def test_the_schema_is_declared_once_and_rendered_as_an_openai_tool() -> None:
    tool = TOOLS.get("computer_use")
    assert tool.channel == "gui" and tool.arguments is ComputerUseArguments
    [schema] = openai_tools(["computer_use"])
    params = schema["function"]["parameters"]
    assert schema["function"]["name"] == "computer_use" and params["additionalProperties"] is False
    assert set(params["properties"]) == {"action", "keys", "text", "coordinate", "pixels", "time", "status"}
    assert params["properties"]["action"]["enum"] == list(ComputerUseArguments.model_fields["action"].annotation.__args__)


def test_three_harnesses_differ_in_tools_and_environment() -> None:
    gui, terminal, hybrid = (HARNESSES.get(n) for n in ("gui", "terminal", "hybrid"))
    assert (gui.tools, terminal.tools, sorted(hybrid.tools)) == (["computer_use"], ["bash"], ["bash", "computer_use"])
    assert gui.environment.desktop and hybrid.environment.desktop and not terminal.environment.desktop


@pytest.mark.parametrize("arguments", [{"action": "left_click", "coordinate": [5, 1200]}, {"action": "key"},
                                       {"action": "zoom"}, {"action": "type", "text": "a", "keys": ["b"]}])
def test_check_call_names_what_is_wrong(arguments: dict) -> None:
    problem = check_call(ToolCall(name="computer_use", arguments=arguments), ["computer_use"])
    assert problem is not None and problem.startswith("invalid arguments for computer_use")


def test_a_task_without_a_gui_plan_keeps_its_id() -> None:
    task = _task()
    bare = task.model_copy(update={"reference": ReferenceSolution(steps=task.reference.steps)})
    assert "gui_plan" not in bare.model_dump(mode="json")["reference"]
    assert TaskBundle.model_validate_json(bare.model_dump_json()).id == bare.id
    assert TaskBundle.model_validate_json(task.model_dump_json()).id == task.id != bare.id


def test_sort_plan_expands_to_keyboard_calls_without_pixel_guesses() -> None:
    plan = _task().reference.gui_plan
    assert isinstance(plan, GuiPlan) and plan.opens[0].app == "calc"
    assert any(isinstance(s, NameBoxStep) for s in plan.steps) and isinstance(plan.steps[-1], WaitFileStep)
    moves = expand(plan)
    calls = [m.call for m in moves if m.call is not None]
    assert calls and all(c.coordinate is None for c in calls)
    assert moves[0].waits and moves[0].waits[0].kind == "wait_window"  # the first action waits for the window
    assert moves[-1].call is None and moves[-1].waits[-1].kind == "wait_file"  # the plan ends on the saved file


def test_default_opens_picks_the_office_app_of_the_first_input() -> None:
    assert [(o.app, o.file) for o in default_opens(_task())] == [("calc", _task().inputs()[0].path)]


@needs_desktop
def test_the_tool_acts_on_the_episode_desktop_and_fails_softly_without_one(tmp_path: Path) -> None:
    task, gui = _task(), HARNESSES.get("gui")
    bare = task.model_copy(update={"reference": ReferenceSolution(steps=task.reference.steps),
                                   "files": [f for f in task.files if f.role == "output"]})
    with TaskEnvironment(bare, tmp_path, limits=SandboxLimits()) as env:
        env.materialize()
        _, obs = execute_tool(env, ToolCall(name="computer_use", arguments={"action": "wait", "time": 0.1}),
                              ["computer_use"])
        assert obs.exit_code == 1 and "no desktop" in obs.text
        with episode_desktop(env, bare, gui) as desktop:
            assert desktop_of(env) is desktop
            tool, obs = execute_tool(env, ToolCall(name="computer_use",
                                                   arguments={"action": "mouse_move", "coordinate": [999, 0]}),
                                     ["computer_use"])
            assert tool.channel == "gui" and obs.exit_code == 0 and obs.screenshot_png.startswith(b"\x89PNG")
            _, bad = execute_tool(env, ToolCall(name="computer_use", arguments={"action": "left_click",
                                                                                 "coordinate": [1000, 1]}),
                                  ["computer_use"])
            assert bad.exit_code == 2 and "coordinate" in bad.text
        assert desktop_of(env) is None and not desktop.display.link.is_symlink()


def test_a_browser_click_is_a_selector_resolved_at_run_time_and_a_browser_needs_its_site() -> None:
    from pydantic import ValidationError

    from forge.models.gui_plan import AppLaunch, ClickStep

    plan = GuiPlan(opens=[AppLaunch(app="browser", file="site/team.json", site="team_directory")],
                   steps=[ClickStep(selector="#save", action="Click Save")])
    (move,) = expand(plan)
    assert move.selector == "#save" and move.call == ComputerUseArguments(action="left_click")
    assert move.call.coordinate is None  # no pixel guess: the replay fills it from the live DOM
    with pytest.raises(ValidationError, match="site"):
        AppLaunch(app="browser", file="site/team.json")
    with pytest.raises(ValidationError, match="site"):
        AppLaunch(app="calc", file="a.xlsx", site="team_directory")


def test_the_browser_family_plan_clicks_by_selector_and_states_its_data_paths() -> None:
    skill = Skill(id="browser.forms.unit", apps=["browser"], category="browser.forms", description="x",
                  workflow="browser.update_member", params={})
    task = workflows.WORKFLOWS.get("browser.update_member").build(skill, 1)
    plan = task.reference.gui_plan
    assert plan is not None and plan.opens[0].site == "team_directory"
    selectors = [m.selector for m in expand(plan) if m.selector]
    assert selectors[0].startswith("#edit-") and selectors[-1] == "#save" and "#email" in selectors
    keys = task.rubric.checks[0].options["keys"]
    assert all(k in task.instruction for k in keys)
