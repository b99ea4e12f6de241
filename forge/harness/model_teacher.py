"""The model teacher: the harness's prompt and tools sent to an OpenAI-compatible endpoint, turn by turn.

Channel-agnostic: the tools come from the harness config (`bash` today; GUI tools register in
`forge.harness.TOOLS` and arrive the same way). Each turn re-renders the context from the steps so
far under the context policy, so the teacher holds no state and a resumed episode asks the same
requests (answered by the reply cache). A reply it cannot use becomes a malformed turn: the runner
shows the model the error and counts it.
"""

from __future__ import annotations

import json
import re

from forge.harness.openai_messages import render_messages
from forge.harness.context import plan_for
from forge.harness.system_prompt import render_system_prompt
from forge.harness.teacher import TeacherTurn
from forge.harness.tools import check_call, openai_tools
from forge.llm import CallContext, ChatReply, ChatRequest, ModelClient
from forge.models import HarnessConfig, Step, TaskBundle, TeacherInfo, ToolCall, Usage

_THINK = re.compile(r"<think>(.*?)</think>", re.S)
_ACTION = re.compile(r"^\s*Action:\s*(.+)$", re.M)


def split_reply(reply: ChatReply) -> tuple[str, str, str]:
    """(thought, action line, remaining text) from a reply: reasoning the server returned apart, or a
    `<think>` block, else prose before the `Action:` line; the action line as the model wrote it."""
    content = reply.content or ""
    thought = (reply.reasoning or "").strip()
    match = _THINK.search(content)
    if match:
        thought = thought or match.group(1).strip()
        content = _THINK.sub("", content)
    action_match = _ACTION.search(content)
    action = f"Action: {action_match.group(1).strip()}" if action_match else ""
    rest = _ACTION.sub("", content).strip()
    if not thought and action_match and rest:
        thought, rest = rest, ""  # prose before the Action line is the model's reasoning
    return thought, action, rest


class ModelTeacher:
    """Asks `client` (role teacher) for each turn; records say which model produced the episode."""

    def __init__(self, client: ModelClient) -> None:
        self.client = client
        self.info = TeacherInfo(kind="model", model=client.model)

    def cannot_drive(self, task: TaskBundle, harness: HarnessConfig) -> str | None:
        return None  # a model drives any harness; whether it succeeds is the judge's call

    def request(self, task: TaskBundle, history: list[Step], harness: HarnessConfig) -> ChatRequest:
        scaffold = harness.scaffold
        messages = render_messages(render_system_prompt(harness), task.instruction, history,
                                   plan_for(history, scaffold), scaffold.observation_chars)
        params: dict = {}
        if scaffold.temperature is not None:
            params["temperature"] = scaffold.temperature
        if scaffold.max_tokens is not None:
            params["max_tokens"] = scaffold.max_tokens
        return ChatRequest(messages=messages, tools=openai_tools(list(harness.tools)), params=params)

    def next_turn(self, task: TaskBundle, history: list[Step], harness: HarnessConfig,
                  context: CallContext) -> TeacherTurn:
        reply = self.client.chat(self.request(task, history, harness), context)
        usage = Usage(prompt_tokens=reply.usage.prompt_tokens, completion_tokens=reply.usage.completion_tokens,
                      cached_tokens=reply.usage.cached_tokens)
        thought, action, rest = split_reply(reply)
        source = "teacher" if thought else None
        if not reply.tool_calls:
            return TeacherTurn(thought=thought, action=action, content=rest or (reply.content or "").strip(),
                               thought_source=source, usage=usage)
        thought = thought or rest  # prose beside a tool call, with no <think> or Action line, is its reasoning
        source = "teacher" if thought else None
        call = reply.tool_calls[0]
        note = (f"only the first of {len(reply.tool_calls)} tool calls ran; make one call per turn"
                if len(reply.tool_calls) > 1 else None)
        base = dict(thought=thought, action=action, thought_source=source, usage=usage, note=note)
        try:
            arguments = json.loads(call.arguments or "{}")
        except json.JSONDecodeError as exc:
            return TeacherTurn(**base, tool_call=ToolCall(name=call.name, arguments={}),
                               malformed=f"the arguments of {call.name!r} are not valid JSON ({exc.msg} at "
                                         f"char {exc.pos}): {call.arguments[:200]!r}")
        if not isinstance(arguments, dict):
            return TeacherTurn(**base, tool_call=ToolCall(name=call.name, arguments={}),
                               malformed=f"the arguments of {call.name!r} must be a JSON object, got {call.arguments[:200]!r}")
        tool_call = ToolCall(name=call.name, arguments=arguments)
        return TeacherTurn(**base, tool_call=tool_call, malformed=check_call(tool_call, list(harness.tools)))
