"""The preparer contract, the one page a plugin author reads.

A preparer owns one app's files: it writes realistic, seeded content in the app's formats and
knows how to open them. A file-type handler lets the file gate open any produced file with its
own library and check its structure.

    @register_file_type("xlsx")
    class XlsxFile:
        def inspect(self, data: bytes) -> FileReport: ...

    @register_preparer("spreadsheet")
    class SpreadsheetPreparer:
        version = "1"
        file_types = ["xlsx"]
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from forge.registry import Registry

T = TypeVar("T")


class FileReport(BaseModel):
    """What the file gate learned by opening a file: its structure, for reasons and reports."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    type: str
    summary: dict[str, JsonValue] = Field(default_factory=dict)
    text: str = Field(default="", description="Visible text, scanned for template leftovers.")
    problems: list[str] = Field(default_factory=list, description="Structural faults that do not stop it opening.")


@runtime_checkable
class FileType(Protocol):
    """Opens one file type with its real library. `inspect` raises PreparerError on a bad file."""

    def inspect(self, data: bytes) -> FileReport: ...


@runtime_checkable
class Preparer(Protocol):
    """One app's content writer. Workflows import the concrete class for its app-specific API."""

    version: str
    file_types: list[str]


PREPARERS: Registry[Preparer] = Registry("preparer")
FILE_TYPES: Registry[FileType] = Registry("file type")


@lru_cache(maxsize=256)
def inspect_file(file_type: str, data: bytes) -> FileReport:
    """Open `data` with its type's handler, once per content: gates inspect the same file repeatedly."""
    return FILE_TYPES.get(file_type).inspect(data)


def register_preparer(app: str) -> Callable[[type[T]], type[T]]:
    def add(cls: type[T]) -> type[T]:
        PREPARERS.add(app, cls())  # type: ignore[arg-type]
        return cls

    return add


def register_file_type(name: str) -> Callable[[type[T]], type[T]]:
    def add(cls: type[T]) -> type[T]:
        FILE_TYPES.add(name, cls())  # type: ignore[arg-type]
        return cls

    return add
