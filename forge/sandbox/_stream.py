"""One pipe of the sandbox shell, read up to a byte limit, with the per-command end marker spotted in it.

Each command ends by printing a fresh random token (and, on stdout, its exit status); output
cannot forge it. Kept apart from `bwrap` so that module stays small.
"""

from __future__ import annotations


class _Stream:
    """Collects one pipe up to a byte limit and spots the per-command end marker in it."""

    def __init__(self, token: str, limit: int, *, with_code: bool) -> None:
        self._prefix = b"\n" + token.encode() + (b" " if with_code else b"\n")
        self._with_code = with_code
        self._limit = limit
        self._window = bytearray()  # bytes that may still be the start of the marker
        self.kept = bytearray()
        self.total = 0
        self.done = False
        self.code: int | None = None

    def feed(self, chunk: bytes) -> None:
        self._window += chunk
        at = self._window.find(self._prefix)
        if at < 0:
            cut = len(self._window) - (len(self._prefix) - 1)
            if cut > 0:
                self._commit(self._window[:cut])
                del self._window[:cut]
            return
        self._commit(self._window[:at])
        del self._window[:at]
        if self._with_code:
            end = self._window.find(b"\n", len(self._prefix))
            if end < 0:
                return  # the rest of the marker line is still on its way
            digits = bytes(self._window[len(self._prefix) : end])
            self.code = int(digits) if digits.isdigit() else 255
        self._window.clear()  # anything after the marker is a stray background write
        self.done = True

    def flush(self) -> None:
        """No marker will come (EOF, timeout): what waited in the window was output."""
        self._commit(self._window)
        self._window.clear()

    def _commit(self, data: bytes | bytearray) -> None:
        self.total += len(data)
        room = self._limit - len(self.kept)
        if room > 0:
            self.kept += data[:room]

    @property
    def truncated(self) -> bool:
        return self.total > self._limit

    def text(self) -> str:
        return self.kept.decode("utf-8", errors="replace")
