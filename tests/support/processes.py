"""Processes a test started, found under their ancestor (read from /proc)."""

from __future__ import annotations

import contextlib
from pathlib import Path

from forge.prefect_serve import descendants


def running_below(pid: int, command: str) -> list[int]:
    """The processes under `pid` whose executable is named `command`."""
    found = []
    for child in descendants(pid):
        with contextlib.suppress(OSError):
            if Path(f"/proc/{child}/exe").resolve().name == command:
                found.append(child)
    return found
