"""Screenshots of a display, grabbed and PNG-encoded on the host: fast, lossless.

A step's overhead is mostly here, so each part is the fast one measured (bench/gui_step.py):
the grab keeps one X connection open (mss); BGRA -> RGB rows with PNG's per-row filter byte is
one numpy copy per channel (1.5 ms at 1920x1080, where mss's `.rgb` takes 7 ms); the deflate is
ISA-L's level 1 (`isal`, ~1 ms and smaller output than zlib's level 1 at ~16 ms), falling back to
the standard library's zlib where isal is not installed.
"""

from __future__ import annotations

import hashlib
import struct
import zlib
from typing import Any

import numpy as np

from forge.desktop.display import DesktopError

try:  # the [gui] extra installs it; zlib gives the same bytes' meaning, only slower
    from isal import isal_zlib as _deflate
except ImportError:  # pragma: no cover - depends on the install
    _deflate = zlib  # type: ignore[assignment]

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _mss() -> Any:
    try:
        import mss
    except ImportError as exc:
        raise DesktopError("screenshots need mss: install `mage-cua-forge[gui]`") from exc
    return mss


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def encode_png(bgra: bytes | bytearray, size: tuple[int, int], level: int = 1) -> bytes:
    """An 8-bit RGB PNG of a BGRA (X server byte order) frame; `level` is the deflate level (0-3 with isal)."""
    width, height = size
    if len(bgra) != width * height * 4:
        raise DesktopError(f"a {width}x{height} frame needs {width * height * 4} bytes, got {len(bgra)}")
    source = np.frombuffer(bgra, np.uint8).reshape(height, width, 4)
    rows = np.zeros((height, 1 + width * 3), np.uint8)  # column 0: filter type 0 (None) for every row
    pixels = rows[:, 1:].reshape(height, width, 3)  # a view: writing it fills `rows`
    pixels[:, :, 0] = source[:, :, 2]
    pixels[:, :, 1] = source[:, :, 1]
    pixels[:, :, 2] = source[:, :, 0]
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (_PNG_SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", _deflate.compress(rows.data, level))
            + _chunk(b"IEND", b""))


class Screen:
    """One X connection kept open for the episode: a grab costs milliseconds, not a connect."""

    def __init__(self, display_name: str, compress_level: int = 1) -> None:
        mss = _mss()
        self._level = compress_level
        try:
            self._grabber = mss.MSS(display=display_name)
        except Exception as exc:  # mss raises its own ScreenShotError / XError
            raise DesktopError(f"cannot connect to display {display_name}: {exc}") from exc

    def grab(self) -> tuple[bytes | bytearray, tuple[int, int]]:
        """Raw BGRA bytes of the whole screen (as the X server sends them) and its (width, height)."""
        try:
            shot = self._grabber.grab(self._grabber.monitors[1])
        except Exception as exc:
            raise DesktopError(f"screenshot failed: {exc}") from exc
        return shot.raw, (shot.size.width, shot.size.height)

    def png(self) -> bytes:
        return encode_png(*self.grab(), level=self._level)

    def digest(self) -> str:
        """A fingerprint of the screen, to tell when it stopped changing."""
        return hashlib.blake2b(self.grab()[0], digest_size=16).hexdigest()

    def close(self) -> None:
        self._grabber.close()


def png_size(png: bytes) -> tuple[int, int]:
    """(width, height) from a PNG's header; raises DesktopError on anything that is not a PNG."""
    if len(png) < 24 or png[:8] != _PNG_SIGNATURE or png[12:16] != b"IHDR":
        raise DesktopError("not a PNG image")
    width, height = struct.unpack(">II", png[16:24])
    return width, height
