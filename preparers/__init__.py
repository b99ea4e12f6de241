"""Preparers: seeded, realistic app content and the file-type handlers the file gate opens.

Built-ins register on import exactly as a plugin would, through `preparers.spec`.
"""

from preparers import filetypes  # noqa: F401  (docx, pptx, pdf, txt, md, csv, json, py)
from preparers import spreadsheet  # noqa: F401  (built-ins register on import)
from preparers.spec import (
    FILE_TYPES,
    PREPARERS,
    FileReport,
    FileType,
    Preparer,
    register_file_type,
    register_preparer,
)

__all__ = [
    "FILE_TYPES",
    "PREPARERS",
    "FileReport",
    "FileType",
    "Preparer",
    "register_file_type",
    "register_preparer",
    "spreadsheet",
]
