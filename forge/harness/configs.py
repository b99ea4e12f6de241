"""Harness configurations as versioned data; a new harness version is a new registry entry."""

from __future__ import annotations

from forge.models import EnvironmentSpec, HarnessConfig, ScaffoldConfig
from forge.registry import Registry

HARNESSES: Registry[HarnessConfig] = Registry("harness")


def register_harness(config: HarnessConfig) -> HarnessConfig:
    return HARNESSES.add(config.name, config)


TERMINAL_SYSTEM_PROMPT = """\
You are a computer-use agent working in a Linux sandbox. Your working directory is /job; the task's
files are there. You have one tool, `bash`: a persistent shell (no network). Python 3 with openpyxl,
python-docx and python-pptx is installed. Each turn: think inside <think>...</think>, write one line
`Action: <what you do>`, then one tool call. When the task is complete, stop calling tools."""

register_harness(
    HarnessConfig(
        name="terminal",
        version="1",
        scaffold=ScaffoldConfig(max_steps=30),
        tools=["bash"],
        system_prompt=TERMINAL_SYSTEM_PROMPT,
        environment=EnvironmentSpec(terminal=True, desktop=False),
    )
)
