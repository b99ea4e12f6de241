"""The files app (plugin `files`): a cluttered folder (photos, documents, downloads) and its
file-management workflows.

Importing it registers the tree handler, the tree check library (whose `tree` source walks the
folder as the run left it), the preparer and the workflows; its skills are `data/skills/files.jsonl`.
"""

from forge.checks import tree as _checks  # noqa: F401
from forge.checks import tree_reports as _reports
from preparers import files as _preparer  # noqa: F401
from preparers.filetypes import csv as _csv  # noqa: F401
from preparers.filetypes import text as _text
from preparers.filetypes import tree as _tree
from workflows.files import (  # noqa: F401  (register on import)
    checksum_manifest,
    inventory,
    large_files,
    photo_dates,
    remove_duplicates,
    usage_by_type,
    verify_checksums,
)

__all__ = ["checksum_manifest", "inventory", "large_files", "photo_dates", "remove_duplicates", "usage_by_type",
           "verify_checksums"]
