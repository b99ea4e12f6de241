"""The file-type contract: one handler owns a format end to end. The one page a plugin reads.

A handler, registered under the type's key (`TaskFile.type`), does everything forge does with
that format, so nothing about it is spread over the gates, checks and mutators:

- `inspect(data)`: open with the real library for the file gate (structure, visible text);
  raises PreparerError on a file that does not open;
- `check_bounds(data, path)`: refuse, BEFORE any parser runs, a file whose parsing could exhaust
  memory (zip bombs, huge grids); raises CheckError naming the file;
- `read(data, path, view)`: the content as a typed view (`forge.views`) that checks read;
- `create(view)`: write a view back as this type (optional: None when not supported);
- `libreoffice`: how the file gate round-trips it through LibreOffice (None: no route);
- mutators for the package gate's probes: `@register_mutator(..., file_types={"<type>"})`
  (`forge.filetypes.mutation`) in the handler's own module;
- `folder = True` (with `pack`/`unpack`): the type is a FOLDER in the job dir carried as one
  archive (`tree`). Declared as an output, it is the folder as the task leaves it: files moved
  or renamed inside it are the output, not undeclared files; the gate reads it whole and its
  mutants replace it whole, so its checks must account for every file in it.

    @register_file_type("csv")
    class CsvFile(FileTypeBase):
        extensions = (".csv",)
        views = ("table",)
        def inspect(self, data): ...
        def read(self, data, path, view): return TableView(...)

Handlers live with their app (`preparers/filetypes/<type>.py`) and register on import; the
core finds them through this registry, never by importing them.
"""

from __future__ import annotations

import functools
import hashlib
from collections import OrderedDict
from collections.abc import Callable
from pathlib import PurePosixPath
from threading import Lock
from typing import ClassVar, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from forge.errors import CheckError, PreparerError, UnknownKeyError
from forge.filetypes.libreoffice import LibreOfficeRoute
from forge.registry import Registry
from forge.views import View

T = TypeVar("T")
V = TypeVar("V", bound=View)


class FileReport(BaseModel):
    """What the file gate learned by opening a file: its structure, for reasons and reports."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    type: str
    summary: dict[str, JsonValue] = Field(default_factory=dict)
    text: str = Field(default="", description="Visible text, scanned for template leftovers.")
    problems: list[str] = Field(default_factory=list, description="Structural faults that do not stop it opening.")


@runtime_checkable
class FileType(Protocol):
    """A format's handler; subclass `FileTypeBase` to get the optional parts' defaults."""

    name: str
    extensions: tuple[str, ...]
    views: tuple[str, ...]
    libreoffice: LibreOfficeRoute | None

    def inspect(self, data: bytes) -> FileReport: ...

    def check_bounds(self, data: bytes, path: str) -> None: ...

    def read(self, data: bytes, path: str, view: str) -> View: ...

    def create(self, view: View) -> bytes | None: ...


class FileTypeBase:
    """Defaults for the optional parts: no views, no LibreOffice route, a size bound only."""

    name: str = ""
    extensions: tuple[str, ...] = ()
    views: tuple[str, ...] = ()
    libreoffice: LibreOfficeRoute | None = None
    max_bytes: ClassVar[int] = 50 * 1024 * 1024

    def inspect(self, data: bytes) -> FileReport:
        raise PreparerError(f"file type {self.name!r} has no inspector")

    def check_bounds(self, data: bytes, path: str) -> None:
        if len(data) > self.max_bytes:
            raise CheckError(f"{path} is {len(data)} bytes, over the {self.max_bytes}-byte bound for {self.name}")

    def read(self, data: bytes, path: str, view: str) -> View:
        raise CheckError(f"{path}: a {self.name} file cannot be read as a {view} view; "
                         f"it reads as {list(self.views) or 'no view'}")

    def create(self, view: View) -> bytes | None:
        return None

    folder: ClassVar[bool] = False

    def pack(self, files: dict[str, bytes]) -> bytes:
        """A folder type's files (relative posix path -> bytes) as its archive."""
        raise PreparerError(f"file type {self.name!r} is not a folder type")

    def unpack(self, data: bytes, path: str) -> dict[str, bytes]:
        """A folder type's archive as its files, within the type's bounds (CheckError beyond)."""
        raise PreparerError(f"file type {self.name!r} is not a folder type")


FILE_TYPES: Registry[FileType] = Registry("file type")


def register_file_type(name: str) -> Callable[[type[T]], type[T]]:
    """Register a handler class under `name`; its instance serves every file of the type."""

    def add(cls: type[T]) -> type[T]:
        handler = cls()
        if not getattr(handler, "name", ""):
            handler.name = name  # type: ignore[attr-defined]
        missing = [a for a in ("inspect", "check_bounds", "read", "create", "views", "extensions", "libreoffice")
                   if not hasattr(handler, a)]
        if missing:
            raise PreparerError(f"file type {name!r} ({cls.__name__}) lacks {missing}: subclass "
                                "forge.filetypes.FileTypeBase for the defaults")
        FILE_TYPES.add(name, handler)  # type: ignore[arg-type]
        return cls

    return add


def file_type_for(path: str) -> FileType:
    """The handler for a job-dir path, by its extension (longest match: `.tar.gz` before `.gz`)."""
    name = PurePosixPath(path).name.lower()
    best: tuple[int, FileType] | None = None
    for handler in (h for _, h in FILE_TYPES.items()):
        for ext in handler.extensions:
            if name.endswith(ext) and (best is None or len(ext) > best[0]):
                best = (len(ext), handler)
    if best is None:
        known = sorted({e for _, h in FILE_TYPES.items() for e in h.extensions})
        raise CheckError(f"{path}: no file type handles this extension; known: {', '.join(known) or '(none)'}")
    return best[1]


_INSPECTED: OrderedDict[tuple[str, bytes], FileReport] = OrderedDict()
_VIEWS: OrderedDict[tuple[str, str, str, bytes], View] = OrderedDict()
_KEPT = 256  # entries per cache, keyed by content digest: the files themselves are not kept
_lock = Lock()


def _digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=16).digest()


def _remember(cache: OrderedDict, key: tuple, value: T) -> T:  # type: ignore[type-arg]
    with _lock:
        cache[key] = value
        if len(cache) > _KEPT:
            cache.popitem(last=False)
    return value


def parsed_once(maxsize: int = 32) -> Callable[[Callable[[bytes], T]], Callable[[bytes], T]]:
    """Decorate a handler's `parse(data)` so each content is parsed once per process: the file
    gate's inspection, its LibreOffice probes and the checks' views of the same bytes (an input
    read by every probe, the oracle's output by the gate and its checks) share one library parse.
    Keyed by digest (the bytes are not kept); the result is shared, so it must be read-only;
    a parse that raises is not remembered."""

    def wrap(parse: Callable[[bytes], T]) -> Callable[[bytes], T]:
        kept: OrderedDict[bytes, T] = OrderedDict()
        guard = Lock()

        @functools.wraps(parse)
        def once(data: bytes) -> T:
            key = _digest(data)
            with guard:
                if key in kept:
                    kept.move_to_end(key)
                    return kept[key]
            result = parse(data)
            with guard:
                kept[key] = result
                while len(kept) > maxsize:
                    kept.popitem(last=False)
            return result

        once.cache_clear = kept.clear  # type: ignore[attr-defined]
        return once

    return wrap


def inspect_file(file_type: str, data: bytes) -> FileReport:
    """Open `data` with its type's handler, once per content: gates inspect the same file repeatedly."""
    key = (file_type, _digest(data))
    found = _INSPECTED.get(key)
    if found is not None:
        return found
    handler = FILE_TYPES.get(file_type)
    try:  # bounds before any parser, as for checks: an oracle's output is read here too
        handler.check_bounds(data, f"this {file_type} file")
    except CheckError as exc:
        raise PreparerError(str(exc)) from exc
    return _remember(_INSPECTED, key, handler.inspect(data))


def read_view(data: bytes, path: str, view: type[V], file_type: str | None = None) -> V:
    """`data` (found at `path`) as a `view`: bounds first, then the handler's reader; parsed once
    per (content, path, view) for every probe and episode. Shared and read-only.

    Raises CheckError when the file is out of bounds, does not parse, or has no such view.
    """
    try:
        handler = FILE_TYPES.get(file_type) if file_type else file_type_for(path)
    except UnknownKeyError as exc:
        raise CheckError(f"{path}: {exc}") from exc
    key = (handler.name, path, view.kind, _digest(data))
    found = _VIEWS.get(key)
    if found is not None:
        return found  # type: ignore[return-value]
    if view.kind not in handler.views:
        raise CheckError(f"{path}: a {handler.name} file cannot be read as a {view.kind} view; "
                         f"it reads as {list(handler.views) or 'no view'}")
    handler.check_bounds(data, path)
    result = handler.read(data, path, view.kind)
    if not isinstance(result, view):
        raise CheckError(f"{path}: the {handler.name} handler returned {type(result).__name__}, not {view.__name__}")
    return _remember(_VIEWS, key, result)
