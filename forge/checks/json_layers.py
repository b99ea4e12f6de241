"""Checks over layered JSON configs merged into one: a service's base config with an environment's
overrides (and a local layer on top), as deploy tools and settings loaders layer them.

The expected document comes from the layers themselves: objects merged key by key at every depth,
a later layer's value winning; a list in a later layer replacing the earlier one or appended to it
(its items not already there); `null` in a later layer removing the setting where the task says so.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from forge.checks.json import _first_difference, same_json
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import JsonView


class ConfigLayered(CheckOptions):
    file: OutputPath
    input_file: InputPath = Field(description="The base config, the bottom layer.")
    layer_file: InputPath = Field(description="The layer over the base (an environment's overrides).")
    top_file: InputPath | None = Field(default=None, description="A third layer over both (local overrides).")
    lists: Literal["replace", "append"] = Field(description="A list in a later layer replaces the earlier list, "
                                                "or its items not already there are added after the earlier ones.")
    null_removes: bool = Field(default=False, description="A null in a later layer removes the setting; "
                               "False: null is a value like any other.")


def layered(base: Any, layer: Any, opts: ConfigLayered) -> Any:
    """`layer` over `base`: objects key by key, lists by the rule, anything else replaced."""
    if isinstance(base, dict) and isinstance(layer, dict):
        merged = dict(base)
        for key, value in layer.items():
            if value is None and opts.null_removes:
                merged.pop(key, None)
            elif key in merged:
                merged[key] = layered(merged[key], value, opts)
            else:
                merged[key] = layered({}, value, opts) if isinstance(value, dict) else value
        return merged
    if isinstance(base, list) and isinstance(layer, list) and opts.lists == "append":
        return base + [item for item in layer if not any(same_json(item, had) for had in base)]
    return layer


@register_check("json.config_layered", ConfigLayered, view="json")
def config_layered(state: FinalState, opts: ConfigLayered) -> Verdict:
    """The output is the layers merged in order: every setting of the base, each later layer's
    settings over it at any depth (nested objects merged key by key, not replaced), lists replaced
    or appended to (items already there not repeated) as asked, and with `null_removes` a setting a
    later layer sets to null left out; nothing else added."""
    want = input_view(state, opts.input_file, JsonView).value
    if not isinstance(want, dict):
        raise CheckError(f"{opts.input_file} is not a JSON object")
    for path in (opts.layer_file, opts.top_file):
        if path is not None:
            want = layered(want, input_view(state, path, JsonView).value, opts)
    have = output_view(state, opts.file, JsonView).value
    if not same_json(have, want):
        return Verdict.of(False, f"{opts.file}: {_first_difference(want, have)}")
    layers = 3 if opts.top_file else 2
    return Verdict.of(True, f"{opts.file} is the {layers} layers merged ({opts.lists} lists"
                      f"{', nulls remove' if opts.null_removes else ''})")
