"""The file gate's LibreOffice round trip, bound to a run: on where LibreOffice is installed."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gates.libreoffice import RoundTrip, libreoffice_available, profile_for_worker, roundtrip, supports_roundtrip


@dataclass(frozen=True)
class LibreOfficeRoundTrip:
    """Round-trips one file with a LibreOffice profile per worker thread; a plain, picklable value
    so process-pool workers can carry it too."""

    profile_root: Path

    def __call__(self, data: bytes, file_type: str) -> RoundTrip | None:
        if not supports_roundtrip(file_type):
            return None
        return roundtrip(data, file_type, profile_dir=profile_for_worker(self.profile_root))


def libreoffice_roundtrip(profile_root: Path) -> LibreOfficeRoundTrip | None:
    """The round trip, or None where soffice is not installed (the gate then skips it)."""
    return LibreOfficeRoundTrip(profile_root) if libreoffice_available() else None
