"""Local web apps for browser tasks: each site is one stdlib-only Python program, registered here.

A site serves a task's state file (JSON in the job dir) on 127.0.0.1 inside the episode's
sandbox, whose network namespace has only loopback; the browser on the episode's display opens
it, and what the site saves to the state file is what the checks read. Sites are registered in
one place, `SITES`, by name; the desktop copies a site's program into the sandbox's private
/tmp and runs it there (the host's source tree is not mounted in a sandbox).

    @register_site
    def team_directory() -> Site: ...
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from forge.registry import Registry

SITE_PORT = 8000
"""Every site listens on this port: each episode has its own network namespace, so they never clash."""


class Site(BaseModel):
    """A local web app: its program (run as `python3 <program> <state file> <port>`) and home page title."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    title: str = Field(min_length=1, description="The home page's <title>, which the browser's window shows.")
    program: str = Field(min_length=1, description="Python source of the server; the standard library only.")
    port: int = SITE_PORT

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"


SITES: Registry[Site] = Registry("site")


def register_site(make: Callable[[], Site]) -> Callable[[], Site]:
    """Register the site `make()` returns (a duplicate name fails at import)."""
    site = make()
    SITES.add(site.name, site)
    return make


def program_of(module_file: str, name: str) -> str:
    """The source of the server program `name` next to a site's module."""
    return (Path(module_file).parent / name).read_text(encoding="utf-8")


from sites import team_directory as _team_directory  # noqa: F401  (registers on import)
from sites import shop as _shop  # noqa: F401  (registers on import)
