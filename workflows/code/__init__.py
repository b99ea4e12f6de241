"""The code app (plugin `code`): small Python packages with their tests, and their workflows.

Importing it registers the py and project handlers, the project check library (whose `project`
source runs a project's tests in a sandbox), the preparer and the workflows; its skills are
`data/skills/code.jsonl`.
"""

from forge.checks import project as _checks  # noqa: F401
from preparers import code as _preparer  # noqa: F401
from preparers.filetypes import project as _project  # noqa: F401
from workflows.code import add_function, fix_bug, rename_function  # noqa: F401  (register on import)

__all__ = ["add_function", "fix_bug", "rename_function"]
