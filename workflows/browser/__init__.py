"""The browser app (plugin `browser`): tasks done in Chromium on a local site from `sites/`.

The site's state is a JSON file of the task, so the json check library reads what the site
saved; its skills are `data/skills/browser.jsonl`.
"""

from forge.checks import json as _checks  # noqa: F401
from preparers.filetypes import json as _json  # noqa: F401
from workflows.browser import update_member

__all__ = ["update_member"]
