"""Where each model role's endpoint is and what it costs, resolved once from settings."""

from __future__ import annotations

from typing import Literal
from urllib.parse import urlsplit, urlunsplit

from pydantic import BaseModel, ConfigDict, Field, SecretStr

from forge.errors import ConfigError
from forge.settings import Settings

Role = Literal["teacher", "annotator", "judge", "author"]
ROLES: tuple[Role, ...] = ("teacher", "annotator", "judge", "author")


class Prices(BaseModel):
    """USD per million tokens; cached input is what a provider's prompt cache charges."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    input: float = Field(default=0.0, ge=0)
    cached_input: float = Field(default=0.0, ge=0)
    output: float = Field(default=0.0, ge=0)

    def cost(self, prompt_tokens: int, completion_tokens: int, cached_tokens: int = 0) -> float:
        cached = min(cached_tokens, prompt_tokens)
        return ((prompt_tokens - cached) * self.input + cached * self.cached_input
                + completion_tokens * self.output) / 1_000_000


class EndpointConfig(BaseModel):
    """One role's endpoint. The key is a SecretStr: its repr and JSON dump never show it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    role: Role
    base_url: str
    model: str
    api_key: SecretStr | None = None
    prices: Prices = Prices()
    timeout_s: float = Field(default=120.0, gt=0)
    max_retries: int = Field(default=4, ge=0)
    max_concurrency: int = Field(default=8, ge=1)
    requests_per_minute: float | None = Field(default=None, gt=0)
    response_cache: bool = True

    @property
    def shown_url(self) -> str:
        """The base URL without user info, query or fragment: safe to log and store."""
        return redact_url(self.base_url)


def redact_url(url: str) -> str:
    parts = urlsplit(url)
    host = parts.hostname or ""
    if parts.port:
        host = f"{host}:{parts.port}"
    return urlunsplit((parts.scheme, host, parts.path, "", ""))


def endpoint_for(settings: Settings, role: Role) -> EndpointConfig | None:
    """The role's endpoint, or None when FORGE_<ROLE>_BASE_URL is unset (the embedded default)."""
    base_url = getattr(settings, f"{role}_base_url")
    if not base_url:
        return None
    model = getattr(settings, f"{role}_model")
    upper = role.upper()
    if not model:
        raise ConfigError(f"FORGE_{upper}_BASE_URL is set but FORGE_{upper}_MODEL is not; set the model name "
                          f"the endpoint serves (e.g. FORGE_{upper}_MODEL=Qwen/Qwen3-VL-8B-Instruct)")
    if not base_url.startswith(("http://", "https://")):
        raise ConfigError(f"FORGE_{upper}_BASE_URL={redact_url(base_url)!r} is not an http(s) URL; "
                          "use e.g. http://127.0.0.1:8000/v1 or https://api.openai.com/v1")
    price_input = getattr(settings, f"{role}_price_input")
    cached = getattr(settings, f"{role}_price_cached_input")
    return EndpointConfig(
        role=role, base_url=base_url, model=model, api_key=getattr(settings, f"{role}_api_key"),
        prices=Prices(input=price_input, cached_input=price_input if cached is None else cached,
                      output=getattr(settings, f"{role}_price_output")),
        timeout_s=settings.llm_timeout_s, max_retries=settings.llm_max_retries,
        max_concurrency=settings.llm_max_concurrency, requests_per_minute=settings.llm_requests_per_minute,
        response_cache=settings.llm_response_cache,
    )
