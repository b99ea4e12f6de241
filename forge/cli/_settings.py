"""Settings for CLI commands: a bad FORGE_* value becomes a ConfigError naming the variable."""

from __future__ import annotations

from pydantic import ValidationError

from forge.errors import ConfigError
from forge.settings import Settings


def load_settings() -> Settings:
    try:
        return Settings()
    except ValidationError as exc:
        problems = "; ".join(f"FORGE_{'_'.join(map(str, e['loc'])).upper()}: {e['msg']}" for e in exc.errors())
        raise ConfigError(f"invalid setting: {problems}") from exc
