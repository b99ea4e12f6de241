"""Mutation probes: the oracle's output, perturbed the way a wrong agent would leave it.

Every rubric must FAIL on every mutant, or the rubric cannot tell a right answer from a near
miss. Mutators are generic per file type (and a few for any file), registered in the file
type's own module, so a new workflow gets its probes for free by declaring its outputs' types.

    @register_mutator("xlsx.wrong_value", file_types={"xlsx"})
    def wrong_value(probe: MutationInput) -> MutantFiles | None: ...

A mutator returns the files to write over the post-setup state (None: leave that output
absent), or None when it does not apply to this task.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from forge.models import TaskBundle
from forge.registry import Registry

ANY_TYPE = "*"


@dataclass(frozen=True)
class MutationInput:
    """What a mutator may look at: the task, the oracle's outputs and the original inputs."""

    bundle: TaskBundle
    oracle_outputs: dict[str, bytes]
    inputs: dict[str, bytes] = field(default_factory=dict)
    cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)  # per probe, for mutators

    def outputs_of_type(self, file_types: set[str]) -> list[str]:
        return [f.path for f in self.bundle.outputs() if ANY_TYPE in file_types or f.type in file_types]

    def input_of_type(self, file_type: str) -> str | None:
        return next((f.path for f in self.bundle.inputs() if f.type == file_type), None)


MutantFiles = dict[str, bytes | None]
MutateFn = Callable[[MutationInput], MutantFiles | None]


@dataclass(frozen=True)
class Mutator:
    name: str
    file_types: frozenset[str]
    mutate: MutateFn
    description: str


MUTATORS: Registry[Mutator] = Registry("mutator")


def register_mutator(name: str, *, file_types: set[str]) -> Callable[[MutateFn], MutateFn]:
    def add(fn: MutateFn) -> MutateFn:
        MUTATORS.add(name, Mutator(name, frozenset(file_types), fn, (fn.__doc__ or "").strip().splitlines()[0]))
        return fn

    return add


def mutants(probe: MutationInput) -> dict[str, MutantFiles]:
    """Every applicable mutant, by mutator name; mutants identical to the oracle are dropped."""
    found: dict[str, MutantFiles] = {}
    for name, mutator in MUTATORS.items():
        if not probe.outputs_of_type(set(mutator.file_types)):
            continue
        files = mutator.mutate(probe)
        if files is None or all(probe.oracle_outputs.get(p) == data for p, data in files.items()):
            continue
        found[name] = files
    return found
