"""The final state a check reads: the job dir after the run, plus the task's original inputs."""

from __future__ import annotations

import io
import os
import zipfile
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from forge.checks._xlsx_limits import check_xlsx_limits
from forge.checks._xlsx_sheet_views import SheetViews, sheet_views
from forge.errors import CheckError
from forge.paths import FileTooLargeError, UnsafePathError, open_inside, read_inside
from forge.tree import walk

MAX_READ_BYTES = 50 * 1024 * 1024  # refuse absurd outputs rather than exhaust memory


class FinalState:
    """Read-only view of an environment's final state, with parsed files cached per run.

    Args:
        job_dir: host path of the job dir as the episode (or probe) left it.
        originals: the task's input files as set up, by job-dir path, so checks can compare
            an output with what the agent was given.
    """

    def __init__(self, job_dir: Path, originals: dict[str, bytes] | None = None) -> None:
        self.job_dir = job_dir
        self.originals = originals or {}
        self._cache: dict[tuple[str, str], Any] = {}

    def read_bytes(self, rel_path: str) -> bytes:
        """Bytes of a job-dir file; raises CheckError when it is missing, unsafe or huge.

        The job dir was written by untrusted code: the file is opened without following any
        symlink on the way (`forge.paths.open_inside`), FIFOs, devices and directories are
        refused without blocking, and the size cap is taken from the opened fd.
        """
        try:
            return read_inside(self.job_dir, rel_path, limit=MAX_READ_BYTES)
        except FileNotFoundError as exc:
            raise CheckError(f"{rel_path} does not exist") from exc
        except (UnsafePathError, FileTooLargeError) as exc:
            raise CheckError(str(exc)) from exc
        except OSError as exc:
            raise CheckError(f"{rel_path} cannot be read: {exc}") from exc

    def exists(self, rel_path: str) -> bool:
        """Whether `rel_path` is a regular file that `read_bytes` would open (no symlinks on the way)."""
        try:
            os.close(open_inside(self.job_dir, rel_path))
        except (UnsafePathError, OSError):
            return False
        return True

    def xlsx(self, rel_path: str, *, data_only: bool = True) -> Any:
        """The workbook at `rel_path` (openpyxl), loaded once per state."""
        key = ("xlsx", f"{rel_path}:{data_only}")
        if key not in self._cache:
            self._cache[key] = _load_xlsx(self.read_bytes(rel_path), rel_path, data_only)
        return self._cache[key]

    def sheet_views(self, rel_path: str) -> SheetViews:
        """The workbook's frozen panes and AutoFilters, read without loading its cells (see
        `forge.checks._xlsx_sheet_views`); once per state."""
        key = ("sheet_views", rel_path)
        if key not in self._cache:
            data = self.read_bytes(rel_path)
            check_xlsx_limits(data, rel_path)
            self._cache[key] = sheet_views(data, rel_path)
        return self._cache[key]

    def sheets(self, rel_path: str) -> Sheets:
        """Every sheet's cell values (calamine: fast, values only), loaded once per state."""
        key = ("sheets", rel_path)
        if key not in self._cache:
            self._cache[key] = _read_sheets(self.read_bytes(rel_path), rel_path)
        return self._cache[key]

    def original_sheets(self, rel_path: str) -> Sheets:
        """The input's sheets as the task gave them; parsed once per content."""
        if rel_path not in self.originals:
            raise CheckError(f"{rel_path} is not one of the task's input files")
        return parsed_sheets(self.originals[rel_path], rel_path)

    def original_xlsx(self, rel_path: str) -> Any:
        """The input workbook as the task gave it; parsed once per content for every probe and episode."""
        if rel_path not in self.originals:
            raise CheckError(f"{rel_path} is not one of the task's input files")
        return original_workbook(self.originals[rel_path], rel_path)

    @cached_property
    def listing(self) -> list[str]:
        """Every regular file in the job dir, as relative posix paths; links and special files are
        not listed. A bounded walk (`forge.tree`): TreeLimitError for a tree too deep or large."""
        return sorted(entry.rel for entry in walk(self.job_dir) if entry.kind == "file")


Sheets = dict[str, list[list[Any]]]


@lru_cache(maxsize=64)
def parsed_sheets(data: bytes, rel_path: str) -> Sheets:
    """`data`'s sheets, parsed once per content for every probe and episode (an input, the
    oracle's output). Shared and read-only: callers must not modify the returned rows."""
    return _read_sheets(data, rel_path)


def _read_sheets(data: bytes, rel_path: str) -> Sheets:
    """Sheet title -> rows of values, in workbook order; empty cells are None (as openpyxl gives)."""
    from python_calamine import CalamineError, CalamineWorkbook

    check_xlsx_limits(data, rel_path)  # calamine makes each sheet a dense grid: bound it first
    try:
        workbook = CalamineWorkbook.from_filelike(io.BytesIO(data))
        return {
            name: [[None if value == "" else value for value in row]
                   for row in workbook.get_sheet_by_name(name).to_python(skip_empty_area=False)]
            for name in workbook.sheet_names
        }
    except (CalamineError, ValueError, OSError) as exc:
        raise CheckError(f"{rel_path} is not a readable xlsx workbook: {exc}") from exc


@lru_cache(maxsize=64)
def original_workbook(data: bytes, rel_path: str) -> Any:
    """Shared and read-only: callers must not modify the returned workbook."""
    return _load_xlsx(data, rel_path, True)


def _load_xlsx(data: bytes, rel_path: str, data_only: bool) -> Any:
    import openpyxl

    check_xlsx_limits(data, rel_path)
    try:
        return openpyxl.load_workbook(io.BytesIO(data), data_only=data_only, read_only=False)
    except (zipfile.BadZipFile, KeyError, ValueError, OSError) as exc:
        raise CheckError(f"{rel_path} is not a readable xlsx workbook: {exc}") from exc
