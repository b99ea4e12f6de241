"""Renders a context plan as OpenAI chat messages for the model teacher.

Deterministic on purpose: the same steps render the same messages, so a resumed episode asks the
same requests and the reply cache answers them without paying twice.
"""

from __future__ import annotations

import base64
import json
from typing import Any

from forge.harness.context import ContextPlan, fold_block
from forge.models import Observation, Step

OMITTED = "[screenshot omitted: only the most recent ones are kept]"


def _call_id(step: Step) -> str:
    return f"call_{step.index}"


def _bounded(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    head, tail = text[: limit * 2 // 3], text[-(limit // 3):]
    return f"{head}\n[... {len(text) - len(head) - len(tail)} characters cut ...]\n{tail}"


def observation_text(observation: Observation, error: str | None, limit: int, screenshot_shown: bool) -> str:
    if error:
        return f"error: {error}"
    parts = [_bounded(observation.text, limit)] if observation.text else []
    if observation.exit_code is not None:
        parts.append(f"[exit code {observation.exit_code}]")
    if observation.truncated:
        parts.append("[output truncated by the sandbox]")
    if observation.screenshot_png is not None and not screenshot_shown:
        parts.append(OMITTED)
    return "\n".join(parts) or "(no output)"


def assistant_text(step: Step) -> str:
    parts = [f"<think>\n{step.thought}\n</think>"] if step.thought else []
    if step.action:
        parts.append(step.action if step.action.startswith("Action:") else f"Action: {step.action}")
    return "\n".join(parts)


def render_messages(system_prompt: str, instruction: str, steps: list[Step], plan: ContextPlan,
                    observation_chars: int) -> list[dict[str, Any]]:
    folded = fold_block(steps, plan)
    system = f"{system_prompt}\n\n{folded}" if folded else system_prompt
    messages: list[dict[str, Any]] = [{"role": "system", "content": system}, {"role": "user", "content": instruction}]
    by_index = {s.index: s for s in steps}
    for index in plan.full:
        step = by_index[index]
        messages.append({
            "role": "assistant", "content": assistant_text(step) or None,
            "tool_calls": [{"id": _call_id(step), "type": "function", "function": {
                "name": step.tool_call.name, "arguments": json.dumps(step.tool_call.arguments, sort_keys=True)}}],
        })
        shown = index in plan.screenshots
        messages.append({"role": "tool", "tool_call_id": _call_id(step),
                         "content": observation_text(step.observation, step.error, observation_chars, shown)})
        if shown and step.observation.screenshot_png is not None:  # tool messages carry text only
            data = base64.b64encode(step.observation.screenshot_png).decode()
            messages.append({"role": "user", "content": [
                {"type": "text", "text": f"Screenshot after step {index + 1}:"},
                {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{data}"}},
            ]})
    return messages
