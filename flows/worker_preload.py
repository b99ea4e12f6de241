"""Imported once by the flow's worker fork server: every worker forks with the flow's module (whose
tasks it unpickles) imported and the plugins (apps, workflows, checks) loaded, instead of paying
for them on its first task."""

import flows.generate  # noqa: F401
from forge.plugins import ensure_loaded

ensure_loaded()
