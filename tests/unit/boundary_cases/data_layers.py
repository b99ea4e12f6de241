"""Boundary cases of json.config_layered (#10 breadth): a base config, an environment layer that
changes one server setting, sets another to null, brings a list and a new section, and a local
layer that puts the port back and, LAST, switches a feature on (a merge that stops one layer short
misses it). A section replaced whole instead of merged; a null kept or removed against the rule;
a list replaced, appended to, repeated or reordered; a setting added or lost."""

from __future__ import annotations

import json
from typing import Any

from tests.unit.boundary_cases import Case

BASE = {"service": "billing-api", "server": {"host": "127.0.0.1", "port": 8080, "workers": 2},
        "features": {"beta": False}, "origins": ["a.example", "b.example"]}
LAYER = {"server": {"port": 9090, "workers": None}, "origins": ["c.example", "a.example"], "cache": {"ttl_s": 60}}
TOP = {"server": {"port": 8080}, "features": {"beta": True}}

SERVER = {"host": "127.0.0.1", "port": 9090}
MERGED = {"service": "billing-api", "server": SERVER, "features": {"beta": False},
          "origins": ["c.example", "a.example"], "cache": {"ttl_s": 60}}
APPENDED = {**MERGED, "origins": ["a.example", "b.example", "c.example"]}
ALL_THREE = {**MERGED, "server": {**SERVER, "port": 8080}, "features": {"beta": True}}


def merged(label: str, output: Any, passes: bool, says: str = "", **options: Any) -> Case:
    opts = {"file": "out.json", "input_file": "base.json", "layer_file": "env.json", "lists": "replace",
            "null_removes": True, **options}
    originals = {"base.json": json.dumps(BASE).encode(), "env.json": json.dumps(LAYER).encode(),
                 "local.json": json.dumps(TOP).encode()}
    return Case(label, None, opts, passes, says, files={"out.json": json.dumps(output).encode()},
                originals=originals)


THREE = {"top_file": "local.json"}

CASES: dict[str, list[Case]] = {
    "json.config_layered": [
        merged("two layers: merged, the null removed, the list replaced", MERGED, True),
        merged("keys in another order", dict(reversed(MERGED.items())), True),
        merged("the server section replaced whole", {**MERGED, "server": {"port": 9090}}, False,
               "'server.host' is missing"),
        merged("the null kept as a value where it removes", {**MERGED, "server": {**SERVER, "workers": None}}, False,
               "'server.workers' was added"),
        merged("the null kept where null is a value", {**MERGED, "server": {**SERVER, "workers": None}}, True,
               null_removes=False),
        merged("the setting removed where null is a value", MERGED, False, "'server.workers' is missing",
               null_removes=False),
        merged("the list appended to", APPENDED, True, lists="append"),
        merged("the list replaced where it is appended to", MERGED, False, "origins is ['c.example', 'a.example'], "
               "expected ['a.example', 'b.example', 'c.example']", lists="append"),
        merged("an item already there repeated", {**APPENDED, "origins": [*APPENDED["origins"], "a.example"]},
               False, "origins is", lists="append"),
        merged("the base's list kept where the layer's replaces it", {**MERGED, "origins": BASE["origins"]}, False,
               "origins.0 is 'a.example', expected 'c.example'"),
        merged("a setting no layer has added at the end", {**MERGED, "notes": "merged"}, False,
               "'notes' was added"),
        merged("the base's service name lost", {k: v for k, v in MERGED.items() if k != "service"}, False,
               "'service' is missing"),
        merged("three layers: the local port and the feature win", ALL_THREE, True, **THREE),
        merged("three layers: the local layer left out", MERGED, False, "server.port is 9090, expected 8080",
               **THREE),
        merged("three layers: the last change (the feature) missed", {**ALL_THREE, "features": {"beta": False}},
               False, "features.beta is False, expected True", **THREE),
    ],
}
