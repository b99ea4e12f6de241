"""Harness prompts are jinja2 templates (data), rendered with the harness's own tools and limits."""

from __future__ import annotations

from functools import cache
from importlib import resources

import jinja2

from forge.errors import HarnessError
from forge.models import HarnessConfig

_ENV = jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False, keep_trailing_newline=False)


def load_prompt(name: str) -> str:
    """The template text shipped as `forge/harness/prompts/<name>.j2`."""
    return resources.files("forge.harness").joinpath("prompts", f"{name}.j2").read_text(encoding="utf-8")


@cache
def _compiled(source: str) -> jinja2.Template:
    return _ENV.from_string(source)


def render_system_prompt(harness: HarnessConfig) -> str:
    """The harness's system prompt with its tools, libraries and step budget filled in."""
    from forge.harness.tools import TOOLS

    try:
        return _compiled(harness.system_prompt).render(
            tools=[TOOLS.get(name) for name in harness.tools],
            libraries=harness.environment.python_libraries,
            max_steps=harness.scaffold.max_steps,
            harness=harness,
        ).strip()
    except jinja2.TemplateError as exc:
        raise HarnessError(f"harness {harness.name}@{harness.version}: system prompt template failed: {exc}") from exc
