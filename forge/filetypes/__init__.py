"""File types: the handler contract and registry (`spec`), LibreOffice routes, mutation probes.

Handlers themselves live with their apps (`preparers/filetypes/`) and register on import.
"""

from forge.filetypes.libreoffice import Expect, LibreOfficeRoute, Unverified
from forge.filetypes.mutation import (
    ANY_TYPE,
    MUTATORS,
    MutantFiles,
    MutationInput,
    Mutator,
    mutants,
    register_mutator,
)
from forge.filetypes.spec import (
    FILE_TYPES,
    FileReport,
    FileType,
    FileTypeBase,
    file_type_for,
    inspect_file,
    parsed_once,
    read_view,
    register_file_type,
)

__all__ = [
    "ANY_TYPE", "FILE_TYPES", "MUTATORS", "Expect", "FileReport", "FileType", "FileTypeBase", "LibreOfficeRoute",
    "MutantFiles", "MutationInput", "Mutator", "Unverified", "file_type_for", "inspect_file", "mutants",
    "parsed_once", "read_view", "register_file_type", "register_mutator",
]
