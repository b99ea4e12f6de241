"""Mutation probes for the package gate: the contract lives in core (`forge.filetypes.mutation`)
so file-type handlers register their mutators next to their reader; this re-exports it."""

from forge.filetypes.mutation import (
    ANY_TYPE,
    MUTATORS,
    MutantFiles,
    MutateFn,
    MutationInput,
    Mutator,
    mutants,
    register_mutator,
)

__all__ = ["ANY_TYPE", "MUTATORS", "MutantFiles", "MutateFn", "MutationInput", "Mutator", "mutants",
           "register_mutator"]
