"""The GUI-only and hybrid harnesses, beside `terminal` (configs.py): same scaffold, other tools and prompt.

The same task is solved through all three; the hybrid exposes both tools and each step records its
channel, so the student learns to route between them turn by turn.
"""

from __future__ import annotations

from forge.harness import computer_use as _computer_use  # noqa: F401  (registers the tool)
from forge.harness.configs import register_harness
from forge.harness.system_prompt import load_prompt
from forge.models import EnvironmentSpec, HarnessConfig, ScaffoldConfig

register_harness(
    HarnessConfig(
        name="gui",
        version="1",
        scaffold=ScaffoldConfig(max_steps=80),
        tools=["computer_use"],
        system_prompt=load_prompt("gui"),
        environment=EnvironmentSpec(terminal=False, desktop=True),
    )
)

register_harness(
    HarnessConfig(
        name="hybrid",
        version="1",
        scaffold=ScaffoldConfig(max_steps=80),
        tools=["computer_use", "bash"],
        system_prompt=load_prompt("gui"),
        environment=EnvironmentSpec(terminal=True, desktop=True),
    )
)
