"""Harness versions are data: variants are edits of a config, chosen ones are recorded with their scores.

The published teacher went α → β (terminal channel) → γ (scaffold) → δ (teacher model) → ε (prompt).
Here a registered built-in is α, and each version evolution chooses takes the next Greek letter;
`resolve_harness` returns the newest recorded version of a name, else the built-in.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, JsonValue, ValidationError

from forge.errors import ConfigError
from forge.harness.configs import HARNESSES
from forge.models import HarnessConfig, ScaffoldConfig
from forge.models.harness import ToolName

if TYPE_CHECKING:
    from forge.store import Store

GREEK = "αβγδεζηθικλμνξοπρστυφχψω"


class HarnessVariant(BaseModel):
    """An edit of a base harness, evaluated before anyone chooses it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    label: str = Field(pattern=r"^[A-Za-z0-9_.-]+$", description="Short name, e.g. `verify-prompt`.")
    prompt_suffix: str = Field(default="", description="Appended to the system prompt template.")
    system_prompt: str | None = Field(default=None, description="Replaces the system prompt template.")
    tools: list[ToolName] | None = Field(default=None, description="Replaces the tool set.")
    scaffold: dict[str, JsonValue] = Field(default_factory=dict, description="ScaffoldConfig fields to override.")
    python_libraries: list[str] | None = Field(default=None, description=(
        "Replaces the distributions the prompt says the sandbox's python3 has (they must be installed)."))
    domain_libraries: list[str] | None = Field(default=None, description=(
        "Replaces, by name, the Forge domain libraries the sandbox mounts and the prompt documents "
        "(`forge.harness.domain_libraries`); each is pinned to its shipped content digest."))

    def apply(self, base: HarnessConfig) -> HarnessConfig:
        """The variant as a candidate config, versioned `<base version>+<label>` until chosen."""
        from forge.harness.tools import TOOLS

        missing = [t for t in self.tools or [] if t not in TOOLS]
        if missing:
            raise ConfigError(f"variant {self.label!r} names tools that are not registered: {missing}; "
                              f"known: {', '.join(TOOLS)}")
        prompt = self.system_prompt if self.system_prompt is not None else base.system_prompt
        if self.prompt_suffix:
            prompt = f"{prompt.rstrip()}\n{self.prompt_suffix.strip()}"
        environment = base.environment
        if self.python_libraries is not None:
            environment = environment.model_copy(update={"python_libraries": list(self.python_libraries)})
        if self.domain_libraries is not None:
            from forge.harness.domain_libraries import pin

            try:
                environment = environment.model_copy(update={"domain_libraries": pin(self.domain_libraries)})
            except ConfigError as exc:
                raise ConfigError(f"variant {self.label!r}: {exc}") from None
        data: dict[str, Any] = {**base.model_dump(), "version": f"{base.version}+{self.label}", "system_prompt": prompt,
                                "tools": list(self.tools) if self.tools is not None else list(base.tools),
                                "scaffold": ScaffoldConfig(**{**base.scaffold.model_dump(), **self.scaffold}),
                                "environment": environment}
        return HarnessConfig(**data)


def load_variants(path: Path) -> list[HarnessVariant]:
    """Variants from a JSON file (a list of objects, or {"variants": [...]}) or a TOML file
    (`[[variants]]` tables); a bad file raises ConfigError naming it, the entry and the fix."""
    try:
        text = path.read_text(encoding="utf-8")
        data: Any = tomllib.loads(text) if path.suffix == ".toml" else json.loads(text)
    except OSError as exc:
        raise ConfigError(f"variants file {path} cannot be read ({exc.strerror}); pass an existing .json or .toml file") from None
    except (ValueError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"variants file {path} is not valid {'TOML' if path.suffix == '.toml' else 'JSON'}: {exc}") from None
    entries = data.get("variants") if isinstance(data, dict) else data
    if not isinstance(entries, list) or not entries:
        raise ConfigError(f"variants file {path} holds no variants; write a list of objects such as "
                          '[{"label": "verify", "prompt_suffix": "Check the saved file."}] (TOML: [[variants]])')
    variants = []
    for number, entry in enumerate(entries, start=1):
        try:
            variants.append(HarnessVariant.model_validate(entry))
        except ValidationError as exc:
            problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or '(entry)'}: {e['msg']}" for e in exc.errors()[:5])
            raise ConfigError(f"variants file {path}, variant {number}: {problems} "
                              f"(fields: {', '.join(HarnessVariant.model_fields)})") from None
    labels = [v.label for v in variants]
    if len(set(labels)) != len(labels) or "base" in labels:
        raise ConfigError(f"variants file {path}: labels must be unique and not `base` (got {labels})")
    return variants


def resolve_harness(name: str, store: Store | None = None) -> HarnessConfig:
    """The newest version of `name` evolution recorded in the store, else the registered built-in."""
    if store is not None:
        recorded = store.harness_versions(name)
        if recorded:
            return HarnessConfig.model_validate(recorded[-1].config)
    return HARNESSES.get(name)


def next_version(name: str, store: Store) -> str:
    """The next Greek letter for `name` (the built-in is α)."""
    taken = len(store.harness_versions(name))
    index = taken + 1
    return GREEK[index] if index < len(GREEK) else f"ω{index - len(GREEK) + 2}"


def record_version(store: Store, candidate: HarnessConfig, scores: dict[str, JsonValue]) -> HarnessConfig:
    """Record a chosen candidate as the next version of its harness, with the scores that chose it."""
    parent = resolve_harness(candidate.name, store)
    version = next_version(candidate.name, store)
    chosen = candidate.model_copy(update={"version": version})
    store.record_harness_version(chosen.name, version, chosen.model_dump(mode="json"), scores,
                                 parent_version=parent.version)
    return chosen
