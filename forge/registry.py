"""A tiny typed registry: the one mechanism behind preparers, workflows, checks, harnesses.

Things register themselves with a decorator in the module that defines them; a duplicate
name fails at import, an unknown name fails with the list of known names.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Generic, TypeVar

from forge.errors import DuplicateKeyError, UnknownKeyError

T = TypeVar("T")


_ALL: list[Registry[Any]] = []  # every registry, so a failed plugin's registrations can be undone


def _complete() -> None:
    """Load the installed plugins before the first lookup (`forge.plugins`), once per process."""
    from forge.plugins import ensure_loaded

    ensure_loaded()


def _failed_plugins() -> str:
    """Why a name may be missing: the plugins that failed to load (empty when none did)."""
    from forge.plugins import failed_plugins

    failed = failed_plugins()
    return f" (plugins that failed to load: {'; '.join(failed)})" if failed else ""


class Registry(Generic[T]):
    """A named dict that refuses duplicates and explains unknown keys.

    Reading it loads the installed plugins first (once), so every lookup sees the built-ins and
    plugins whichever module asked.
    """

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._items: dict[str, T] = {}
        _ALL.append(self)

    def add(self, name: str, item: T) -> T:
        if name in self._items:
            raise DuplicateKeyError(f"{self.kind} {name!r} is registered twice")
        self._items[name] = item
        return item

    def register(self, name: str) -> Callable[[T], T]:
        """Decorator form of `add`."""

        def decorate(item: T) -> T:
            return self.add(name, item)

        return decorate

    def get(self, name: str) -> T:
        if name not in self._items:
            _complete()
        try:
            return self._items[name]
        except KeyError:
            known = ", ".join(sorted(self._items)) or "(none)"
            raise UnknownKeyError(f"unknown {self.kind} {name!r}; known: {known}{_failed_plugins()}") from None

    def __contains__(self, name: object) -> bool:
        if name not in self._items:
            _complete()
        return name in self._items

    def __iter__(self) -> Iterator[str]:
        _complete()
        return iter(sorted(self._items))

    def __len__(self) -> int:
        _complete()
        return len(self._items)

    def items(self) -> list[tuple[str, T]]:
        _complete()
        return sorted(self._items.items())


def registry_list() -> list[Registry[Any]]:
    """Every registry created so far (plugins may create their own)."""
    return list(_ALL)


def snapshot() -> list[tuple[Registry[Any], dict[str, Any]]]:
    """Every registry's entries now, to undo a plugin that failed half-way (`restore`). The plugins
    load first: a snapshot from before they did would, restored, empty every registry for good."""
    _complete()  # returns at once inside the loading thread (a plugin being loaded takes its own)
    return [(registry, dict(registry._items)) for registry in list(_ALL)]


def restore(state: list[tuple[Registry[Any], dict[str, Any]]]) -> None:
    """Put every registry back as `snapshot` saw it; registries created since are emptied."""
    kept = {id(registry) for registry, _ in state}
    for registry, items in state:
        registry._items = dict(items)
    for registry in _ALL:
        if id(registry) not in kept:
            registry._items = {}
