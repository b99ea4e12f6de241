"""One output pipe of the sandbox shell, kept up to a byte limit and read to the end.

Output carries no end marker: a command ends when the trusted shell reports its status on a
pipe no sandbox process holds (`forge.sandbox._shell`), so nothing a command prints can end
it early or change its status. Kept apart from `_shell` so that module stays small.
"""

from __future__ import annotations


class _Stream:
    """Collects one pipe up to a byte limit, counting (and dropping) the rest."""

    def __init__(self, limit: int) -> None:
        self._limit = limit
        self.kept = bytearray()
        self.total = 0

    def feed(self, chunk: bytes) -> None:
        self.total += len(chunk)
        room = self._limit - len(self.kept)
        if room > 0:
            self.kept += chunk[:room]

    @property
    def truncated(self) -> bool:
        return self.total > self._limit

    def text(self) -> str:
        return self.kept.decode("utf-8", errors="replace")
