"""Harness prompts are jinja2 templates (data), rendered with the harness's own tools, libraries and limits.

A template may `{% include "domain_libraries.j2" %}` (the shipped ones do) to place the API summaries
of the harness's domain libraries; one that never names them (an older recorded version's, a
variant's own `system_prompt`) gets that section appended, so the model always reads what its
sandbox can import."""

from __future__ import annotations

import hashlib
import json
from functools import cache
from importlib import resources

import jinja2

from forge.errors import HarnessError
from forge.models import HarnessConfig

_DOMAIN_SECTION = "domain_libraries"


def load_prompt(name: str) -> str:
    """The template text shipped as `forge/harness/prompts/<name>.j2`."""
    return resources.files("forge.harness").joinpath("prompts", f"{name}.j2").read_text(encoding="utf-8")


def _shipped(name: str) -> str | None:
    """A template's `{% include %}` of a shipped prompt (None: jinja's TemplateNotFound)."""
    try:
        return load_prompt(name.removesuffix(".j2"))
    except (FileNotFoundError, IsADirectoryError):
        return None


_ENV = jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False, keep_trailing_newline=False,
                          loader=jinja2.FunctionLoader(_shipped))


@cache
def _compiled(source: str) -> jinja2.Template:
    return _ENV.from_string(source)


def render_system_prompt(harness: HarnessConfig) -> str:
    """The harness's system prompt with its tools, libraries and step budget filled in."""
    from forge.harness.domain_libraries import listed
    from forge.harness.tools import TOOLS

    domain = listed(harness.environment)
    try:
        prompt = _compiled(harness.system_prompt).render(
            tools=[TOOLS.get(name) for name in harness.tools],
            libraries=harness.environment.python_libraries,
            domain_libraries=domain,
            max_steps=harness.scaffold.max_steps,
            harness=harness,
        ).strip()
        if domain and _DOMAIN_SECTION not in harness.system_prompt:
            section = _ENV.get_template(f"{_DOMAIN_SECTION}.j2").render(domain_libraries=domain).strip()
            prompt = f"{prompt}\n{section}"
        return prompt
    except jinja2.TemplateError as exc:
        raise HarnessError(f"harness {harness.name}@{harness.version}: system prompt template failed: {exc}") from exc


IDENTITY_SEPARATOR = "#"


def content_digest(harness: HarnessConfig) -> str:
    """12 hex of sha256 over what the model is shown and can use: the rendered system prompt, the tool
    schemas and the digests of the domain libraries its sandbox mounts (when it lists any).

    Why: a prompt, tool or library edit without a version bump must not let a rerun take stale
    episodes as done, nor let an export pair an episode with a prompt its teacher never saw."""
    from forge.harness.domain_libraries import listed
    from forge.harness.tools import openai_tools

    shown: dict[str, object] = {"system_prompt": render_system_prompt(harness),
                                "tools": openai_tools(list(harness.tools))}
    if harness.environment.domain_libraries:
        shown["domain_libraries"] = {library.name: library.digest for library in listed(harness.environment)}
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
