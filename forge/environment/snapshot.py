"""A job dir's state as plain data, so one setup can seed many probe dirs without rerunning it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from forge.paths import resolve_inside
from forge.tree import TreeLimits, TreeReader, walk


class JobState(BaseModel):
    """Regular files (by job-dir path) and folders; symlinks and special files are not kept."""

    model_config = ConfigDict(frozen=True)

    files: dict[str, bytes]
    dirs: list[str]

    @classmethod
    def capture(cls, job_dir: Path, limits: TreeLimits | None = None) -> JobState:
        """The job dir's files and folders, read within `limits` (depth, entries, bytes by size,
        time; `forge.tree`), never through a link; raises TreeLimitError over a bound."""
        reader = TreeReader(job_dir, limits)
        files: dict[str, bytes] = {}
        dirs: list[str] = []
        for entry in walk(job_dir, limits):
            if entry.kind == "dir":
                dirs.append(entry.rel)
            elif entry.kind == "file":
                files[entry.rel] = reader.read(entry)
        return cls(files=dict(sorted(files.items())), dirs=sorted(dirs))

    def restore(self, job_dir: Path) -> None:
        """Write this state into an empty dir."""
        for rel in self.dirs:
            resolve_inside(job_dir, rel).mkdir(parents=True, exist_ok=True)
        for rel, data in self.files.items():
            target = resolve_inside(job_dir, rel)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)

    @contextmanager
    def overlaid(self, job_dir: Path, overrides: dict[str, bytes | None]) -> Iterator[Path]:
        """`job_dir`, restored from this state, with `overrides` laid over it while inside; put
        back as restored on exit, so one dir serves many read-only probes (no copy per probe)."""
        made: list[Path] = []
        try:
            for rel, data in overrides.items():
                target = resolve_inside(job_dir, rel)
                if data is None:
                    target.unlink(missing_ok=True)
                    continue
                new_dirs, parent = [], target.parent
                while parent != job_dir and not parent.exists():
                    new_dirs.append(parent)
                    parent = parent.parent
                target.parent.mkdir(parents=True, exist_ok=True)
                made.extend(reversed(new_dirs))  # outermost first
                target.write_bytes(data)
            yield job_dir
        finally:
            for rel in overrides:
                target = resolve_inside(job_dir, rel)
                if rel in self.files:
                    target.write_bytes(self.files[rel])
                elif not target.is_dir():
                    target.unlink(missing_ok=True)
            for folder in reversed(made):
                folder.rmdir()
