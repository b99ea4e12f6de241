"""Screenshots of a display, grabbed and PNG-encoded on the host (mss + zlib level 1: fast, lossless)."""

from __future__ import annotations

import hashlib
import struct
from typing import Any

from forge.desktop.display import DesktopError


def _mss() -> Any:
    try:
        import mss
        import mss.tools
    except ImportError as exc:
        raise DesktopError("screenshots need mss: install `mage-cua-forge[gui]`") from exc
    return mss


class Screen:
    """One X connection kept open for the episode: a grab costs milliseconds, not a connect."""

    def __init__(self, display_name: str, compress_level: int = 1) -> None:
        mss = _mss()
        self._mss = mss
        self._level = compress_level
        try:
            self._grabber = mss.MSS(display=display_name)
        except Exception as exc:  # mss raises its own ScreenShotError / XError
            raise DesktopError(f"cannot connect to display {display_name}: {exc}") from exc

    def grab(self) -> tuple[bytes, tuple[int, int]]:
        """Raw RGB bytes of the whole screen and its (width, height)."""
        try:
            shot = self._grabber.grab(self._grabber.monitors[1])
        except Exception as exc:
            raise DesktopError(f"screenshot failed: {exc}") from exc
        return shot.rgb, (shot.size.width, shot.size.height)

    def png(self) -> bytes:
        rgb, size = self.grab()
        return self._mss.tools.to_png(rgb, size, level=self._level)

    def digest(self) -> str:
        """A fingerprint of the screen, to tell when it stopped changing."""
        return hashlib.blake2b(self.grab()[0], digest_size=16).hexdigest()

    def close(self) -> None:
        self._grabber.close()


def png_size(png: bytes) -> tuple[int, int]:
    """(width, height) from a PNG's header; raises DesktopError on anything that is not a PNG."""
    if len(png) < 24 or png[:8] != b"\x89PNG\r\n\x1a\n" or png[12:16] != b"IHDR":
        raise DesktopError("not a PNG image")
    width, height = struct.unpack(">II", png[16:24])
    return width, height
