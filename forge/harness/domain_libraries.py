"""Domain libraries: helper packages Forge ships, which a harness version makes importable in its sandbox.

A domain library is a folder of pure-Python modules with a `library.toml` (a one-paragraph API
summary, the distributions it imports). A harness lists the ones its sandbox gets by name and
content digest (`EnvironmentSpec.domain_libraries`, data like the rest of a version); an episode's
sandbox then holds exactly those, read-only, as `forgelib.<name>` (`forge.sandbox.python_packages`:
copied in, no host path mounted), the system prompt documents them from their summaries, and the
harness's content digest covers theirs, so editing a library's code makes new episode ids. A
library the harness does not list is not in its sandbox at all: importing it fails there with
ModuleNotFoundError. Forge's own register at import; a plugin calls `register_domain_library` with
a folder of its own.

    forge/harness/libraries/
        tables/
            library.toml    summary = "...", requires = ["openpyxl"]
            __init__.py     the package `forgelib.tables` (flat: modules only, no subfolders)
            _helpers.py     ...
"""

from __future__ import annotations

import hashlib
import logging
import tomllib
from collections.abc import Sequence
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from forge.errors import ConfigError
from forge.models import EnvironmentSpec
from forge.models.harness import DomainLibraryRef
from forge.registry import Registry
from forge.sandbox.python_packages import PythonPackage

log = logging.getLogger(__name__)

PACKAGE = "forgelib"
"""Every domain library is `forgelib.<name>` inside a sandbox (a namespace package)."""
MANIFEST = "library.toml"
_FIELDS = {"summary", "requires"}
_warned: set[tuple[DomainLibraryRef, str]] = set()


class DomainLibrary(BaseModel):
    """One library as shipped: its summary, what it imports, its modules and their digest."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    summary: str = Field(min_length=1, description="One paragraph: the API, as the system prompt shows it.")
    requires: list[str] = Field(default_factory=list, description="Distributions of the sandbox's python3 it imports.")
    files: dict[str, bytes] = Field(description="Its modules by file name.")
    digest: str = Field(description="12 hex of sha256 over the manifest and the modules.")

    @property
    def module(self) -> str:
        return f"{PACKAGE}.{self.name}"

    def ref(self) -> DomainLibraryRef:
        return DomainLibraryRef(name=self.name, digest=self.digest)

    def package(self) -> PythonPackage:
        return PythonPackage(name=self.module, files=self.files)


DOMAIN_LIBRARIES: Registry[DomainLibrary] = Registry("domain library")


def load_domain_library(folder: Traversable | Path) -> DomainLibrary:
    """The library in `folder` (named for it); a malformed one raises ConfigError naming the folder and the fix."""
    name = folder.name
    try:
        entries = {entry.name: entry for entry in folder.iterdir() if entry.name != "__pycache__"}
        manifest = tomllib.loads(entries[MANIFEST].read_text(encoding="utf-8")) if MANIFEST in entries else None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"domain library {name!r} ({folder}): cannot read its {MANIFEST}: {exc}") from None
    if manifest is None or set(manifest) - _FIELDS or "summary" not in manifest:
        raise ConfigError(f"domain library {name!r} ({folder}) needs a {MANIFEST} with `summary` (one paragraph: "
                          f"the API) and optionally `requires` (distributions it imports), nothing else")
    others = sorted(n for n, e in entries.items() if n != MANIFEST and not (e.is_file() and n.endswith(".py")))
    if others or "__init__.py" not in entries:
        raise ConfigError(f"domain library {name!r} ({folder}) must be flat pure-Python modules with an __init__.py; "
                          f"move or remove {others or ['(no __init__.py)']}")
    files = {n: entries[n].read_bytes() for n in sorted(entries) if n != MANIFEST}
    digest = hashlib.sha256()
    for file_name, data in [(MANIFEST, entries[MANIFEST].read_bytes()), *files.items()]:
        digest.update(b"%s\0%d\0" % (file_name.encode(), len(data)) + data)
    try:
        return DomainLibrary(name=name, summary=" ".join(str(manifest["summary"]).split()),
                             requires=list(manifest.get("requires", [])), files=files,
                             digest=digest.hexdigest()[:12])
    except ValueError as exc:
        raise ConfigError(f"domain library {name!r} ({folder}): {exc}") from None


def register_domain_library(folder: Traversable | Path) -> DomainLibrary:
    """Load the library in `folder` and register it under the folder's name (a duplicate fails)."""
    library = load_domain_library(folder)
    return DOMAIN_LIBRARIES.add(library.name, library)


def pin(names: Sequence[str]) -> list[DomainLibraryRef]:
    """Refs to the shipped libraries `names`, pinned to their digests now; an unknown name raises ConfigError."""
    unknown = [n for n in names if n not in DOMAIN_LIBRARIES]
    if unknown or len(set(names)) != len(names):
        raise ConfigError(f"domain libraries {list(names)}: unknown or repeated {unknown or 'names'}; "
                          f"known: {', '.join(DOMAIN_LIBRARIES)}")
    return [DOMAIN_LIBRARIES.get(name).ref() for name in names]


def listed(environment: EnvironmentSpec) -> list[DomainLibrary]:
    """The shipped libraries a harness lists. One whose content changed since the version pinned it
    is the shipped one (the harness's content digest, and so its episode ids, change with it); a
    warning says so, since the version's scores were for the old content."""
    libraries = []
    for ref in environment.domain_libraries:
        library = DOMAIN_LIBRARIES.get(ref.name)
        if library.digest != ref.digest and (ref, library.digest) not in _warned:
            _warned.add((ref, library.digest))
            log.warning("domain library %s changed (%s pinned, %s shipped): its episodes get new ids; record a new "
                        "harness version with `forge evolve` to score it", ref.name, ref.digest, library.digest)
        libraries.append(library)
    return libraries


def sandbox_packages(environment: EnvironmentSpec) -> list[PythonPackage]:
    """What an episode's sandbox mounts: the listed libraries' packages, nothing else."""
    return [library.package() for library in listed(environment)]


def _register_builtins() -> None:
    root = resources.files("forge.harness").joinpath("libraries")
    for folder in sorted(root.iterdir(), key=lambda f: f.name):
        if folder.is_dir() and folder.name != "__pycache__":
            register_domain_library(folder)


_register_builtins()
