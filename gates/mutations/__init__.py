"""Mutation probes for the package gate. The contract is core (`forge.filetypes.mutation`);
mutators for one file type live with its handler (`preparers/filetypes/<type>_mutators.py`),
the ones for any file here."""

from gates.mutations import files as _files  # noqa: F401
from gates.mutations.spec import MUTATORS, MutantFiles, MutationInput, Mutator, mutants, register_mutator

__all__ = ["MUTATORS", "MutantFiles", "MutationInput", "Mutator", "mutants", "register_mutator"]
