"""Programmatic rubric checks: the check contract, where state comes from, and the check library.

Checks are grouped by the view they read (`table.*` over `forge.views.TableView`, ...), not by
workflow or file type; built-in checks register on import exactly as a plugin's do.
"""

from forge.checks import files, table  # noqa: F401  (built-in checks register on import)
from forge.checks._xlsx_limits import written_by_forge
from forge.checks.source import SOURCES, Source, input_view, output_view
from forge.checks.spec import (
    CHECKS,
    CheckKind,
    CheckOptions,
    InputPath,
    OutputPath,
    PathOf,
    Verdict,
    parse_options,
    register_check,
    run_check,
    run_rubric,
)
from forge.checks.state import FinalState

__all__ = [
    "CHECKS", "SOURCES", "CheckKind", "CheckOptions", "FinalState", "InputPath", "OutputPath", "PathOf", "Source",
    "Verdict", "input_view", "output_view", "parse_options", "register_check", "run_check", "run_rubric",
    "written_by_forge",
]
