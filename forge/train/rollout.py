"""Rollouts of the policy through the real harness: the model is a Teacher like any other.

Each turn the context is rendered exactly as the export renders training examples (the harness's
prompt and tools, the context policy), tokenised with the model's chat template, and sampled. A
reply with a parseable `<tool_call>` runs in the sandbox; one that stops with no call is the closing
turn; anything else (a cut reply, bad JSON, an unknown tool) is a malformed turn, which the runner
shows the policy as an error observation, ending the episode after `max_malformed` in a row. The
reward comes from the rubric's checks on the final state: 1 when they all pass, else 0.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from forge.export.examples import to_chat_format
from forge.harness.context import plan_for
from forge.harness.episode import run_episode
from forge.harness.openai_messages import render_messages
from forge.harness.system_prompt import render_system_prompt
from forge.harness.teacher import TeacherTurn
from forge.harness.tools import check_call, openai_tools
from forge.judge import ProgrammaticJudge
from forge.llm import CallContext
from forge.models import HarnessConfig, Step, TaskBundle, TeacherInfo, ToolCall, Usage
from forge.train._deps import require
from forge.train.config import GRPOParams
from forge.train.grpo import Rollout
from forge.train.tokenize import Processor

_CALL = re.compile(r"<tool_call>\s*(.*?)\s*</tool_call>", re.DOTALL)
_THINK = re.compile(r"<think>(.*?)</think>", re.DOTALL)
_ACTION = re.compile(r"^\s*Action:\s*(.+)$", re.MULTILINE)


def parse_student_reply(text: str, stopped: bool, harness: HarnessConfig) -> TeacherTurn:
    """The student's text as a turn: a call, the closing turn, or a malformed turn saying why."""
    think = _THINK.search(text)
    action = _ACTION.search(text)
    base: dict[str, Any] = {"thought": think.group(1).strip() if think else "",
                                "action": f"Action: {action.group(1).strip()}" if action else ""}
    match = _CALL.search(text)
    if match is None:
        if stopped and "<tool_call>" not in text:
            return TeacherTurn(**base, content=text.strip())
        why = "the reply was cut before a complete <tool_call>" if not stopped else "an unclosed <tool_call>"
        return _malformed(base, harness, f"{why}: {text[:200]!r}")
    try:
        call = json.loads(match.group(1))
    except json.JSONDecodeError as exc:
        return _malformed(base, harness, f"the <tool_call> is not valid JSON ({exc.msg}): {match.group(1)[:200]!r}")
    if not isinstance(call, dict) or not isinstance(call.get("name"), str) or not isinstance(call.get("arguments"), dict):
        return _malformed(base, harness, 'a <tool_call> must be {"name": ..., "arguments": {...}}')
    tool_call = ToolCall(name=call["name"], arguments=call["arguments"])
    return TeacherTurn(**base, tool_call=tool_call, malformed=check_call(tool_call, list(harness.tools)))


def _malformed(base: dict[str, Any], harness: HarnessConfig, why: str) -> TeacherTurn:
    return TeacherTurn(**base, tool_call=ToolCall(name=harness.tools[0], arguments={}), malformed=why)


class PolicyTeacher:
    """Samples turns from `model`; keeps each turn's tokens and behaviour log-probs for the learner."""

    def __init__(self, model: Any, processor: Processor, params: GRPOParams, version: int, seed: int) -> None:
        self.torch = require("torch")
        self.model, self.processor, self.params, self.seed = model, processor, params, seed
        self.info = TeacherInfo(kind="model", model=f"policy-v{version}")
        self.turns: list[tuple[list[int], list[int], list[float]]] = []

    def cannot_drive(self, task: TaskBundle, harness: HarnessConfig) -> str | None:
        return None  # the policy acts in any harness

    def next_turn(self, task: TaskBundle, history: list[Step], harness: HarnessConfig,
                  context: CallContext) -> TeacherTurn:
        torch = self.torch
        messages, images = to_chat_format(render_messages(
            render_system_prompt(harness), task.instruction, history, plan_for(history, harness.scaffold),
            harness.scaffold.observation_chars))
        tools = json.dumps(openai_tools(list(harness.tools)), sort_keys=True)
        prompt_ids, pixel_values, grid = self.processor.prompt(task.id, messages, tools, images)
        inputs: dict[str, Any] = {"input_ids": torch.tensor([prompt_ids])}
        if pixel_values is not None:
            inputs |= {"pixel_values": pixel_values, "image_grid_thw": grid}
        torch.manual_seed(self.seed + len(history) * 7919)
        with torch.no_grad():
            out = self.model.generate(**inputs, do_sample=True, temperature=self.params.temperature, top_k=0,
                                      max_new_tokens=self.params.max_new_tokens, output_logits=True,
                                      return_dict_in_generate=True, pad_token_id=self.processor.tokenizer.pad_token_id)
        generated = out.sequences[0, len(prompt_ids):].tolist()
        logits = torch.stack(out.logits, dim=1)[0].float() / self.params.temperature
        logps = torch.log_softmax(logits, dim=-1).gather(-1, torch.tensor(generated)[:, None])[:, 0].tolist()
        eos = self.processor.tokenizer.eos_token_id
        stopped = bool(generated) and generated[-1] == eos
        self.turns.append((prompt_ids, generated, logps))
        text = self.processor.tokenizer.decode(generated[:-1] if stopped else generated, skip_special_tokens=False)
        turn = parse_student_reply(text, stopped, harness)
        return turn.model_copy(update={"usage": Usage(prompt_tokens=len(prompt_ids), completion_tokens=len(generated)),
                                       "thought_source": "teacher"})


def rollout(task: TaskBundle, harness: HarnessConfig, teacher: PolicyTeacher, version: int,
            scratch_root: Path, backend: str = "bwrap") -> Rollout:
    """One episode in a fresh sandbox, judged by the rubric's checks."""
    scratch_root.mkdir(parents=True, exist_ok=True)
    episode = run_episode(task, harness, teacher, ProgrammaticJudge(), scratch_root=scratch_root, backend=backend)
    reward = 1.0 if episode.status != "error" and episode.rubric is not None and episode.rubric.passed else 0.0
    return Rollout(task_id=task.id, policy_version=version, reward=reward, turns=list(teacher.turns),
                   episode_status=episode.status, end_reason=episode.end_reason,
                   step_errors=[s.error for s in episode.steps if s.error])
