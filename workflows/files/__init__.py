"""The files app (plugin `files`): a cluttered folder (photos, documents, downloads) and its
file-management workflows.

Importing it registers the tree handler, the tree check library (whose `tree` source walks the
folder as the run left it), the preparer and the workflows; its skills are `data/skills/files.jsonl`.
"""

from forge.checks import tree as _checks  # noqa: F401
from preparers import files as _preparer  # noqa: F401
from preparers.filetypes import csv as _csv, text as _text, tree as _tree  # noqa: F401
from workflows.files import inventory, large_files, photo_dates, remove_duplicates  # noqa: F401  (register on import)

__all__ = ["inventory", "large_files", "photo_dates", "remove_duplicates"]
