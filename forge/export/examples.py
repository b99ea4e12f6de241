"""Per-turn SFT examples: the context a student sees at step t, then its assistant turn for step t.

The context is the teacher's own: the harness version's system prompt and tool schemas, the context
policy's plan (`forge.harness.context`: last 3 screenshots, last 4 full responses, older steps
folded into `Action:` lines after the system prompt), rendered by the same renderer the model
teacher uses, then converted to the chat format trainers read (TRL's `messages` + `tools` +
`images`): content as typed parts, a screenshot as an `{"type": "image"}` part whose bytes sit in
`images` in order, tool calls with JSON-text arguments, and `tools` as JSON text.
"""

from __future__ import annotations

import base64
import json
from typing import Any

from pydantic import BaseModel, ConfigDict

from forge.export._rows import EpisodeRow
from forge.export.student import Span, final_turn, student_turn
from forge.harness.context import plan_for
from forge.harness.openai_messages import render_messages
from forge.harness.system_prompt import render_system_prompt
from forge.harness.tools import openai_tools
from forge.models import HarnessConfig

DATA_URL = "data:image/png;base64,"


class ChatExample(BaseModel):
    """One training example; `messages[-1]` is the supervised assistant turn, `target` its text."""

    model_config = ConfigDict(frozen=True)

    example_id: str
    episode_id: str
    task_id: str
    step_index: int
    messages: list[dict[str, Any]]
    tools: str
    images: list[bytes]
    target: str
    spans: list[Span]
    thought_source: str | None = None
    final: bool = False


def _parts(content: Any, images: list[bytes]) -> list[dict[str, Any]]:
    if content is None:
        return []
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    parts = []
    for part in content:
        if part["type"] == "image_url":
            images.append(base64.b64decode(part["image_url"]["url"].removeprefix(DATA_URL)))
            parts.append({"type": "image", "text": None})
        else:
            parts.append({"type": "text", "text": part["text"]})
    return parts


def to_chat_format(messages: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[bytes]]:
    """OpenAI messages (as the teacher saw them) to the trainers' format, images pulled out in order."""
    images: list[bytes] = []
    out = []
    for message in messages:
        out.append({"role": message["role"], "content": _parts(message.get("content"), images),
                    "tool_calls": message.get("tool_calls"), "tool_call_id": message.get("tool_call_id")})
    return out, images


def sft_examples(row: EpisodeRow, harness: HarnessConfig) -> list[ChatExample]:
    """One example per step of the episode, in step order, then one for the closing turn when the
    teacher's was recorded (model teachers; the reference replay has none)."""
    system_prompt = render_system_prompt(harness)
    tools = json.dumps(openai_tools(list(harness.tools)), sort_keys=True)

    def example(t: int, turn: dict[str, Any], target: str, spans: list[Span], **fields: Any) -> ChatExample:
        history = row.steps[:t]
        context = render_messages(system_prompt, row.instruction, history, plan_for(history, harness.scaffold),
                                  harness.scaffold.observation_chars)
        messages, images = to_chat_format(context)
        messages.append({"role": "assistant", "tool_call_id": None, **turn})
        index = fields.pop("step_index")
        return ChatExample(example_id=f"{row.episode_id}:{index}", episode_id=row.episode_id, task_id=row.task_id,
                           step_index=index, messages=messages, tools=tools, images=images, target=target,
                           spans=spans, **fields)

    examples = []
    for t, step in enumerate(row.steps):
        target, spans = student_turn(step)
        head = target[: target.rindex("<tool_call>")].rstrip("\n")
        turn = {"content": [{"type": "text", "text": head}] if head else [],
                "tool_calls": [{"id": f"call_{step.index}", "type": "function", "function": {
                    "name": step.tool_call.name, "arguments": json.dumps(step.tool_call.arguments, sort_keys=True)}}]}
        examples.append(example(t, turn, target, spans, step_index=step.index, thought_source=step.thought_source))
    if row.final_message or row.final_thought:
        target, spans = final_turn(row.final_thought or "", row.final_message or "")
        turn = {"content": [{"type": "text", "text": target}], "tool_calls": None}
        index = row.steps[-1].index + 1 if row.steps else 0
        examples.append(example(len(row.steps), turn, target, spans, step_index=index, final=True))
    return examples
