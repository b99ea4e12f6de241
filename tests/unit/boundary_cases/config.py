"""Boundary cases of the config migration check (`forge.checks.config`): the LAST key of the last
section is where a loop that stops one short lets a wrong answer through; a number left as text
where types were asked (and typed where they were not); a boolean that is not 1; section order."""

from __future__ import annotations

import json
from typing import Any

from tests.unit.boundary_cases import Case

INI = "; svc\n[server]\nport = 8080\nratio = 0.5\n\n[cache]\nenabled = true\nbackend = memory\nsize = 64\n"
TYPED = {"server": {"port": 8080, "ratio": 0.5}, "cache": {"enabled": True, "backend": "memory", "size": 64}}
TEXT = {"server": {"port": "8080", "ratio": "0.5"}, "cache": {"enabled": "true", "backend": "memory", "size": "64"}}


def case(label: str, value: Any, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "svc.json", "input_file": "svc.ini", **options}, passes, says,
                files={"svc.json": json.dumps(value).encode()}, originals={"svc.ini": INI.encode()})


def changed(base: dict[str, dict[str, Any]], section: str, key: str, value: Any) -> dict[str, dict[str, Any]]:
    return {s: {**items, **({key: value} if s == section else {})} for s, items in base.items()}


CASES: dict[str, list[Case]] = {
    "json.from_ini": [
        case("typed values", TYPED, {}, True),
        case("the LAST value one off", changed(TYPED, "cache", "size", 65), {}, False, "cache.size"),
        case("the last key missing", {**TYPED, "cache": {"enabled": True, "backend": "memory"}}, {}, False, "size"),
        case("a number left as text", changed(TYPED, "server", "port", "8080"), {}, False, "server.port"),
        case("a boolean written as 1", changed(TYPED, "cache", "enabled", 1), {}, False, "cache.enabled"),
        case("sections out of order", {"cache": TYPED["cache"], "server": TYPED["server"]}, {}, False, "in order"),
        case("all text where asked", TEXT, {"typed": False}, True),
        case("typed where text was asked", TYPED, {"typed": False}, False, "server.port"),
        case("a list, not an object", [TYPED], {}, False, "list"),
    ],
}
