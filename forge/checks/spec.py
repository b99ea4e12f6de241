"""The check contract: one registered function per check kind, with a pydantic options model.

A rubric names checks as data (`Check(func=..., options=...)`); this module validates the
options against the function's model and runs it against the final state of an environment.
A check that fails is a result; only a check that cannot be evaluated is an error.

Checks belong to a VIEW, not to a workflow or a file type: `table.sorted_by` reads a
`TableView`, whichever file (xlsx, csv, docx) it came from. Options that name files are typed
`OutputPath` (the state after the run) or `InputPath` (the task's original input); the gates
find them by that type, never by field name. In-place edits name the same path in both.
Where the state lives is the check's `source` (`forge.checks.source`): "file" today.

Writing a check (the whole contract)::

    class CellEquals(CheckOptions):
        file: OutputPath
        table: str | None = None
        cell: str
        expected: float

    @register_check("table.cell_equals", CellEquals)
    def cell_equals(state: FinalState, opts: CellEquals) -> Verdict:
        "The cell holds the number the instruction gives (the docstring is its documentation)."
        grid = output_view(state, opts.file, TableView).get(opts.table)
        ...
        return Verdict.of(ok, "what was found, where, and what was expected")
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Generic, Literal, TypeVar, get_args, get_origin

from pydantic import BaseModel, ConfigDict, ValidationError

from forge.checks.state import FinalState
from forge.errors import CheckError, UnknownKeyError
from forge.models import Check, CheckResult, RubricResult
from forge.registry import Registry

OptionsT = TypeVar("OptionsT", bound="CheckOptions")
logger = logging.getLogger(__name__)


PathRole = Literal["input", "output"]


@dataclass(frozen=True)
class PathOf:
    """Marks an option as a job-dir path the check reads, and whose state it is."""

    role: PathRole


InputPath = Annotated[str, PathOf("input")]
"""A declared input, read as the task gave it (`input_view`)."""
OutputPath = Annotated[str, PathOf("output")]
"""A declared output, read as the run left it (`output_view`); for an in-place edit, the input's path."""


def path_role(annotation: Any, metadata: list[Any] | None = None) -> PathRole | None:
    """The role of a field typed InputPath/OutputPath (or Optional of one), else None."""
    for meta in metadata or []:
        if isinstance(meta, PathOf):
            return meta.role
    if get_origin(annotation) is Annotated:
        return next((m.role for m in get_args(annotation)[1:] if isinstance(m, PathOf)), None)
    for arg in get_args(annotation):
        role = path_role(arg)
        if role is not None:
            return role
    return None


class CheckOptions(BaseModel):
    """Base for a check's options.

    Information barrier: every free value in the options (a header name, a label, a threshold)
    must be something the instruction states. Fields that only tune how strictly the check
    compares, and so say nothing about the task, are listed in `tuning`.
    """

    # ~430 option models: their schemas are built at first use, not when the plugins load (the flow's
    # workers fork from a server that loads every plugin first, on one core: `flows.worker_preload`)
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    tuning: ClassVar[frozenset[str]] = frozenset({"tolerance"})

    @classmethod
    def path_fields(cls) -> dict[str, PathRole]:
        """Field name -> role, for every option typed InputPath or OutputPath."""
        found = {}
        for name, info in cls.model_fields.items():
            role = path_role(info.annotation, list(info.metadata))
            if role is not None:
                found[name] = role
        return found

    def paths(self) -> list[tuple[str, PathRole, str]]:
        """(field, role, path) for every path this check reads, for the consistency gate."""
        return [(name, role, value) for name, role in self.path_fields().items()
                if isinstance(value := getattr(self, name), str)]

    def files_read(self) -> list[str]:
        """Job-dir paths this check reads, found by their type (InputPath / OutputPath)."""
        return [path for _, _, path in self.paths()]


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
    """A registered check: its options model, function, where its state lives and the view it reads."""

    name: str
    options: type[OptionsT]
    fn: Callable[[FinalState, OptionsT], Verdict]
    description: str
    source: str = "file"
    view: str | None = None


CHECKS: Registry[CheckKind[Any]] = Registry("check")


def register_check(
    name: str, options: type[OptionsT], *, source: str = "file", view: str | None = None
) -> Callable[[Callable[[FinalState, OptionsT], Verdict]], Callable[[FinalState, OptionsT], Verdict]]:
    """Register `fn` as check `name`. `source`: where the state lives ("file": job-dir files);
    `view`: the view kind it reads ("table", ...), for the docs and the contract tests."""

    def add(fn: Callable[[FinalState, OptionsT], Verdict]) -> Callable[[FinalState, OptionsT], Verdict]:
        if not (fn.__doc__ or "").strip():
            raise CheckError(f"check {name!r} has no docstring: say what it verifies, for the docs")
        CHECKS.add(name, CheckKind(name, options, fn, (fn.__doc__ or "").strip(), source, view))
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
    except Exception as exc:
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
