"""Pure-Python packages a sandbox may import: copied in read-only, nothing of the host mounted.

A sandbox opened with packages gets a tmpfs of its own at IMPORT_ROOT, which bwrap fills from
memfds (`--file`, as it copies the warm python's shims in) and then remounts read-only. So its
mount table shows a tmpfs, never a host path, and no process inside, whatever its uid, can write,
chmod or add a file there (EROFS). IMPORT_ROOT is on every sandbox's PYTHONPATH (a constant, so
the warm python's template was started with the same one); a sandbox opened without packages has
no IMPORT_ROOT at all, so a package it was not given does not import (ModuleNotFoundError).
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import PurePosixPath

from pydantic import BaseModel, ConfigDict, Field, field_validator

from forge.errors import ConfigError

IMPORT_ROOT = "/run/forge-lib"
"""Where the packages lie inside; on PYTHONPATH in every sandbox."""
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_FILE_PART = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*")
_PAGE = 4096
_SLACK = 1 << 20


class PythonPackage(BaseModel):
    """One package's files by path relative to the package dir (`__init__.py`, `sub/mod.py`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(description="The dotted import name, e.g. `forgelib.tables`.")
    files: dict[str, bytes] = Field(min_length=1)

    @field_validator("name")
    @classmethod
    def _dotted(cls, name: str) -> str:
        if not all(_NAME.fullmatch(part) for part in name.split(".")):
            raise ValueError(f"package name {name!r} is not a dotted Python identifier such as `forgelib.tables`")
        return name

    @field_validator("files")
    @classmethod
    def _relative(cls, files: dict[str, bytes]) -> dict[str, bytes]:
        for path in files:
            parts = PurePosixPath(path).parts
            if not parts or path.startswith("/") or not all(_FILE_PART.fullmatch(p) for p in parts):
                raise ValueError(f"package file {path!r} must be a relative path of plain names (no `..`, no `/` first)")
        return files

    def placed(self) -> dict[str, bytes]:
        """The files by their path inside the sandbox."""
        root = f"{IMPORT_ROOT}/{self.name.replace('.', '/')}"
        return {f"{root}/{path}": data for path, data in self.files.items()}


def layout(packages: Sequence[PythonPackage]) -> dict[str, bytes]:
    """Every file of `packages` by its path inside; two packages claiming one path raise ConfigError."""
    files: dict[str, bytes] = {}
    for package in packages:
        for path, data in package.placed().items():
            if path in files:
                raise ConfigError(f"two python packages for one sandbox both hold {path}; give each its own name")
            files[path] = data
    return files


def mount(files: dict[str, bytes]) -> tuple[list[str], list[int]]:
    """bwrap's options for a read-only IMPORT_ROOT holding `files`, and the memfds they name (the
    caller passes them to bwrap and closes them). Fresh memfds per start: a restarted shell gets
    a fresh root, and bwrap reads each to its end."""
    if not files:
        return [], []
    size = sum(-(-len(data) // _PAGE) * _PAGE for data in files.values()) + _SLACK
    args = ["--perms", "0755", "--size", str(size), "--tmpfs", IMPORT_ROOT]
    dirs = sorted({str(parent) for path in files for parent in PurePosixPath(path).parents
                   if str(parent).startswith(IMPORT_ROOT + "/")}, key=len)
    for directory in dirs:
        args += ["--perms", "0755", "--dir", directory]
    fds: list[int] = []
    try:
        for path, data in sorted(files.items()):
            fd = os.memfd_create("forge-lib", os.MFD_CLOEXEC)
            fds.append(fd)
            _write_all(fd, data)
            os.lseek(fd, 0, os.SEEK_SET)
            args += ["--perms", "0444", "--file", str(fd), path]
    except BaseException:
        for fd in fds:
            os.close(fd)
        raise
    return [*args, "--remount-ro", IMPORT_ROOT], fds


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
