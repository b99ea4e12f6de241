"""Grounding examples for GUI mid-training: a screenshot and a target, answered by one click.

From each GUI step that clicks at a coordinate, the screenshot the teacher saw before acting (the
previous step's observation) and the step's `Action:` line as the query. One query per target
location per screenshot: packing near-identical queries on one screenshot taught the published
model to copy an earlier turn's coordinates, so later clicks into the same cell of the same
screenshot are dropped (and counted as rejections).
"""

from __future__ import annotations

import hashlib
import json

from forge.export._rows import EpisodeRow
from forge.export.config import Rejection
from forge.export.examples import ChatExample
from forge.export.student import Span, tool_call_text
from forge.harness.tools import openai_tools
from forge.models import HarnessConfig, Step

CLICKS = frozenset({"left_click", "right_click", "middle_click", "double_click", "mouse_move"})
GROUNDING_PROMPT = ("You see a screenshot of a desktop. Locate the element the user names and act on it with "
                    "one `computer_use` call; coordinates are normalised to [0, 999] on both axes.")


def click_target(step: Step) -> tuple[int, int] | None:
    """The [0,999] coordinate a GUI step acts on, or None when it is not a pointing action."""
    args = step.tool_call.arguments
    coordinate = args.get("coordinate")
    if step.channel != "gui" or args.get("action") not in CLICKS or not isinstance(coordinate, list):
        return None
    if len(coordinate) != 2 or not all(isinstance(v, int | float) for v in coordinate):
        return None
    return int(coordinate[0]), int(coordinate[1])


class GroundingDedup:
    """Remembers (screenshot digest, cell) pairs across the whole export, so reruns agree."""

    def __init__(self, cell: int) -> None:
        self.cell = cell
        self.seen: set[tuple[str, int, int]] = set()

    def first(self, png: bytes, x: int, y: int) -> bool:
        key = (hashlib.sha256(png).hexdigest(), x // self.cell, y // self.cell)
        if key in self.seen:
            return False
        self.seen.add(key)
        return True


def grounding_examples(row: EpisodeRow, harness: HarnessConfig,
                       dedup: GroundingDedup) -> tuple[list[ChatExample], list[Rejection]]:
    tools = json.dumps(openai_tools([t for t in harness.tools if t == "computer_use"]), sort_keys=True)
    examples, rejections = [], []
    for previous, step in zip(row.steps, row.steps[1:], strict=False):
        target = click_target(step)
        png = previous.observation.screenshot_png
        if target is None or png is None or step.error:
            continue
        if not dedup.first(png, *target):
            rejections.append(Rejection(episode_id=row.episode_id, stage="gui_midtrain", step=step.index,
                                        reason=f"duplicate grounding target: cell of {list(target)} already "
                                               "queried on this screenshot"))
            continue
        query = step.action.removeprefix("Action:").strip() or f"{step.tool_call.arguments['action']} the target"
        text = tool_call_text(step.tool_call)
        messages = [
            {"role": "system", "content": [{"type": "text", "text": GROUNDING_PROMPT}], "tool_calls": None,
             "tool_call_id": None},
            {"role": "user", "content": [{"type": "image", "text": None}, {"type": "text", "text": query}],
             "tool_calls": None, "tool_call_id": None},
            {"role": "assistant", "content": [], "tool_call_id": None, "tool_calls": [{
                "id": f"call_{step.index}", "type": "function", "function": {
                    "name": step.tool_call.name, "arguments": json.dumps(step.tool_call.arguments, sort_keys=True)}}]},
        ]
        examples.append(ChatExample(example_id=f"{row.episode_id}:{step.index}:g", episode_id=row.episode_id,
                                    task_id=row.task_id, step_index=step.index, messages=messages, tools=tools,
                                    images=[png], target=text, spans=[Span(start=0, end=len(text), label="tool_call")]))
    return examples, rejections
