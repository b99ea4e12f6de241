"""Boundary cases of json.schema_fixed (#10 breadth): a service config repaired against its schema.
Each fault fixed by its rule (a number typed as text, past a bound, a bool as 1, a missing required
setting, an unknown one) and nothing else: a bound met exactly is valid, a clamp or a conversion is
not the default, the LAST setting of the last section is where a loop that stops one short passes."""

from __future__ import annotations

import copy
import json
from typing import Any

from tests.unit.boundary_cases import Case

INT = {"type": "integer"}
SCHEMA = {"type": "object", "additionalProperties": False, "required": ["server", "logging"], "properties": {
    "service": {"type": "string", "default": "app"},
    "server": {"type": "object", "additionalProperties": False, "required": ["host", "port"], "properties": {
        "host": {"type": "string", "default": "0.0.0.0"},
        "port": {**INT, "minimum": 1024, "maximum": 65535, "default": 8080},
        "workers": {**INT, "minimum": 1, "maximum": 64, "default": 4}}},
    "logging": {"type": "object", "additionalProperties": False, "required": ["level"], "properties": {
        "level": {"type": "string", "enum": ["INFO", "DEBUG"], "default": "INFO"},
        "retention_days": {**INT, "minimum": 1, "maximum": 365, "default": 30},
        "json": {"type": "boolean", "default": False}}}}}
GIVEN = {"service": "search", "server": {"host": "10.0.0.5", "port": "9000", "workers": 64},
         "logging": {"retention_days": 400, "colour": True, "json": 1}}
FIXED = {"service": "search", "server": {"host": "10.0.0.5", "port": 8080, "workers": 64},
         "logging": {"retention_days": 30, "json": False, "level": "INFO"}}


def fixed(label: str, output: Any, passes: bool, says: str = "", given: Any = GIVEN) -> Case:
    return Case(label, None, {"file": "fixed.json", "input_file": "svc.json", "schema_file": "svc.schema.json"},
                passes, says, files={"fixed.json": json.dumps(output).encode()},
                originals={"svc.json": json.dumps(given).encode(), "svc.schema.json": json.dumps(SCHEMA).encode()})


def edit(doc: Any, section: str, key: str, value: Any = ..., drop: bool = False) -> Any:
    out = copy.deepcopy(doc)
    target = out[section] if section else out
    if drop:
        del target[key]
    else:
        target[key] = value
    return out


EDGE = {"service": "search", "server": {"host": "h", "port": 1024}, "logging": {"level": "DEBUG", "retention_days": 1}}

CASES: dict[str, list[Case]] = {
    "json.schema_fixed": [
        fixed("every fault set by its rule, valid settings kept", FIXED, True),
        fixed("a port typed as text converted instead of defaulted", edit(FIXED, "server", "port", 9000), False,
              "server.port"),
        fixed("a count exactly at its maximum defaulted", edit(FIXED, "server", "workers", 4), False, "server.workers"),
        fixed("a missing required setting not added", edit(FIXED, "logging", "level", drop=True), False,
              "'logging.level' is missing"),
        fixed("an unknown setting kept", edit(FIXED, "logging", "colour", True), False, "'logging.colour' was added"),
        fixed("the last section's last setting left invalid", edit(FIXED, "logging", "json", 1), False, "logging.json"),
        fixed("a boolean default written as 0", edit(FIXED, "logging", "json", 0), False, "logging.json"),
        fixed("a value past its bound clamped, not defaulted", edit(FIXED, "logging", "retention_days", 365), False,
              "logging.retention_days"),
        fixed("a valid setting changed", edit(FIXED, "server", "host", "0.0.0.0"), False, "server.host"),
        fixed("a top-level key the schema lacks added", edit(FIXED, "", "version", "1.0"), False, "'version' was added"),
        fixed("bounds met exactly are valid", EDGE, True, given=EDGE),
        fixed("a value one under its minimum defaulted", edit(EDGE, "logging", "retention_days", 30), True,
              given=edit(EDGE, "logging", "retention_days", 0)),
        fixed("a value one under its minimum kept", edit(EDGE, "logging", "retention_days", 0), False,
              "logging.retention_days", given=edit(EDGE, "logging", "retention_days", 0)),
        fixed("a level in the wrong case kept", edit(EDGE, "logging", "level", "debug"), False, "logging.level",
              given=edit(EDGE, "logging", "level", "debug")),
    ],
}
