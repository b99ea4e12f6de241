"""The document app (plugin `document`): docx reports, memos and letters, and their workflows.

Importing it registers the docx handler, the document check library, the preparer and the
workflows; its skills are `data/skills/document.jsonl`.
"""

from forge.checks import document as _checks  # noqa: F401
from preparers import document as _preparer  # noqa: F401
from preparers.filetypes import docx as _docx  # noqa: F401
from workflows.document import add_section, header_footer, replace_text  # noqa: F401  (register on import)

__all__ = ["add_section", "header_footer", "replace_text"]
