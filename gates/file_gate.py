"""File-level gate: the bundle is well formed, every file opens with its own library and passes
its type's structural checks, nothing is left of a template, and sizes stay in bounds."""

from __future__ import annotations

import re
from concurrent.futures import Future

from pydantic import JsonValue, ValidationError

from forge.checks import CHECKS, parse_options
from forge.environment import SETUP_STEPS
from forge.errors import CheckError, PreparerError, UnknownKeyError
from forge.models import TaskBundle, TaskFile
from gates import _offload as offload
from gates.spec import GateContext, Rejection, RoundTripVerdict, register_gate
from preparers import FILE_TYPES
from preparers.spec import inspect_file

LEFTOVER = re.compile(r"\{\{|\}\}|\{%|%\}|\bNone\b|\bnan\b|\bundefined\b|\bTODO\b|\bPLACEHOLDER\b|\bXXX\b|<[A-Z][A-Z_]{2,}>")


@register_gate("file")
class FileGate:
    name = "file"

    def check(self, bundle: TaskBundle, ctx: GateContext) -> dict[str, JsonValue]:
        _check_rubric(bundle)
        _check_setup(bundle)
        _check_text("instruction", bundle.instruction)
        if not ctx.min_instruction_chars <= len(bundle.instruction) <= ctx.max_instruction_chars:
            raise Rejection("instruction_length", f"instruction has {len(bundle.instruction)} characters; bounds "
                            f"are {ctx.min_instruction_chars}–{ctx.max_instruction_chars}")
        for number, criterion in enumerate(bundle.rubric.criteria, start=1):
            _check_text(f"criterion {number}", criterion)
        if not bundle.outputs():
            raise Rejection("no_declared_output", "the bundle declares no output file to check")
        round_trips = _start_round_trips(bundle, ctx)  # soffice works while the files are inspected
        reports: dict[str, JsonValue] = {}
        for spec in bundle.files:
            _check_sized(spec, ctx)
            if spec.role == "output":
                continue
            try:
                report = inspect_file(spec.type, spec.content or b"")
            except PreparerError as exc:
                raise Rejection("file_unreadable", f"{spec.path}: {exc}", path=spec.path) from exc
            if report.problems:
                raise Rejection("file_malformed", f"{spec.path}: {report.problems[0]}", path=spec.path,
                                problems=report.problems[:10])
            leftover = LEFTOVER.search(report.text)
            if leftover:
                raise Rejection("template_leftover", f"{spec.path}: contains {leftover.group()!r} "
                                f"(…{_around(report.text, leftover)}…)", path=spec.path)
            reports[spec.path] = report.summary
            if spec.path in round_trips:
                verdict = round_trips[spec.path].result()
                if verdict is not None and not verdict.ok:
                    raise Rejection("libreoffice_roundtrip_failed", f"{spec.path}: {verdict.message}", path=spec.path)
        return {"files": reports}


def _check_sized(spec: TaskFile, ctx: GateContext) -> None:
    """A known type with content within the size bound: checked before any parser (or soffice) runs."""
    if spec.type not in FILE_TYPES:
        raise Rejection("unknown_file_type", f"{spec.path}: no handler for file type {spec.type!r}; "
                        f"known: {', '.join(FILE_TYPES)}", path=spec.path)
    if spec.role == "output":
        return
    if not spec.content:
        raise Rejection("input_missing_content", f"{spec.path}: input file has no content", path=spec.path)
    if len(spec.content) > ctx.max_file_bytes:
        raise Rejection("file_too_large", f"{spec.path}: {len(spec.content)} bytes, over the "
                        f"{ctx.max_file_bytes}-byte bound", path=spec.path)


def _start_round_trips(bundle: TaskBundle, ctx: GateContext) -> dict[str, Future[RoundTripVerdict | None]]:
    """Start the LibreOffice round trip of each input, in order, up to the first file that fails a
    check made before any parser runs (type, content, size, its type's bounds: zip members and
    inflated sizes, as soffice parses it as a library would); the gate's own pass over the files
    rejects at or before that one, so the first rejection is the one it gave before."""
    started: dict[str, Future[RoundTripVerdict | None]] = {}
    if ctx.roundtrip is None:
        return started
    for spec in bundle.files:
        try:
            _check_sized(spec, ctx)
            if spec.role == "input":
                FILE_TYPES.get(spec.type).check_bounds(spec.content or b"", spec.path)
        except Exception:  # noqa: BLE001 - the gate's own pass reports it, in order, with its reason
            break
        if spec.role == "input":
            started[spec.path] = offload.submit(ctx.roundtrip, spec.content, spec.type)
    return started


def _around(text: str, match: re.Match[str]) -> str:
    return text[max(0, match.start() - 30): match.end() + 30].replace("\n", " ")


def _check_text(what: str, text: str) -> None:
    leftover = LEFTOVER.search(text)
    if leftover:
        raise Rejection("template_leftover", f"{what} contains {leftover.group()!r} (…{_around(text, leftover)}…)")


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
