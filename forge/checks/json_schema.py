"""Checks over a JSON document repaired to fit its JSON Schema by the usual rule: every invalid value
(wrong type, out of range, not one of the allowed values) replaced by the schema's default, every
missing required key added with its default, every key the schema forbids removed.

The subset of JSON Schema read here is what config schemas use: `type` (object, string, integer,
number, boolean), `properties`, `required`, `additionalProperties: false`, `minimum`, `maximum`,
`enum` and `default`. The expected document is worked out from the two original inputs.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from forge.checks.json import _first_difference, same_json
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import JsonView

TYPES: dict[str, tuple[type, ...]] = {"string": (str,), "integer": (int,), "number": (int, float), "boolean": (bool,),
                                      "object": (dict,), "array": (list,)}


class SchemaFixed(CheckOptions):
    file: OutputPath
    input_file: InputPath = Field(description="The document as given.")
    schema_file: InputPath = Field(description="Its JSON Schema.")


def valid(value: Any, schema: dict[str, Any]) -> bool:
    """Whether a scalar meets its schema's type, bounds and allowed values."""
    kind = schema.get("type")
    if kind is not None:
        if isinstance(value, bool) and kind != "boolean":
            return False
        if not isinstance(value, TYPES[kind]):
            return False
    if "enum" in schema and value not in schema["enum"]:
        return False
    if "minimum" in schema and (not isinstance(value, (int, float)) or value < schema["minimum"]):
        return False
    return "maximum" not in schema or (isinstance(value, (int, float)) and value <= schema["maximum"])


def _default(schema: dict[str, Any], where: str) -> Any:
    if "default" not in schema:
        raise CheckError(f"the schema gives {where} no default to repair it with")
    return schema["default"]


def repaired(value: Any, schema: dict[str, Any], where: str = "the document") -> Any:
    """`value` with every invalid scalar defaulted, missing required keys added, forbidden keys dropped."""
    if schema.get("type") != "object":
        return value if valid(value, schema) else _default(schema, where)
    if not isinstance(value, dict):
        return _default(schema, where)
    properties = schema.get("properties", {})
    out = {}
    for key, item in value.items():
        if key in properties:
            out[key] = repaired(item, properties[key], f"{where}.{key}")
        elif schema.get("additionalProperties", True) is not False:
            out[key] = item
    for key in schema.get("required", []):
        if key not in out:
            out[key] = _default(properties.get(key, {}), f"{where}.{key}")
    return out


@register_check("json.schema_fixed", SchemaFixed, view="json")
def schema_fixed(state: FinalState, opts: SchemaFixed) -> Verdict:
    """The output is the input repaired against the schema: each invalid value (type, range, allowed
    values) replaced by its default, each missing required key added with its default, each key the
    schema does not allow removed; every valid value kept as it was."""
    schema = input_view(state, opts.schema_file, JsonView).value
    if not isinstance(schema, dict):
        raise CheckError(f"{opts.schema_file} is not a JSON Schema object")
    given = input_view(state, opts.input_file, JsonView).value
    want = repaired(given, schema)
    got = output_view(state, opts.file, JsonView).value
    if not same_json(got, want):
        return Verdict.of(False, f"{opts.file} does not fit the schema as repaired: {_first_difference(want, got)}")
    return Verdict.of(True, f"{opts.file} repaired against {opts.schema_file}")
