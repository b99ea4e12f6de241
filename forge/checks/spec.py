"""The check contract: one registered function per check kind, with a pydantic options model.

A rubric names checks as data (`Check(func=..., options=...)`); this module validates the
options against the function's model and runs it against the final state of an environment.
A check that fails is a result; only a check that cannot be evaluated is an error.

Writing a check (the whole contract)::

    class CellEquals(CheckOptions):
        file: str
        cell: str
        expected: float

    @register_check("xlsx.cell_equals", CellEquals)
    def cell_equals(state: FinalState, opts: CellEquals) -> Verdict:
        value = state.xlsx(opts.file).active[opts.cell].value
        return Verdict.of(value == opts.expected, f"{opts.cell} is {value!r}, expected {opts.expected!r}")
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from forge.errors import CheckError, UnknownKeyError
from forge.models import Check, CheckResult, RubricResult
from forge.registry import Registry
from forge.checks.state import FinalState

OptionsT = TypeVar("OptionsT", bound="CheckOptions")
logger = logging.getLogger(__name__)


class CheckOptions(BaseModel):
    """Base for a check's options.

    Information barrier: every free value in the options (a header name, a label, a threshold)
    must be something the instruction states. Fields that only tune how strictly the check
    compares, and so say nothing about the task, are listed in `tuning`.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    tuning: ClassVar[frozenset[str]] = frozenset({"tolerance"})

    def files_read(self) -> list[str]:
        """Job-dir paths this check reads (fields named `file` or `*_file`), for the consistency gate."""
        return [
            value
            for name, value in self.model_dump().items()
            if (name == "file" or name.endswith("_file")) and isinstance(value, str)
        ]


@dataclass(frozen=True)
class Verdict:
    passed: bool
    message: str

    @classmethod
    def of(cls, passed: bool, message: str) -> Verdict:
        return cls(bool(passed), message)


CheckFn = Callable[[FinalState, Any], Verdict]


@dataclass(frozen=True)
class CheckKind(Generic[OptionsT]):
    name: str
    options: type[OptionsT]
    fn: Callable[[FinalState, OptionsT], Verdict]
    description: str


CHECKS: Registry[CheckKind[Any]] = Registry("check")


def register_check(name: str, options: type[OptionsT]) -> Callable[[Callable[[FinalState, OptionsT], Verdict]], Callable[[FinalState, OptionsT], Verdict]]:
    def add(fn: Callable[[FinalState, OptionsT], Verdict]) -> Callable[[FinalState, OptionsT], Verdict]:
        CHECKS.add(name, CheckKind(name, options, fn, (fn.__doc__ or "").strip()))
        return fn

    return add


def parse_options(check: Check) -> CheckOptions:
    """Validate a check's options against its registered model; raises CheckError naming the check."""
    kind = CHECKS.get(check.func)
    try:
        return kind.options.model_validate(check.options)
    except ValidationError as exc:
        raise CheckError(f"check {check.func!r} has invalid options: {exc}") from exc


def run_check(check: Check, state: FinalState) -> CheckResult:
    try:
        kind = CHECKS.get(check.func)
        options = parse_options(check)
    except (UnknownKeyError, CheckError) as exc:
        return CheckResult(func=check.func, passed=False, error=True, message=str(exc))
    try:
        verdict = kind.fn(state, options)
    except CheckError as exc:  # unreadable or missing output: the solution failed
        return CheckResult(func=check.func, passed=False, message=str(exc))
    except Exception as exc:  # noqa: BLE001 - deliberate: this is the plugin boundary
        # A check function reads files that untrusted code wrote, with parsers that raise
        # whatever they raise (lxml's XMLSyntaxError from openpyxl on a corrupt
        # docProps/core.xml, a KeyError from a missing part...). One such file must cost one
        # errored check, not the whole rubric. BaseException (KeyboardInterrupt, SystemExit)
        # still goes through.
        logger.warning("check %s raised %s", check.func, type(exc).__name__, exc_info=True)
        return CheckResult(
            func=check.func, passed=False, error=True, message=f"{check.func}: {type(exc).__name__}: {exc}"
        )
    return CheckResult(func=check.func, passed=verdict.passed, message=verdict.message)


def run_rubric(checks: list[Check], state: FinalState) -> RubricResult:
    return RubricResult(checks=[run_check(c, state) for c in checks])
