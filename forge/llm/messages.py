"""The values that cross the model-client boundary: a request, a reply, where a call belongs."""

from __future__ import annotations

import hashlib
import json

from pydantic import BaseModel, ConfigDict, Field, JsonValue


class CallContext(BaseModel):
    """Where a call belongs in the cost ledger."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    run_id: str | None = None
    task_id: str | None = None
    episode_id: str | None = None
    stage: str | None = Field(default=None, description="Pipeline stage (default: the role), e.g. `evolve`.")


class ChatRequest(BaseModel):
    """An OpenAI chat-completions request, minus the model (the endpoint config holds it)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    messages: list[dict[str, JsonValue]] = Field(min_length=1)
    tools: list[dict[str, JsonValue]] = Field(default_factory=list)
    params: dict[str, JsonValue] = Field(default_factory=dict, description="temperature, max_tokens, response_format...")

    def cache_key(self, model: str) -> str:
        """Content address of the request: the same model, messages, tools and parameters, the same key."""
        payload = {"model": model, "messages": self.messages, "tools": self.tools, "params": self.params}
        return hashlib.sha256(json.dumps(payload, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


class ReplyToolCall(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    arguments: str = Field(description="The raw JSON text the model wrote; parsed (and maybe refused) by the harness.")


class ReplyUsage(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0


class ChatReply(BaseModel):
    """The first choice of a reply. `from_cache`, `latency_s` and `cost_usd` describe this call."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    content: str | None = None
    reasoning: str | None = Field(default=None, description="Reasoning the server returned apart from the content.")
    tool_calls: list[ReplyToolCall] = Field(default_factory=list)
    finish_reason: str | None = None
    usage: ReplyUsage = ReplyUsage()
    model: str = ""
    from_cache: bool = False
    latency_s: float = 0.0
    cost_usd: float = 0.0
