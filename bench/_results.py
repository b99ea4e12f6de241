"""A long bench's per-item results as JSON lines, so a stopped run resumes where it was.

The whole-taxonomy benches take hours on 2 cores. Each item's result is appended as it ends; a
rerun reads the finished ones back and does only the rest.
"""

from __future__ import annotations

from pathlib import Path
from typing import Generic, TypeVar

from pydantic import BaseModel

Result = TypeVar("Result", bound=BaseModel)


class ResultsLog(Generic[Result]):
    """`path` None keeps nothing (a run that does not resume)."""

    def __init__(self, path: Path | None, model: type[Result]) -> None:
        self.path, self.model = path, model

    def kept(self) -> list[Result]:
        """The results a stopped run finished. A line torn by the stop is dropped (its item is redone)
        and the file rewritten with whole lines, so the next result starts a line of its own."""
        if self.path is None or not self.path.exists():
            return []
        kept = []
        for line in self.path.read_text().splitlines():
            try:
                kept.append(self.model.model_validate_json(line))
            except ValueError:
                continue
        staged = self.path.with_name(self.path.name + ".tmp")
        staged.write_text("".join(result.model_dump_json() + "\n" for result in kept))
        staged.replace(self.path)
        return kept

    def append(self, result: Result) -> None:
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a") as log:
                log.write(result.model_dump_json() + "\n")
