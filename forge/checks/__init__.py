"""Programmatic rubric checks: a registry of check kinds and the state they read."""

from forge.checks.spec import CHECKS, CheckKind, CheckOptions, Verdict, parse_options, register_check, run_check, run_rubric
from forge.checks._xlsx_limits import written_by_forge
from forge.checks.state import FinalState
from forge.checks import files, xlsx  # noqa: E402,F401  (built-in checks register on import)

__all__ = [
    "CHECKS", "CheckKind", "CheckOptions", "FinalState", "Verdict",
    "parse_options", "register_check", "run_check", "run_rubric", "written_by_forge",
]
