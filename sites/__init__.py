"""Local web apps for browser tasks: each site is a stdlib-only Python program, registered here.

A site serves a task's state file (JSON in the job dir) on 127.0.0.1 inside the episode's
sandbox, whose network namespace has only loopback; the browser on the episode's display opens
it, and what the site saves to the state file is what the checks read. Sites are registered in
one place, `SITES`, by name; the desktop copies a site's program, and the modules it imports
beside it, into the sandbox's private /tmp and runs it there (the host's source tree is not
mounted in a sandbox).

    @register_site
    def team_directory() -> Site: ...
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from forge.registry import Registry

SITE_PORT = 8000
"""Every site listens on this port: each episode has its own network namespace, so they never clash."""


PROGRAM = "server.py"
"""The file name a site's program runs as; its modules lie beside it."""


class Site(BaseModel):
    """A local web app: its program (run as `python3 server.py <state file> <port>`), the modules
    that program imports, and its home page's title."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    title: str = Field(min_length=1, description="The home page's <title>, which the browser's window shows.")
    program: str = Field(min_length=1, description="Python source of the server; the standard library only.")
    modules: dict[Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*\.py$")], str] = Field(
        default_factory=dict, description="Modules the program imports by name (`rules.py`: `import rules`), "
                                          "written beside it, so a site can be several files of reasonable size.")
    port: int = SITE_PORT

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def write_to(self, folder: Path) -> Path:
        """Lay the program and its modules out in `folder`, as the desktop does in a sandbox; the program's path."""
        for name, source in {**self.modules, PROGRAM: self.program}.items():
            (folder / name).write_text(source, encoding="utf-8")
        return folder / PROGRAM


SITES: Registry[Site] = Registry("site")


def register_site(make: Callable[[], Site]) -> Callable[[], Site]:
    """Register the site `make()` returns (a duplicate name fails at import)."""
    site = make()
    SITES.add(site.name, site)
    return make


def program_of(module_file: str, name: str) -> str:
    """The source of the file `name` (the server program, or a module it imports) next to a site's module."""
    return (Path(module_file).parent / name).read_text(encoding="utf-8")


from sites import team_directory as _team_directory  # noqa: F401  (registers on import)
from sites import shop as _shop  # noqa: F401  (registers on import)
