"""Per-turn examples: the context policy, the chat format, the supervision spans, grounding dedup."""

from __future__ import annotations

import itertools
import json

from forge.export import GroundingDedup, grounding_examples, sft_examples, student_turn, supervised
from forge.export._rows import EpisodeRow
from forge.harness import HARNESSES
from forge.harness.context import FOLD_HEADER
from forge.harness.system_prompt import render_system_prompt
from forge.models import Step
from tests.unit.test_export_episodes import gui_harnesses, gui_step, screenshot, terminal_step  # noqa: F401

NOW = "2026-01-01T00:00:00Z"


def row(harness: str, steps: list[Step]) -> EpisodeRow:
    return EpisodeRow(episode_id="e-1", task_id="t-1", skill_ids=["a.b"], apps=["spreadsheet"], instruction="Do it.",
                      harness=harness, harness_version="1", teacher="reference-replay", passed=True, score=1.0,
                      recorded_at=NOW, steps=steps)


def test_think_body_is_masked_and_tags_action_and_call_are_supervised() -> None:
    step = terminal_step(0, thought="Look before leaping.")
    text, spans = student_turn(step)
    assert text == ('<think>\nLook before leaping.\n</think>\nAction: list files (0)\n<tool_call>\n'
                    '{"arguments": {"command": "ls -0"}, "name": "bash"}\n</tool_call>')
    by_label = {s.label: text[s.start:s.end] for s in spans}
    assert by_label["think_body"] == "Look before leaping."
    assert by_label["think_open"] == "<think>\n" and by_label["think_close"] == "\n</think>"
    assert by_label["action"].strip() == "Action: list files (0)"
    assert by_label["tool_call"].startswith("<tool_call>") and by_label["tool_call"].endswith("</tool_call>")
    # the spans tile the text exactly, and only the body is left out of supervision
    assert [(s.start, s.end) for s in spans] == sorted((s.start, s.end) for s in spans)
    assert spans[0].start == 0 and spans[-1].end == len(text)
    assert all(a.end == b.start for a, b in itertools.pairwise(spans))
    assert "".join(text[s.start:s.end] for s in supervised(spans)) == text.replace("Look before leaping.", "")


def test_a_turn_without_reasoning_is_supervised_whole() -> None:
    step = terminal_step(0).model_copy(update={"thought": "", "action": ""})
    text, spans = student_turn(step)
    assert text.startswith("<tool_call>") and [(s.start, s.end, s.label) for s in spans] == [(0, len(text), "tool_call")]


def test_terminal_examples_follow_the_context_policy_and_the_harness_version() -> None:
    harness = HARNESSES.get("terminal")
    examples = sft_examples(row("terminal", [terminal_step(i) for i in range(7)]), harness)
    assert [e.step_index for e in examples] == list(range(7))
    last = examples[6]
    system = last.messages[0]["content"][0]["text"]
    assert system.startswith(render_system_prompt(harness))
    fold = system.split(FOLD_HEADER, 1)[1].strip().splitlines()
    assert fold == ["Step 1. Action: list files (0)", "Step 2. Action: list files (1)"]  # 6 seen, 4 kept full
    assistants = [m for m in last.messages if m["role"] == "assistant"]
    assert len(assistants) == 5  # 4 full responses in context + the supervised turn
    assert [m["role"] for m in last.messages[:2]] == ["system", "user"] and last.messages[1]["content"][0]["text"] == "Do it."
    final = last.messages[-1]
    assert final["role"] == "assistant" and final["tool_calls"][0]["function"]["name"] == "bash"
    assert json.loads(final["tool_calls"][0]["function"]["arguments"]) == {"command": "ls -6"}
    assert final["content"][0]["text"] == last.target.split("\n<tool_call>")[0]
    tools = json.loads(last.tools)
    assert [t["function"]["name"] for t in tools] == ["bash"]
    assert examples[0].messages[0]["content"][0]["text"] == render_system_prompt(harness)  # nothing folded yet


def test_gui_examples_keep_the_last_three_screenshots_in_order(gui_harnesses: None) -> None:  # noqa: F811
    shots = [screenshot(f"view {i}") for i in range(6)]
    steps = [gui_step(i, "left_click", (100 * i, 50), shots[i]) for i in range(6)]
    examples = sft_examples(row("gui", steps), HARNESSES.get("gui"))
    last = examples[5]
    image_parts = [p for m in last.messages for p in m["content"] if p["type"] == "image"]
    assert len(image_parts) == len(last.images) == 3
    assert last.images == [shots[2], shots[3], shots[4]]  # 5 steps seen, the newest 3 screenshots shown
    assert len(examples[1].images) == 1 and examples[0].images == []


def test_grounding_keeps_one_query_per_target_location_per_screenshot(gui_harnesses: None) -> None:  # noqa: F811
    same, other = screenshot("same"), screenshot("other")
    steps = [gui_step(0, "left_click", (10, 10), same), gui_step(1, "left_click", (500, 500), same),
             gui_step(2, "left_click", (505, 507), same), gui_step(3, "left_click", (900, 100), other),
             gui_step(4, "type", None, other), gui_step(5, "left_click", (500, 500), other)]
    dedup = GroundingDedup(cell=20)
    examples, rejections = grounding_examples(row("gui", steps), HARNESSES.get("gui"), dedup)
    assert [e.step_index for e in examples] == [1, 3, 5]  # 2 repeats 1's cell on the same screenshot
    assert [(r.step, r.stage) for r in rejections] == [(2, "gui_midtrain")] and "duplicate" in rejections[0].reason
    first = examples[0]
    assert first.images == [same] and first.messages[1]["content"][1]["text"] == "left_click step 1"
    assert json.loads(first.messages[-1]["tool_calls"][0]["function"]["arguments"])["coordinate"] == [500, 500]
    assert first.spans[0].label == "tool_call" and first.target.startswith("<tool_call>")
    again, _ = grounding_examples(row("gui", steps), HARNESSES.get("gui"), dedup)
    assert again == []  # the dedup holds across episodes sharing a screenshot
