"""json, end to end: inspect, read as a JSON value, mutate.

JSON must be UTF-8 and strict RFC 8259 (Python's NaN/Infinity extensions are refused), since the
agent's tools (jq, other languages) reject them. Mutators work on what the oracle changed against
the input (or the whole value of a new file): one changed value nudged, one changed entry dropped.
"""

from __future__ import annotations

import json
from typing import Any

from forge.errors import CheckError, PreparerError
from forge.filetypes import FileReport, FileTypeBase, MutantFiles, MutationInput, register_file_type
from forge.filetypes import register_mutator
from forge.views import JsonView, View
from preparers.filetypes.text import decode_utf8

JSON = {"json"}
Path_ = tuple[str | int, ...]


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def parse_json(data: bytes, kind: str = "json") -> Any:
    text = decode_utf8(data, kind)
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise PreparerError(f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from exc
    except (ValueError, RecursionError) as exc:  # NaN/Infinity; nesting deeper than Python's stack
        raise PreparerError(f"invalid JSON: {type(exc).__name__}: {exc}") from exc


def json_strings(value: Any) -> list[str]:
    """Keys and string values, depth first: what a reader sees besides punctuation."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in [k, *json_strings(v)]]
    if isinstance(value, list):
        return [s for item in value for s in json_strings(item)]
    return []


@register_file_type("json")
class JsonFile(FileTypeBase):
    """JSON documents (configs, exports), parsed strictly."""

    extensions = (".json",)
    views = ("json",)
    max_bytes = 20 * 1024 * 1024

    def inspect(self, data: bytes) -> FileReport:
        value = parse_json(data)
        summary: dict[str, Any] = {"top_level": type(value).__name__}
        if isinstance(value, dict):
            summary["keys"] = list(value)[:20]
        elif isinstance(value, list):
            summary["items"] = len(value)
        return FileReport(type="json", summary=summary, text="\n".join(json_strings(value)))

    def read(self, data: bytes, path: str, view: str) -> View:
        try:
            return JsonView(source=path, value=parse_json(data))
        except PreparerError as exc:
            raise CheckError(f"{path}: {exc}") from exc

    def create(self, view: View) -> bytes | None:
        if not isinstance(view, JsonView):
            return None
        return (json.dumps(view.value, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


# --- mutators ----------------------------------------------------------------------------------


def leaves(value: Any, path: Path_ = ()) -> dict[Path_, Any]:
    """Every scalar in `value` by its path of keys and indexes."""
    if isinstance(value, dict):
        return {p: v for k, item in value.items() for p, v in leaves(item, (*path, k)).items()}
    if isinstance(value, list):
        return {p: v for i, item in enumerate(value) for p, v in leaves(item, (*path, i)).items()}
    return {path: value}


def _changed(probe: MutationInput) -> tuple[str, Any, list[Path_]] | None:
    path = next(iter(probe.outputs_of_type(JSON)), None)
    if path is None or path not in probe.oracle_outputs:
        return None
    try:
        value = parse_json(probe.oracle_outputs[path])
        source = probe.input_of_type("json")
        before = leaves(parse_json(probe.inputs[source])) if source else {}
    except PreparerError:
        return None
    changed = [p for p, v in leaves(value).items() if p and (p not in before or before[p] != v)]
    return (path, value, changed) if changed else None


def _set(value: Any, path: Path_, new: Any) -> None:
    for key in path[:-1]:
        value = value[key]
    value[path[-1]] = new


def _nudge(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    return "x" if value is None else None


def _dump(value: Any) -> bytes:
    return (json.dumps(value, indent=2) + "\n").encode("utf-8")


@register_mutator("json.wrong_value", file_types=JSON)
def wrong_value(probe: MutationInput) -> MutantFiles | None:
    """One value the task set or changed is wrong (a slip in typing or arithmetic)."""
    found = _changed(probe)
    if found is None:
        return None
    path, value, changed = found
    target = changed[-1]
    _set(value, target, _nudge(leaves(value)[target]))
    return {**probe.oracle_outputs, path: _dump(value)}


@register_mutator("json.drop_entry", file_types=JSON)
def drop_entry(probe: MutationInput) -> MutantFiles | None:
    """One entry the task added or changed is missing (a key or list item left out)."""
    found = _changed(probe)
    if found is None:
        return None
    path, value, changed = found
    target = changed[-1]
    container = value
    for key in target[:-1]:
        container = container[key]
    del container[target[-1]]
    return {**probe.oracle_outputs, path: _dump(value)}
