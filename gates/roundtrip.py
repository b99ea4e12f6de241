"""The file gate's LibreOffice round trip, bound to a run: on where LibreOffice is installed."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from gates.libreoffice import RoundTrip, libreoffice_available, profile_for_worker, roundtrip, supports_roundtrip


def libreoffice_roundtrip(profile_root: Path) -> Callable[[bytes, str], RoundTrip | None] | None:
    """A per-file round trip using one LibreOffice profile per worker thread, or None without soffice."""
    if not libreoffice_available():
        return None

    def check(data: bytes, file_type: str) -> RoundTrip | None:
        if not supports_roundtrip(file_type):
            return None
        return roundtrip(data, file_type, profile_dir=profile_for_worker(profile_root))

    return check
