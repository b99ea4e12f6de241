"""Episodes to export, built from real parts: PNG screenshots rendered with PIL, shards written by
forge.dataset, and GUI/hybrid harness versions (the GUI channel is not built yet, so a
`computer_use` tool declaration and the two harnesses are registered for the test's duration)."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

import pytest
from PIL import Image, ImageDraw
from pydantic import BaseModel, ConfigDict, Field

from forge import registry
from forge.dataset import write_manifest, write_shard
from forge.errors import HarnessError
from forge.harness import HARNESSES, TOOLS, register_harness
from forge.harness.tools import Tool
from forge.models import EnvironmentSpec, Episode, HarnessConfig, Observation, Step, TeacherInfo, ToolCall
from forge.models.results import CheckResult, RubricResult
from tests.unit.test_models import bundle


class ComputerUse(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    action: Literal["key", "type", "mouse_move", "left_click", "left_click_drag", "right_click", "middle_click",
                    "double_click", "scroll", "wait", "terminate"]
    coordinate: list[int] | None = Field(default=None, description="[x, y] in [0, 999].")
    text: str | None = None


def _not_here(env: object, args: object) -> Observation:
    raise HarnessError("no desktop in this test")


@pytest.fixture
def gui_harnesses() -> Iterator[None]:
    """The `gui` and `hybrid` harnesses (version 1) with a `computer_use` tool: the GUI channel's own
    when it is installed, else a declaration with the same arguments for the test's duration."""
    state = registry.snapshot()
    if "computer_use" not in TOOLS:
        TOOLS.add("computer_use", Tool(name="computer_use", channel="gui", arguments=ComputerUse, execute=_not_here,
                                       description="Act on the screen with the mouse and keyboard."))
    prompt = "You operate {{ tools | map(attribute='name') | join(', ') }} in at most {{ max_steps }} steps."
    for name, tools in (("gui", ["computer_use"]), ("hybrid", ["computer_use", "bash"])):
        if name not in HARNESSES:
            register_harness(HarnessConfig(name=name, version="1", tools=tools, system_prompt=prompt,
                                           environment=EnvironmentSpec(desktop=True)))
    yield
    registry.restore(state)


def screenshot(label: str, size: tuple[int, int] = (320, 180)) -> bytes:
    """A real PNG: a window with a title bar, a button and `label` drawn in it."""
    image = Image.new("RGB", size, (236, 236, 236))
    draw = ImageDraw.Draw(image)
    draw.rectangle([0, 0, size[0], 18], fill=(40, 70, 120))
    draw.text((6, 4), "Calc - a.xlsx", fill=(255, 255, 255))
    draw.rectangle([220, 140, 300, 165], outline=(0, 0, 0), fill=(200, 220, 255))
    draw.text((230, 146), "Save", fill=(0, 0, 0))
    draw.text((10, 40), label, fill=(0, 0, 0))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def terminal_step(i: int, thought: str = "") -> Step:
    return Step(index=i, channel="terminal", thought=thought or f"I should look at step {i}.",
                action=f"Action: list files ({i})", tool_call=ToolCall(name="bash", arguments={"command": f"ls -{i}"}),
                observation=Observation(text=f"out {i}\n", exit_code=0))


def gui_step(i: int, action: str, xy: tuple[int, int] | None, shot: bytes | None, thought: str = "") -> Step:
    args: dict = {"action": action} | ({"coordinate": list(xy)} if xy else {"text": "42"} if action == "type" else {})
    return Step(index=i, channel="gui", thought=thought, action=f"Action: {action} step {i}",
                tool_call=ToolCall(name="computer_use", arguments=args), observation=Observation(screenshot_png=shot))


def episode(task_id: str, harness: str, steps: list[Step], checks: tuple[bool, ...] = (True,)) -> Episode:
    return Episode(id=f"e-{harness}-{task_id[:8]}", task_id=task_id, harness=harness, harness_version="1",
                   teacher=TeacherInfo(kind="reference-replay"), judge="programmatic", steps=steps,
                   rubric=RubricResult(checks=[CheckResult(func="f", passed=p, message="") for p in checks]),
                   status="completed")


def write_episodes(folder: Path, pairs: list[tuple[Episode, object]], per_shard: int = 2) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    infos = [write_shard(folder, n, pairs[i:i + per_shard]) for n, i in enumerate(range(0, len(pairs), per_shard))]
    write_manifest(folder, infos)
    return folder


def mixed_run(folder: Path, n_tasks: int = 6) -> Path:
    """Terminal, GUI and hybrid episodes over `n_tasks` tasks each, with real screenshots."""
    pairs = []
    for t in range(n_tasks):
        task = bundle(seed=100 + t, apps=["spreadsheet"] if t % 2 else ["document"],
                      skill_ids=[f"spreadsheet.sort.k{t}" if t % 2 else f"document.edit.k{t}"])
        pairs.append((episode(task.id, "terminal", [terminal_step(i) for i in range(6)]), task))
        shots = [screenshot(f"task {t} view {i}") for i in range(5)]
        gui = [gui_step(0, "left_click", (700, 850), shots[0], thought="The Save button is bottom right."),
               gui_step(1, "type", None, shots[1]),
               gui_step(2, "left_click", (100, 300), shots[2]),
               gui_step(3, "double_click", (500, 500), shots[3], thought="Open the cell."),
               gui_step(4, "left_click", (505, 505), shots[4])]
        pairs.append((episode(task.id, "gui", gui), task))
        hybrid = [gui_step(0, "left_click", (10, 10), shots[0]), terminal_step(1)]
        pairs.append((episode(task.id, "hybrid", hybrid), task))
    return write_episodes(folder, pairs)


def test_rendered_screenshots_are_real_distinct_pngs() -> None:
    a, b = screenshot("one"), screenshot("two")
    assert a != b
    assert Image.open(io.BytesIO(a)).size == (320, 180) and a.startswith(b"\x89PNG")
