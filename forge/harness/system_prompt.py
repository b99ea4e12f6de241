"""Harness prompts are jinja2 templates (data), rendered with the harness's own tools and limits."""

from __future__ import annotations

import hashlib
import json
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


IDENTITY_SEPARATOR = "#"


def content_digest(harness: HarnessConfig) -> str:
    """12 hex of sha256 over what the model is shown: the rendered system prompt and the tool schemas.

    Why: a prompt or tool edit without a version bump must not let a rerun take stale episodes as
    done, nor let an export pair an episode with a prompt its teacher never saw."""
    from forge.harness.tools import openai_tools

    shown = {"system_prompt": render_system_prompt(harness), "tools": openai_tools(list(harness.tools))}
    return hashlib.sha256(json.dumps(shown, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:12]


def harness_identity(harness: HarnessConfig) -> str:
    """`<version>#<content digest>`: what episode ids are made of and what an episode records."""
    if IDENTITY_SEPARATOR in harness.version:
        raise HarnessError(f"harness {harness.name} version {harness.version!r} contains {IDENTITY_SEPARATOR!r}, "
                           "which separates the version from its content digest; pick a version without it")
    return f"{harness.version}{IDENTITY_SEPARATOR}{content_digest(harness)}"


def split_identity(recorded: str) -> tuple[str, str | None]:
    """(version, digest) from a recorded harness version; episodes from before digests carry none."""
    version, _, digest = recorded.partition(IDENTITY_SEPARATOR)
    return version, digest or None
