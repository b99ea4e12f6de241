"""File-type handlers beyond xlsx: importing this package registers them in `FILE_TYPES`.

Each module registers through `preparers.spec.register_file_type`, exactly as a plugin would,
so the file gate can open every produced file with its own library.
"""

from preparers.filetypes import office, pdf, text  # noqa: F401  (register on import)

__all__ = ["office", "pdf", "text"]
