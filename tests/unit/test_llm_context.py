"""The context policy and its OpenAI rendering: screenshots as images, the last 3 kept, the last 4
responses in full, older steps folded to `Action:` lines after the system prompt."""

from __future__ import annotations

import base64
from pathlib import Path

from forge.harness import HARNESSES, ModelTeacher, action_line, plan_context
from forge.llm import CallContext, EndpointConfig, ModelClient
from forge.models import Observation, Skill, Step, ToolCall
from skills import load_taxonomy
from tests.support.openai_server import FakeOpenAI, reply
from workflows import WORKFLOWS

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 16


def steps(n: int, screenshots: bool = True) -> list[Step]:
    return [Step(index=i, channel="gui", thought=f"look {i}", action=f"Action: click button {i}",
                 tool_call=ToolCall(name="bash", arguments={"command": f"echo {i}"}),
                 observation=Observation(text=f"out {i}", exit_code=0, screenshot_png=PNG + bytes([i]) if screenshots else None))
            for i in range(n)]


def image_parts(content: list[dict]) -> list[str]:
    return [part["image_url"]["url"] for part in content if part["type"] == "image_url"]


def test_plan_keeps_four_full_responses_and_three_screenshots() -> None:
    plan = plan_context(steps(7))
    assert plan.folded == [0, 1, 2] and plan.full == [3, 4, 5, 6] and plan.screenshots == [4, 5, 6]
    assert plan_context(steps(2)).folded == [] and plan_context(steps(2)).screenshots == [0, 1]
    assert plan_context(steps(7), keep_full_responses=1, keep_screenshots=0).screenshots == []


def test_action_lines_fall_back_to_the_call_and_mark_malformed_ones() -> None:
    step = steps(1)[0].model_copy(update={"action": "", "error": "unknown tool"})
    assert action_line(step) == 'Action: bash {"command": "echo 0"} (malformed call, not run)'


def test_the_teacher_sends_the_kept_screenshots_as_images(tmp_path: Path) -> None:
    skill: Skill = load_taxonomy().get("spreadsheet.data.sort.ascending")
    task = WORKFLOWS.get(skill.workflow).build(skill, seed=11)
    with FakeOpenAI([reply("done")]) as server:
        client = ModelClient(EndpointConfig(role="teacher", base_url=server.base_url, model="vlm", max_retries=0))
        teacher = ModelTeacher(client)
        turn = teacher.next_turn(task, steps(6), HARNESSES.get("terminal"), CallContext())
    assert turn.final and turn.content == "done"
    messages = server.chat_requests()[0]["messages"]
    images = [url for m in messages if isinstance(m["content"], list) for url in image_parts(m["content"])]
    assert images == [f"data:image/png;base64,{base64.b64encode(PNG + bytes([i])).decode()}" for i in (3, 4, 5)]
    tools = [m["content"] for m in messages if m["role"] == "tool"]
    assert len(tools) == 4 and "screenshot omitted" in tools[0] and all("omitted" not in t for t in tools[1:])
    assert "Step 1. Action: click button 0\nStep 2. Action: click button 1" in messages[0]["content"]


def test_reasoning_is_read_from_the_field_a_think_block_or_prose() -> None:
    from forge.harness.model_teacher import split_reply
    from forge.llm import ChatReply

    assert split_reply(ChatReply(reasoning="r", content="Action: sort it")) == ("r", "Action: sort it", "")
    assert split_reply(ChatReply(content="<think>t</think>\nAction: sort it")) == ("t", "Action: sort it", "")
    assert split_reply(ChatReply(content="I will sort.\nAction: sort it")) == ("I will sort.", "Action: sort it", "")
    assert split_reply(ChatReply(content="All done.")) == ("", "", "All done.")
    assert split_reply(ChatReply(content=None)) == ("", "", "")


def test_the_annotator_sees_gui_screenshots_before_and_after() -> None:
    from forge.harness import ModelAnnotator

    skill: Skill = load_taxonomy().get("spreadsheet.data.sort.ascending")
    task = WORKFLOWS.get(skill.workflow).build(skill, seed=11)
    unannotated = [s.model_copy(update={"thought": ""}) for s in steps(2)]
    note = reply('{"think": "I click it.", "action": "Action: click the button"}')
    with FakeOpenAI([note, note]) as server:
        client = ModelClient(EndpointConfig(role="annotator", base_url=server.base_url, model="small", max_retries=0))
        annotated, info = ModelAnnotator(client).annotate(task, unannotated, CallContext())
    assert info.steps_annotated == 2 and annotated[1].thought == "I click it."
    first, second = (r["messages"][1]["content"] for r in server.chat_requests())
    assert len(image_parts(first)) == 1 and len(image_parts(second)) == 2  # step 1 has no screenshot before it


def test_the_step_budget_defaults_to_50_and_the_prompt_says_so() -> None:
    from forge.harness.system_prompt import render_system_prompt
    from forge.models import ScaffoldConfig

    assert ScaffoldConfig().max_steps == 50
    terminal = HARNESSES.get("terminal")  # gui and hybrid raise theirs (gui_configs: a click is a step)
    assert terminal.scaffold.max_steps == 50 and "at most 50 steps" in render_system_prompt(terminal)


def test_an_out_of_range_click_from_the_model_is_a_malformed_turn() -> None:
    from tests.support.openai_server import tool

    skill: Skill = load_taxonomy().get("spreadsheet.data.sort.ascending")
    task = WORKFLOWS.get(skill.workflow).build(skill, seed=11)
    clicks = [tool("computer_use", action="left_click", coordinate=xy) for xy in ([1200, 5], [-1, 5], [500, 500])]
    with FakeOpenAI([reply(None, tool_calls=[c]) for c in clicks]) as server:
        teacher = ModelTeacher(ModelClient(EndpointConfig(role="teacher", base_url=server.base_url, model="vlm",
                                                          max_retries=0)))
        turns = [teacher.next_turn(task, [], HARNESSES.get("gui"), CallContext()) for _ in clicks]
    assert all("coordinate" in (t.malformed or "") for t in turns[:2]), [t.malformed for t in turns]
    assert turns[2].malformed is None and turns[2].tool_call.arguments["coordinate"] == [500, 500]
