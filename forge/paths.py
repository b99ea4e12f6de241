"""Safe joins under a root folder: model-written paths must never reach host files."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from forge.errors import ForgeError


class UnsafePathError(ForgeError, ValueError):
    """Raised when a relative path would leave its root (`..`, absolute, or a symlink out)."""


def resolve_inside(root: Path, rel_path: str) -> Path:
    """Join `rel_path` under `root`, refusing anything that resolves outside it.

    Symlinks are followed and must stay inside; an agent that links `out.xlsx -> /etc/passwd`
    gets a refusal, not the host file.
    """
    rel = PurePosixPath(rel_path)
    if rel.is_absolute() or ".." in rel.parts or not rel.parts:
        raise UnsafePathError(f"path {rel_path!r} must be relative to the job dir, without '..'")
    base = root.resolve()
    target = (base / rel).resolve()
    if target != base and base not in target.parents:
        raise UnsafePathError(f"path {rel_path!r} resolves outside the job dir (a symlink?)")
    return target
