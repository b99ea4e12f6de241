"""Model access for every role (teacher, annotator, judge, author) over OpenAI-compatible endpoints."""

from forge.llm.client import ModelClient, client_for
from forge.llm.config import ROLES, EndpointConfig, Prices, Role, endpoint_for, redact_url
from forge.llm.messages import CallContext, ChatReply, ChatRequest, ReplyToolCall, ReplyUsage
from forge.llm.structured import parse_json_reply

__all__ = [
    "ROLES", "CallContext", "ChatReply", "ChatRequest", "EndpointConfig", "ModelClient", "Prices", "ReplyToolCall",
    "ReplyUsage", "Role", "client_for", "endpoint_for", "parse_json_reply", "redact_url",
]

