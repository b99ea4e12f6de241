"""The one boundary where `openai` meets Forge: replies become ChatReply, errors become ModelError.

Every message that leaves here has the API key scrubbed: a server may echo the key it refused.
"""

from __future__ import annotations

from typing import Any

import openai

from forge.errors import ModelError, ModelOutputError, ModelRequestError, ModelUnavailableError
from forge.llm.config import EndpointConfig
from forge.llm.messages import ChatReply, ReplyToolCall, ReplyUsage


def scrub(text: str, endpoint: EndpointConfig) -> str:
    key = endpoint.api_key.get_secret_value() if endpoint.api_key else ""
    if key and len(key) >= 4:
        text = text.replace(key, "[api key]")
    return text.replace(endpoint.base_url, endpoint.shown_url) if endpoint.base_url != endpoint.shown_url else text


def model_error(exc: openai.OpenAIError, endpoint: EndpointConfig, retries: int) -> ModelError:
    where = f"{endpoint.role} model {endpoint.model!r} at {endpoint.shown_url}"
    if isinstance(exc, openai.APITimeoutError):
        return ModelUnavailableError(f"{where}: timed out after {endpoint.timeout_s:g}s ({retries} retries); "
                                     "raise FORGE_LLM_TIMEOUT_S or check the server's load")
    if isinstance(exc, openai.APIConnectionError):
        return ModelUnavailableError(f"{where}: cannot connect ({retries} retries): {scrub(str(exc), endpoint)}; "
                                     f"check FORGE_{endpoint.role.upper()}_BASE_URL and that the server runs")
    if isinstance(exc, openai.APIStatusError):
        status = exc.status_code
        detail = scrub(_detail(exc), endpoint)
        if status == 429 or status >= 500 or status in (408, 409):
            return ModelUnavailableError(f"{where}: HTTP {status} after {retries} retries: {detail}")
        fix = {401: f"check FORGE_{endpoint.role.upper()}_API_KEY", 403: f"check FORGE_{endpoint.role.upper()}_API_KEY's permissions",
               404: f"check FORGE_{endpoint.role.upper()}_MODEL and the base URL (it usually ends in /v1)"}
        hint = fix.get(status, "the endpoint refused the request")
        return ModelRequestError(f"{where}: HTTP {status}: {detail}; {hint}")
    return ModelError(f"{where}: {type(exc).__name__}: {scrub(str(exc), endpoint)}")


def _detail(exc: openai.APIStatusError) -> str:
    body = exc.body
    if isinstance(body, dict):
        message = body.get("message") or body.get("error") or body
        return str(message)[:500]
    return str(exc.message)[:500]


def reply_from(completion: Any, endpoint: EndpointConfig) -> ChatReply:
    """The first choice of an openai ChatCompletion, with reasoning fields servers add (vLLM, SGLang)."""
    choices = getattr(completion, "choices", None) or []
    if not choices:
        raise ModelOutputError(f"{endpoint.role} model {endpoint.model!r} at {endpoint.shown_url} returned no choices")
    choice = choices[0]
    message = choice.message
    extra = getattr(message, "model_extra", None) or {}
    reasoning = extra.get("reasoning_content") or extra.get("reasoning")
    calls = []
    for i, call in enumerate(message.tool_calls or []):
        function = getattr(call, "function", None)
        if function is None:  # a custom (non-function) tool call: keep it so the harness can refuse it
            calls.append(ReplyToolCall(id=call.id or f"call_{i}", name=getattr(call, "type", "custom"), arguments=""))
            continue
        calls.append(ReplyToolCall(id=call.id or f"call_{i}", name=function.name or "", arguments=function.arguments or ""))
    usage = completion.usage
    cached = 0
    if usage is not None and getattr(usage, "prompt_tokens_details", None) is not None:
        cached = usage.prompt_tokens_details.cached_tokens or 0
    return ChatReply(
        content=message.content, reasoning=reasoning if isinstance(reasoning, str) else None, tool_calls=calls,
        finish_reason=choice.finish_reason, model=completion.model or endpoint.model,
        usage=ReplyUsage(prompt_tokens=usage.prompt_tokens if usage else 0,
                         completion_tokens=usage.completion_tokens if usage else 0, cached_tokens=cached),
    )
