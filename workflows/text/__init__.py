"""The text app (plugin `text`): notes, READMEs, logs and INI configs, and their workflows.

Importing it registers the txt/md handlers, the text check library, the preparer and the
workflows; its skills are `data/skills/text.jsonl`.
"""

from forge.checks import text as _checks  # noqa: F401
from preparers import text as _preparer  # noqa: F401
from preparers.filetypes import text as _text  # noqa: F401
from workflows.text import ini_edit, log_filter, log_levels, markdown_toc  # noqa: F401  (register on import)

__all__ = ["ini_edit", "log_filter", "log_levels", "markdown_toc"]
