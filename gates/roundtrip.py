"""The file gate's LibreOffice round trip, bound to a run: on where LibreOffice is installed."""

from __future__ import annotations

import contextlib
import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from gates import _offload as offload
from gates.libreoffice import (
    RoundTrip,
    libreoffice_available,
    profile_for_worker,
    roundtrip,
    supports_roundtrip,
)

KEPT_VERDICTS = 4096  # passed round trips remembered per process, by content digest (32 bytes of key each)
_passed: OrderedDict[tuple[str, bytes], RoundTrip] = OrderedDict()
_passed_lock = threading.Lock()


@dataclass(frozen=True)
class LibreOfficeRoundTrip:
    """Round-trips one file with a LibreOffice profile per worker thread; a plain, picklable value
    so process-pool workers can carry it too.

    Content-addressed: bytes of a type that passed once in this process pass again without
    soffice (the verdict depends on nothing but the bytes and the type's route; a resumed run, or
    an input two tasks share, is converted once). Failures are never remembered: a timeout
    may be soffice's trouble, not the file's, so a failed file is converted again."""

    profile_root: Path

    def __call__(self, data: bytes, file_type: str) -> RoundTrip | None:
        if not supports_roundtrip(file_type):
            return None
        key = (file_type, hashlib.blake2b(data, digest_size=16).digest())
        with _passed_lock:
            if key in _passed:
                _passed.move_to_end(key)
                return _passed[key]
        result = roundtrip(data, file_type, profile_dir=profile_for_worker(self.profile_root))
        if result.ok:
            with _passed_lock:
                _passed[key] = result
                while len(_passed) > KEPT_VERDICTS:
                    _passed.popitem(last=False)
        return result


def libreoffice_roundtrip(profile_root: Path) -> LibreOfficeRoundTrip | None:
    """The round trip, or None where soffice is not installed (the gate then skips it)."""
    return LibreOfficeRoundTrip(profile_root) if libreoffice_available() else None


def warm_up(roundtrip: LibreOfficeRoundTrip, files: dict[str, bytes]) -> None:
    """Round-trip `files` (type -> bytes) on the thread the gates' round trips run on, so this
    process's soffice for them is up, with each type's module loaded, before the first task.
    Failures are left for the gates themselves to meet and record."""
    for file_type, data in files.items():
        with contextlib.suppress(Exception):
            offload.submit(roundtrip, data, file_type).result()
