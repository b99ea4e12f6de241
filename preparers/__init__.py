"""Preparers: seeded, realistic app content, written through the file-type handlers.

Nothing registers on import of this package: each app is a plugin (`forge.plugins`) whose
module imports its preparer, exactly as an outside package's would.
"""

from preparers.spec import (
    FILE_TYPES,
    PREPARERS,
    FileReport,
    FileType,
    FileTypeBase,
    Preparer,
    register_file_type,
    register_preparer,
)

__all__ = ["FILE_TYPES", "PREPARERS", "FileReport", "FileType", "FileTypeBase", "Preparer", "register_file_type",
           "register_preparer"]
