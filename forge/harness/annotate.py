"""Reasoning annotation: a smaller model writes the `<think>` body and `Action:` line of each step whose
teacher returned no reasoning, from what the agent saw, what it did and what came of it.

Annotated examples are mostly reasoning (about 69% of their supervised tokens sit inside `<think>`),
so a step without it is poor training data. A reply that does not validate, even after the client's
one repair, leaves the episode unannotated with the reason recorded, and the episode is not kept.
"""

from __future__ import annotations

import base64
import json

from pydantic import BaseModel, ConfigDict, Field, field_validator

from forge.errors import ModelOutputError
from forge.harness.openai_messages import observation_text
from forge.llm import CallContext, ModelClient
from forge.models import Annotation, Step, TaskBundle

_SEEN_CHARS = 2000

ANNOTATOR_PROMPT = """\
You write the reasoning of a computer-use agent, after the fact. For one step of its work you get the
task, what the agent saw before the step, the tool call it made and what came of it. Write:
- `think`: the reasoning that leads from what it saw to that call, in the first person, present
  tense, 2-6 sentences; do not mention that you are reconstructing it, and do not use the outcome
  as if it were known in advance;
- `action`: one line starting with `Action:` that says what the call does, in plain words."""


class StepAnnotation(BaseModel):
    model_config = ConfigDict(extra="forbid")

    think: str = Field(min_length=1)
    action: str = Field(min_length=8)

    @field_validator("action")
    @classmethod
    def _one_action_line(cls, value: str) -> str:
        value = value.strip()
        if "\n" in value or not value.startswith("Action:"):
            raise ValueError("must be one line starting with `Action:`")
        return value


def _with_screenshots(text: str, before: bytes | None, after: bytes | None) -> str | list[dict]:
    """Text alone on the terminal channel; on the GUI channel, the screenshots before and after too."""
    if before is None and after is None:
        return text
    parts: list[dict] = [{"type": "text", "text": text}]
    for label, png in (("Screenshot before the step:", before), ("Screenshot after the step:", after)):
        if png is not None:
            parts += [{"type": "text", "text": label},
                      {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{base64.b64encode(png).decode()}"}}]
    return parts


class ModelAnnotator:
    """Annotates with `client` (role annotator); its calls go to the ledger under the episode."""

    def __init__(self, client: ModelClient) -> None:
        self.client = client
        self.model = client.model

    def annotate(self, task: TaskBundle, steps: list[Step], context: CallContext) -> tuple[list[Step], Annotation]:
        done: list[Step] = []
        count = 0
        for step in steps:
            if step.thought.strip():
                done.append(step)
                continue
            seen = (observation_text(done[-1].observation, done[-1].error, _SEEN_CHARS, False) if done
                    else "(the start of the task: nothing run yet)")
            call = json.dumps({"name": step.tool_call.name, "arguments": step.tool_call.arguments}, sort_keys=True)
            outcome = observation_text(step.observation, step.error, _SEEN_CHARS, False)
            text = (f"Task:\n{task.instruction}\n\nWhat the agent saw before step {step.index + 1}:\n{seen}\n\n"
                    f"Its tool call:\n{call}\n\nWhat came of it:\n{outcome}")
            before = done[-1].observation.screenshot_png if done else None
            messages = [{"role": "system", "content": ANNOTATOR_PROMPT},
                        {"role": "user", "content": _with_screenshots(text, before, step.observation.screenshot_png)}]
            try:
                written = self.client.structured(messages, StepAnnotation, context)
            except ModelOutputError as exc:
                return steps, Annotation(model=self.model, steps_annotated=count, error=f"step {step.index + 1}: {exc}")
            action = step.action if step.action.strip() else written.action
            done.append(step.model_copy(update={"thought": written.think.strip(), "action": action,
                                                "thought_source": "annotator"}))
            count += 1
        return done, Annotation(model=self.model, steps_annotated=count)
