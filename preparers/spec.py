"""The preparer contract, the one page a plugin author reads.

A preparer owns one app's content: it writes realistic, seeded, coherent files in the app's
formats through the file-type handlers (`forge.filetypes`: one handler per format owns
create/inspect, bounds, views, the LibreOffice route and mutators).

    @register_preparer("spreadsheet")
    class SpreadsheetPreparer:
        version = "1"
        file_types = ["xlsx", "csv"]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar, runtime_checkable

from forge.filetypes import FILE_TYPES, FileReport, FileType, FileTypeBase, inspect_file, register_file_type
from forge.registry import Registry

T = TypeVar("T")


@runtime_checkable
class Preparer(Protocol):
    """One app's content writer. Workflows import the concrete class for its app-specific API."""

    version: str
    file_types: list[str]


PREPARERS: Registry[Preparer] = Registry("preparer")


def register_preparer(app: str) -> Callable[[type[T]], type[T]]:
    def add(cls: type[T]) -> type[T]:
        PREPARERS.add(app, cls())  # type: ignore[arg-type]
        return cls

    return add


__all__ = ["FILE_TYPES", "PREPARERS", "FileReport", "FileType", "FileTypeBase", "Preparer", "inspect_file",
           "register_file_type", "register_preparer"]
