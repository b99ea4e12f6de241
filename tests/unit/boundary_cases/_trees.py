"""Helpers the tree boundary-case modules of round 5 share: a zip made in memory, and a folder's
files with some left out."""

from __future__ import annotations

import io
import zipfile


def zip_bytes(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
    return out.getvalue()


def without(tree: dict[str, bytes], *paths: str) -> dict[str, bytes]:
    return {k: v for k, v in tree.items() if k not in paths}
