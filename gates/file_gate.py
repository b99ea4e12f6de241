"""File-level gate: the bundle is well formed and every file opens with its own library."""

from __future__ import annotations

from pydantic import JsonValue, ValidationError

from forge.checks import CHECKS, parse_options
from forge.environment import SETUP_STEPS
from forge.errors import CheckError, PreparerError, UnknownKeyError
from forge.models import TaskBundle
from gates.spec import GateContext, Rejection, register_gate
from preparers import FILE_TYPES


@register_gate("file")
class FileGate:
    name = "file"

    def check(self, bundle: TaskBundle, ctx: GateContext) -> dict[str, JsonValue]:
        _check_rubric(bundle)
        _check_setup(bundle)
        reports: dict[str, JsonValue] = {}
        for spec in bundle.files:
            if spec.type not in FILE_TYPES:
                raise Rejection("unknown_file_type", f"{spec.path}: no handler for file type {spec.type!r}; "
                                f"known: {', '.join(FILE_TYPES)}", path=spec.path)
            if spec.role == "input":
                if not spec.content:
                    raise Rejection("input_missing_content", f"{spec.path}: input file has no content", path=spec.path)
                try:
                    report = FILE_TYPES.get(spec.type).inspect(spec.content)
                except PreparerError as exc:
                    raise Rejection("file_unreadable", f"{spec.path}: {exc}", path=spec.path) from exc
                reports[spec.path] = report.summary
        if not bundle.outputs():
            raise Rejection("no_declared_output", "the bundle declares no output file to check")
        return {"files": reports}


def _check_rubric(bundle: TaskBundle) -> None:
    for number, check in enumerate(bundle.rubric.checks, start=1):
        if check.func not in CHECKS:
            raise Rejection("unknown_check", f"check {number}: unknown check {check.func!r}; known: {', '.join(CHECKS)}")
        try:
            parse_options(check)
        except CheckError as exc:
            raise Rejection("invalid_check_options", f"check {number}: {exc}") from exc


def _check_setup(bundle: TaskBundle) -> None:
    for number, step in enumerate(bundle.setup, start=1):
        try:
            SETUP_STEPS.get(step.type).params.model_validate(step.parameters)
        except UnknownKeyError as exc:
            raise Rejection("unknown_setup_step", f"setup step {number}: {exc}") from exc
        except ValidationError as exc:
            raise Rejection("invalid_setup_step", f"setup step {number} ({step.type}): {exc}") from exc
