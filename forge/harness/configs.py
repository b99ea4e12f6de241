"""Harness configurations as versioned data: the built-ins register here; evolution records new
versions (with their dev-set scores) in the store, never as code branches."""

from __future__ import annotations

from forge.harness.system_prompt import load_prompt
from forge.models import EnvironmentSpec, HarnessConfig, ScaffoldConfig
from forge.registry import Registry

HARNESSES: Registry[HarnessConfig] = Registry("harness")


def register_harness(config: HarnessConfig) -> HarnessConfig:
    return HARNESSES.add(config.name, config)


register_harness(
    HarnessConfig(
        name="terminal",
        version="1",
        scaffold=ScaffoldConfig(max_steps=50),
        tools=["bash"],
        system_prompt=load_prompt("terminal"),
        environment=EnvironmentSpec(terminal=True, desktop=False),
    )
)
