"""The context policy: what of a trajectory a model sees at a turn, for the teacher and for training.

Keep the last `keep_full_responses` steps in full and the screenshots of the last `keep_screenshots`
of them; fold every older step into one line `Action: ...`, placed after the system prompt. (An
earlier "10 text turns, 1 screenshot" setting caused click loops.) `plan_context` decides; each
consumer renders the plan in its own format: the teacher as OpenAI messages, the export as the
student's `<think>`/`Action:`/`<tool_call>` text.
"""

from __future__ import annotations

import json

from pydantic import BaseModel, ConfigDict, Field

from forge.models import ScaffoldConfig, Step

FOLD_HEADER = "Earlier steps, summarised:"


class ContextPlan(BaseModel):
    """Step indices by how a turn's context shows them."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    folded: list[int] = Field(default_factory=list, description="Steps shown as one `Action:` line each.")
    full: list[int] = Field(default_factory=list, description="Steps shown in full (response and observation).")
    screenshots: list[int] = Field(default_factory=list, description="Full steps whose screenshot is shown.")


def plan_context(steps: list[Step], keep_full_responses: int = 4, keep_screenshots: int = 3) -> ContextPlan:
    cut = max(0, len(steps) - keep_full_responses)
    full = [s.index for s in steps[cut:]]
    with_images = [s.index for s in steps[cut:] if s.observation.screenshot_png is not None]
    return ContextPlan(folded=[s.index for s in steps[:cut]], full=full,
                       screenshots=with_images[-keep_screenshots:] if keep_screenshots else [])


def plan_for(steps: list[Step], scaffold: ScaffoldConfig) -> ContextPlan:
    return plan_context(steps, scaffold.keep_full_responses, scaffold.keep_screenshots)


def action_line(step: Step) -> str:
    """The step as one `Action:` line: the teacher's own summary when it wrote one, else the call."""
    text = " ".join(step.action.split())
    if not text:
        args = json.dumps(step.tool_call.arguments, sort_keys=True)
        text = f"{step.tool_call.name} {args if len(args) <= 160 else args[:157] + '...'}"
    if step.error:
        text += " (malformed call, not run)"
    return text if text.startswith("Action:") else f"Action: {text}"


def fold_block(steps: list[Step], plan: ContextPlan) -> str:
    """The folded steps as the text placed after the system prompt ('' when none are folded)."""
    if not plan.folded:
        return ""
    by_index = {s.index: s for s in steps}
    lines = [f"Step {i + 1}. {action_line(by_index[i])}" for i in plan.folded]
    return "\n".join([FOLD_HEADER, *lines])
