"""Plugins: every app, built-in or not, loads through the `forge.plugins` entry-point group.

A plugin is a module named by an entry point; importing it registers its file types, views,
checks, preparer and workflows (with the registries' decorators), and an optional module-level
`FORGE_SKILLS` lists its skills files (JSONL, one `Skill` a line). Forge's own apps are declared
the same way in its `pyproject.toml`:

    [project.entry-points."forge.plugins"]
    spreadsheet = "workflows.spreadsheet"

Each plugin loads in isolation: one that raises on import, or registers a name another plugin
holds, is reported (`PluginStatus`, `forge plugins list`) and skipped, and whatever it had
registered before failing is taken back out, so nothing half-loaded remains. The rest load.
Loading happens once per process, the first time any registry is read.
"""

from __future__ import annotations

import gc
import logging
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import import_module
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from forge.errors import PluginError

GROUP = "forge.plugins"
logger = logging.getLogger(__name__)


class PluginStatus(BaseModel):
    """How one plugin's loading went, for `forge plugins list` and reports."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    target: str = Field(description="The module the entry point names.")
    distribution: str = Field(default="", description="The installed package that declares it.")
    status: Literal["loaded", "failed"]
    reason: str = Field(default="", description="Why it failed: the exception, naming the clash or the error.")
    skills_files: list[str] = Field(default_factory=list)
    registered: dict[str, list[str]] = Field(default_factory=dict, description=(
        "What loading it added, by registry (file type, check, workflow, ...): what it brought itself."))


_lock = threading.Lock()
_loader: int | None = None  # the thread loading now: its own registry reads must not wait for itself
_statuses: dict[str, PluginStatus] = {}


def discover() -> list[EntryPoint]:
    """The installed `forge.plugins` entry points, by name (a name declared twice: the first wins)."""
    found: dict[str, EntryPoint] = {}
    for ep in sorted(entry_points(group=GROUP), key=lambda e: e.name):
        found.setdefault(ep.name, ep)
    return list(found.values())


def load_plugin(name: str, target: str, distribution: str = "") -> PluginStatus:
    """Import one plugin module in isolation; on any failure undo its registrations and report why."""
    from forge.registry import registry_list, restore, snapshot

    before_modules = set(sys.modules)
    saved = snapshot()
    try:
        module = import_module(target.split(":", 1)[0])
        skills = [str(Path(p)) for p in getattr(module, "FORGE_SKILLS", [])]
        missing = [p for p in skills if not Path(p).is_file()]
        if missing:
            raise PluginError(f"FORGE_SKILLS names files that do not exist: {missing}")
    except Exception as exc:  # noqa: BLE001 - the plugin boundary: any failure is reported, not raised
        restore(saved)
        for module_name in set(sys.modules) - before_modules:
            sys.modules.pop(module_name, None)
        reason = f"{type(exc).__name__}: {exc}"
        logger.error("plugin %r (%s) failed to load and is skipped: %s", name, target, reason)
        return PluginStatus(name=name, target=target, distribution=distribution, status="failed", reason=reason)
    before = {id(registry): set(items) for registry, items in saved}
    added = {r.kind: sorted(set(r._items) - before.get(id(r), set())) for r in registry_list()}
    return PluginStatus(name=name, target=target, distribution=distribution, status="loaded", skills_files=skills,
                        registered={kind: names for kind, names in sorted(added.items()) if names})


@contextmanager
def _collections_paused() -> Iterator[None]:
    """Loading the plugins makes a few hundred thousand objects (modules, models, specs) that live as
    long as the process, and little garbage: the cyclic collector's passes over them meanwhile are
    pure cost (~0.15 s of a 2.2 s load, measured)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def ensure_loaded() -> None:
    """Load every installed plugin, once per process. Other threads wait for the loading thread;
    the loading thread's own registry reads (a plugin importing another part) return at once."""
    global _loader
    if _statuses or _loader == threading.get_ident():
        return
    with _lock:
        if _statuses:
            return
        _loader = threading.get_ident()
        try:
            with _collections_paused():
                import_module("forge.checks")  # the core's own views, checks and sources, before any plugin
                import_module("forge.views")
                results = {}
                for ep in discover():
                    dist = ep.dist.name if ep.dist is not None else ""
                    results[ep.name] = load_plugin(ep.name, ep.value, dist)
            if not results:
                logger.error("no forge plugins are installed (not even the built-ins): run "
                             "`pip install -e .` in the forge checkout so its entry points are registered")
            _statuses.update(_credited_to_owners(results) or {"(none)": PluginStatus(name="(none)", target="", status="failed",
                                                                reason="no forge.plugins entry points installed")})
        finally:
            _loader = None


def _credited_to_owners(results: dict[str, PluginStatus]) -> dict[str, PluginStatus]:
    """Credit each registration to the plugin whose package defines it. A plugin that imports
    another plugin's module (a document family reusing a spreadsheet one's phrases) loads that
    module early, so its import "added" the other plugin's workflows; they are still the other's.
    Items defined outside every plugin's package (a check kind of the core) stay with the loader."""
    from forge.registry import registry_list

    packages = sorted(((s.target.split(":", 1)[0], s.name) for s in results.values() if s.status == "loaded"),
                      key=lambda pair: -len(pair[0]))
    items = {r.kind: r._items for r in registry_list()}
    credited: dict[str, dict[str, list[str]]] = {name: {} for name in results}
    for status in results.values():
        for kind, names in status.registered.items():
            for item in names:
                module = getattr(items.get(kind, {}).get(item), "__module__", None) or ""
                owner = next((plugin for package, plugin in packages
                              if module == package or module.startswith(package + ".")), status.name)
                credited[owner].setdefault(kind, []).append(item)
    return {name: status.model_copy(update={"registered": {k: sorted(v) for k, v in sorted(credited[name].items())}})
            for name, status in results.items()}


def plugin_statuses() -> list[PluginStatus]:
    """Every plugin's status, loading them first if nothing has yet."""
    ensure_loaded()
    return sorted((s for s in _statuses.values() if s.target), key=lambda s: s.name)


def failed_plugins() -> list[str]:
    """"name (reason)" for each installed plugin that failed to load, without loading any."""
    return [f"{s.name} ({s.reason})" for s in sorted(_statuses.values(), key=lambda s: s.name)
            if s.status == "failed" and s.target]


def skills_files() -> list[Path]:
    """The skills files loaded plugins declared (`FORGE_SKILLS`), in plugin-name order."""
    return [Path(p) for s in plugin_statuses() if s.status == "loaded" for p in s.skills_files]
