"""The model client every role uses: limits, cache, retries, ledger, errors, in one place.

    request --cache hit?--> stored reply (ledger row: cache_hit, nothing paid twice)
            --miss--> limiter slot -> openai (retries with backoff on 429/5xx/timeouts)
                  --> ChatReply -> cache + ledger row (tokens, cached tokens, latency, cost)

The API key lives in the openai client object only: it is not in the request, the reply, the
cache, the ledger or any message this module raises or logs.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, TypeVar

from pydantic import BaseModel, ValidationError

from forge.errors import ModelError
from forge.llm.config import EndpointConfig, Role, endpoint_for
from forge.llm.limits import limiter_for
from forge.llm.messages import CallContext, ChatReply, ChatRequest

if TYPE_CHECKING:
    from forge.settings import Settings
    from forge.store import Store

log = logging.getLogger(__name__)

T = TypeVar("T", bound=BaseModel)

_NO_KEY = "EMPTY"  # what vLLM and SGLang accept when they run without --api-key


class ModelClient:
    """One role's endpoint. Thread-safe: share it between worker threads.

    Args:
        endpoint: where the model is, its limits and prices (`forge.llm.endpoint_for`).
        store: where the ledger and the reply cache go; None records nothing (a warning says so).
    """

    def __init__(self, endpoint: EndpointConfig, store: Store | None = None) -> None:
        self.endpoint = endpoint
        self._store = store
        self._limiter = limiter_for(endpoint.shown_url, endpoint.max_concurrency, endpoint.requests_per_minute)
        import openai  # here, not at import time: every gate and worker process imports the harness

        self._openai = openai.OpenAI(
            base_url=endpoint.base_url,
            api_key=endpoint.api_key.get_secret_value() if endpoint.api_key else _NO_KEY,
            timeout=endpoint.timeout_s,
            max_retries=endpoint.max_retries,
        )
        if store is None:
            log.warning("%s model client without a store: calls are neither cached nor in the cost ledger",
                        endpoint.role)

    @property
    def model(self) -> str:
        return self.endpoint.model

    @property
    def role(self) -> str:
        return self.endpoint.role

    def __repr__(self) -> str:
        return f"ModelClient({self.endpoint.role}, {self.endpoint.model!r} at {self.endpoint.shown_url})"

    def close(self) -> None:
        self._openai.close()

    def chat(self, request: ChatRequest, context: CallContext | None = None) -> ChatReply:
        """One chat completion: from the cache if this exact request was answered before."""
        import openai

        from forge.llm._translate import model_error, reply_from

        context = context or CallContext()
        key = request.cache_key(self.endpoint.model)
        cached = self._cached(key)
        if cached is not None:
            self._record(cached, context, key, cache_hit=True)
            return cached
        started = time.perf_counter()
        try:
            with self._limiter.slot():
                completion = self._openai.chat.completions.create(
                    model=self.endpoint.model, messages=request.messages,  # type: ignore[arg-type]
                    **({"tools": request.tools} if request.tools else {}), **request.params,  # type: ignore[arg-type]
                )
            reply = reply_from(completion, self.endpoint)
        except openai.OpenAIError as exc:
            error = model_error(exc, self.endpoint, self.endpoint.max_retries)
            self._record_failure(error, context, key, time.perf_counter() - started)
            raise error from None  # the openai error may quote the key; ours is scrubbed
        except ModelError as error:
            self._record_failure(error, context, key, time.perf_counter() - started)
            raise
        usage = reply.usage
        reply = reply.model_copy(update={
            "latency_s": round(time.perf_counter() - started, 4),
            "cost_usd": self.endpoint.prices.cost(usage.prompt_tokens, usage.completion_tokens, usage.cached_tokens),
        })
        if self._store is not None and self.endpoint.response_cache:
            self._store.save_response(key, self.endpoint.model, reply.model_dump_json(exclude={"from_cache"}))
        self._record(reply, context, key, cache_hit=False)
        return reply

    def structured(self, messages: list[dict], schema: type[T], context: CallContext | None = None,
                   params: dict | None = None) -> T:
        """A reply validated as `schema`; one repair turn, then ModelOutputError (see `structured`)."""
        from forge.llm.structured import ask_structured

        return ask_structured(self, messages, schema, context, params)

    def _cached(self, key: str) -> ChatReply | None:
        if self._store is None or not self.endpoint.response_cache:
            return None
        raw = self._store.cached_response(key)
        if raw is None:
            return None
        try:
            reply = ChatReply.model_validate_json(raw)
        except ValidationError:
            log.warning("stored reply %s no longer validates; asking the model again", key[:12])
            return None
        log.debug("%s reply %s served from the cache", self.endpoint.role, key[:12])
        return reply.model_copy(update={"from_cache": True})

    def _record(self, reply: ChatReply, context: CallContext, key: str, *, cache_hit: bool) -> None:
        usage = reply.usage
        self._ledger(context, key, prompt_tokens=usage.prompt_tokens, completion_tokens=usage.completion_tokens,
                     cached_tokens=usage.cached_tokens, cost_usd=reply.cost_usd,
                     latency_s=0.0 if cache_hit else reply.latency_s, cache_hit=cache_hit)

    def _record_failure(self, error: ModelError, context: CallContext, key: str, latency: float) -> None:
        log.warning("%s", error)
        self._ledger(context, key, latency_s=round(latency, 4), error=f"{type(error).__name__}: {error}")

    def _ledger(self, context: CallContext, key: str, **fields: object) -> None:
        if self._store is None:
            return
        from forge.store import ModelCallRecord

        self._store.record_model_call(ModelCallRecord(
            role=self.endpoint.role, model=self.endpoint.model, base_url=self.endpoint.shown_url, request_key=key,
            **context.model_dump(), **fields,  # type: ignore[arg-type]
        ))


def client_for(settings: Settings, role: Role, store: Store | None = None) -> ModelClient | None:
    """The role's client from settings, or None when FORGE_<ROLE>_BASE_URL is unset."""
    endpoint = endpoint_for(settings, role)
    return ModelClient(endpoint, store) if endpoint is not None else None
