"""Mutation probes for the package gate; built-in mutators register like plugins."""

from gates.mutations import files as _files  # noqa: F401
from gates.mutations import xlsx as _xlsx  # noqa: F401
from gates.mutations.spec import MUTATORS, MutantFiles, MutationInput, Mutator, mutants, register_mutator

__all__ = ["MUTATORS", "MutantFiles", "MutationInput", "Mutator", "mutants", "register_mutator"]
