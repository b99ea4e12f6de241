"""The student's assistant turn as text, and the character spans that say what is supervised.

    <think>
    ...reasoning...            masked: the think body
    </think>
    Action: one-line summary
    <tool_call>
    {"name": "...", "arguments": {...}}
    </tool_call>

Everything but the think body is supervised: the tags, the `Action:` line and the tool call. (A
reasoning-annotated tool-call turn averages ~575 tokens, 69% of them inside `<think>`; a grounding
turn ~33. Masking the body balances the two.) Spans are character offsets into the text, so any
tokenizer maps them with its offset mapping.
"""

from __future__ import annotations

import json

from pydantic import BaseModel, ConfigDict

from forge.harness.openai_messages import assistant_text
from forge.models import Step, ToolCall


class Span(BaseModel):
    model_config = ConfigDict(frozen=True)

    start: int
    end: int
    label: str


def tool_call_text(call: ToolCall) -> str:
    """A call in the Qwen/Hermes style the student emits."""
    body = json.dumps({"name": call.name, "arguments": call.arguments}, sort_keys=True, ensure_ascii=False)
    return f"<tool_call>\n{body}\n</tool_call>"


def student_turn(step: Step) -> tuple[str, list[Span]]:
    """(text, spans) of one assistant turn; spans cover the text, each labelled, `think_body` masked."""
    head = assistant_text(step)  # the teacher renderer's `<think>` block and `Action:` line
    text = f"{head}\n{tool_call_text(step.tool_call)}" if head else tool_call_text(step.tool_call)
    spans = _think_spans(step.thought) if step.thought else []
    cursor = spans[-1].end if spans else 0
    call_start = text.rindex("<tool_call>")
    if call_start > cursor:
        spans.append(Span(start=cursor, end=call_start, label="action"))
    spans.append(Span(start=call_start, end=len(text), label="tool_call"))
    return text, spans


def _think_spans(thought: str) -> list[Span]:
    open_end = len("<think>\n")
    close_start = open_end + len(thought)
    return [Span(start=0, end=open_end, label="think_open"), Span(start=open_end, end=close_start, label="think_body"),
            Span(start=close_start, end=close_start + len("\n</think>"), label="think_close")]


def final_turn(thought: str, content: str) -> tuple[str, list[Span]]:
    """(text, spans) of the closing turn, with no tool call: the `<think>` block (body masked) and the
    answer or `done` message, supervised as `final`, so the student learns when and how to stop."""
    head = f"<think>\n{thought}\n</think>" if thought else ""
    text = f"{head}\n{content}" if head and content else head or content
    spans = _think_spans(thought) if thought else []
    start = spans[-1].end if spans else 0
    if len(text) > start:
        spans.append(Span(start=start, end=len(text), label="final"))
    return text, spans


MASKED = frozenset({"think_body"})


def supervised(spans: list[Span]) -> list[Span]:
    return [s for s in spans if s.label not in MASKED]
