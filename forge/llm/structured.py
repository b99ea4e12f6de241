"""Structured replies: JSON validated by a pydantic model, one repair turn, then a recorded failure.

The schema goes to the server as `response_format` (vLLM, SGLang and hosted APIs constrain decoding
with it) and into the prompt (for servers that ignore it). A reply that still does not validate
gets one turn showing the validation errors; a second miss raises ModelOutputError with the raw
text, which callers turn into a recorded failure (a judge error, an unannotated step...).
"""

from __future__ import annotations

import json
import logging
import re
from typing import TYPE_CHECKING, TypeVar

from pydantic import BaseModel, ValidationError

from forge.errors import ModelOutputError
from forge.llm.messages import CallContext, ChatRequest

if TYPE_CHECKING:
    from forge.llm.client import ModelClient

log = logging.getLogger(__name__)

T = TypeVar("T", bound=BaseModel)

_FENCE = re.compile(r"^```(?:json)?\s*(.*?)\s*```$", re.DOTALL)


def parse_json_reply(text: str | None, schema: type[T]) -> T:
    """`text` as `schema`; tolerates a ```json fence and prose around one JSON object."""
    raw = (text or "").strip()
    fenced = _FENCE.match(raw)
    if fenced:
        raw = fenced.group(1)
    if not raw.startswith("{") and "{" in raw and "}" in raw:
        raw = raw[raw.index("{"): raw.rindex("}") + 1]
    return schema.model_validate_json(raw)


def _problem(exc: ValidationError) -> str:
    return "; ".join(f"{'.'.join(map(str, e['loc'])) or '(reply)'}: {e['msg']}" for e in exc.errors()[:10])


def ask_structured(client: ModelClient, messages: list[dict], schema: type[T], context: CallContext | None,
                   params: dict | None = None) -> T:
    shape = json.dumps(schema.model_json_schema())
    instructed = [*messages, {"role": "user", "content": f"Reply with one JSON object matching this JSON schema, "
                                                         f"and nothing else:\n{shape}"}]
    request_params = {
        "response_format": {"type": "json_schema",
                            "json_schema": {"name": schema.__name__, "schema": schema.model_json_schema()}},
        **(params or {}),
    }
    reply = client.chat(ChatRequest(messages=instructed, params=request_params), context)
    try:
        return parse_json_reply(reply.content, schema)
    except ValidationError as exc:
        first_problem = _problem(exc)
    log.info("%s reply did not validate as %s (%s); asking once for a repair", client.role, schema.__name__, first_problem)
    repair = [*instructed, {"role": "assistant", "content": reply.content or ""},
              {"role": "user", "content": f"That reply does not validate: {first_problem}. Reply with only the "
                                          "corrected JSON object."}]
    fixed = client.chat(ChatRequest(messages=repair, params=request_params), context)
    try:
        return parse_json_reply(fixed.content, schema)
    except ValidationError as exc:
        raise ModelOutputError(
            f"{client.role} model {client.model!r} replied with invalid {schema.__name__} twice: {_problem(exc)}",
            raw=(fixed.content or "")[:2000],
        ) from None
