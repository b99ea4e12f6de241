"""Consistency gate: the instruction, the declared files and the rubric agree, statically.

- the instruction names every declared input and output;
- checks read only declared files (options typed `OutputPath`: outputs; `InputPath`: inputs; an
  in-place edit declares the same path as both) and every declared output is read by some check;
- information barrier: every free value in a check's options (a header, a label, a threshold)
  is stated by the instruction, so no check can hold a value taken from the generated content.
"""

from __future__ import annotations

import re
import types
import typing
from typing import Any, Literal

from pydantic import JsonValue

from forge.checks import CheckOptions, parse_options
from forge.models import TaskBundle
from gates._numbers import numbers_in
from gates.spec import GateContext, Rejection, register_gate

@register_gate("consistency")
class ConsistencyGate:
    name = "consistency"

    def check(self, bundle: TaskBundle, ctx: GateContext) -> dict[str, JsonValue]:
        text = bundle.instruction
        for spec in bundle.files:
            if spec.path not in text:
                raise Rejection("file_not_in_instruction", f"the instruction never names {spec.role} {spec.path}",
                                path=spec.path)
        outputs = {f.path for f in bundle.outputs()}
        inputs = {f.path for f in bundle.inputs()}
        read: set[str] = set()
        for number, check in enumerate(bundle.rubric.checks, start=1):
            options = parse_options(check)
            for field, role, path in options.paths():
                if path not in (outputs if role == "output" else inputs):
                    raise Rejection("check_reads_undeclared_file", f"check {number} ({check.func}) reads {path} "
                                    f"through {field!r}, which is not a declared {role}", path=path)
                read.add(path)
            _barrier(number, check.func, options, text)
        unchecked = sorted(outputs - read)
        if unchecked:
            raise Rejection("unchecked_output", f"no check reads the declared output {', '.join(unchecked)}")
        return {"files_read": sorted(read)}


def _closed(annotation: Any) -> bool:
    """A bool or Literal field draws from a fixed vocabulary: it cannot smuggle in generated data."""
    if annotation is bool or typing.get_origin(annotation) is Literal:
        return True
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return all(_closed(a) or a is type(None) for a in typing.get_args(annotation))
    return False


def _scalars(value: Any) -> list[Any]:
    """The leaves of an option's value; a mapping's keys count too (each must be stated as well)."""
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (*_scalars(k), *_scalars(v))]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in _scalars(v)]
    return [] if value is None or isinstance(value, bool) else [value]


def _barrier(number: int, func: str, options: CheckOptions, instruction: str) -> None:
    folded = instruction.casefold()
    numbers = numbers_in(instruction)
    fields = type(options).model_fields
    paths = type(options).path_fields()
    for name, value in options.model_dump().items():
        if name in options.tuning or name in paths or _closed(fields[name].annotation):
            continue
        for scalar in _scalars(value):
            stated = (round(float(scalar), 6) in numbers) if isinstance(scalar, (int, float)) else bool(
                re.search(rf"(?<!\w){re.escape(str(scalar).casefold())}(?!\w)", folded))  # "North" is not "Northwest"
            if not stated:
                raise Rejection("check_mirrors_setup", f"check {number} ({func}) option {name}={scalar!r} is not "
                                "stated in the instruction: checks may only use what the agent is told",
                                option=name)
