"""Merge a service's layered JSON configs into the one config it really runs with, as a deploy
review or a move to a tool without layering needs: the base config with an environment's overrides
on top (and a local layer over both); nested sections merged setting by setting; a list in a layer
replacing the base's or added to it; null meaning "remove this setting" where the team's loader
says so; the result a new file or folded into the base file itself."""

from __future__ import annotations

import copy
import random
from typing import Any, ClassVar, Literal

from faker import Faker

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers._corpora import corpus
from preparers.data import dump_json, make_app_config
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Lists = Literal["replace", "append"]
# an environment and the region its overrides name
ENVIRONMENTS = {"production": "us-east-1", "staging": "us-east-2", "eu-west": "eu-west-1", "on-prem": "dc-london-1"}
EXTRA = ["orders", "customers", "invoices", "reports", "health", "webhooks", "exports", "search"]

_RULES = ("Merge the way our loader does: a section present in both is merged setting by setting (not replaced "
          "whole), and where both set a value {{ 'the later layer' if top else 'the override' }} wins. "
          "{% if lists == 'replace' %}A list in {{ later }} replaces the earlier list entirely."
          "{% else %}A list in {{ later }} adds its items after the earlier list's (items already there are "
          "not repeated).{% endif %}{% if null_removes %} A setting set to null in {{ later }} means "
          "\"remove it\": leave it out of the result.{% endif %}")
_LAYERS = ("{{ base }} with {{ layer }} on top{% if top %}, then {{ top }} over both{% endif %}")
_OUT = ("{% if in_place %}write the merged config over {{ base }} itself (the layer files will be retired)"
        "{% else %}save the merged config as {{ output }}{% endif %}")


class Options(SkillParams):
    lists: Lists | None = None
    nulls: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    base: str
    layer: str
    top: str | None
    output: str
    in_place: bool
    service: str
    environment: str
    lists: Lists
    null_removes: bool
    later: str


def _changed(rng: random.Random, config: dict[str, Any], count: int) -> dict[str, Any]:
    """A layer changing `count` settings of the config's sections to another value the corpus allows."""
    sections = corpus("logs")["config_sections"]
    options = [(s, k, v) for s in sections if isinstance(config.get(s), dict) for k, values in sections[s].items()
               for v in values if k in config[s] and v != config[s][k]]
    layer: dict[str, Any] = {}
    for section, key, value in rng.sample(options, min(count, len(options))):
        layer.setdefault(section, {})[key] = value
    return layer


def _layers(rng: random.Random, faker: Faker, region: str, three: bool,
            nulls: bool) -> tuple[dict[str, Any], list[Any]]:
    """The base config and its one or two layers: changed settings, a flag flipped, a new section key, a
    list of endpoints, and (`nulls`) a setting set to null in each layer."""
    base = make_app_config(rng, faker).value
    if not isinstance(base, dict):
        raise WorkflowError("the config is not an object")
    endpoints = base["endpoints"]
    names = {e["name"] for e in endpoints}  # type: ignore[index, union-attr]
    layer = _changed(rng, base, rng.randint(2, 3))
    flag = rng.choice(sorted(base["features"]))  # type: ignore[arg-type]
    layer["features"] = {flag: not base["features"][flag]}  # type: ignore[index, call-overload]
    new = rng.sample([n for n in EXTRA if n not in names], rng.randint(1, 2))
    layer["endpoints"] = [{"name": n, "path": f"/api/v2/{n}", "rate_limit": rng.choice([30, 300, 1200])} for n in new]
    sections = [s for s in base if isinstance(base[s], dict) and s != "features"]
    layer.setdefault(rng.choice(sections), {})["region"] = region
    if nulls:
        section, key = rng.choice([(s, k) for s in base if isinstance(base[s], dict) and s != "features"
                                   for k in base[s] if k not in layer.get(s, {})])  # type: ignore[union-attr]
        layer.setdefault(section, {})[key] = None
    layers: list[Any] = [layer]
    if three:
        merged = {**base, **{k: {**base.get(k, {}), **v} for k, v in layer.items() if isinstance(v, dict)}}
        top = _changed(rng, merged, 2)
        again = rng.choice([(s, k) for s, keys in layer.items() if isinstance(keys, dict) and s != "features"
                            for k, v in keys.items() if v is not None and k != "region"])
        top.setdefault(again[0], {})[again[1]] = copy.deepcopy(base[again[0]][again[1]])  # type: ignore[index]
        if nulls:
            top["features"] = {rng.choice(sorted(base["features"])): None}  # type: ignore[arg-type]
        layers.append(top)
    return base, layers


def _spec(name: str, three: bool) -> WorkflowSpec:
    """The family's spec with two layers (base and an environment's overrides) or three (a local layer)."""
    top = [FileSlot(param="top", type="json", role="input", description="Local overrides over both")] if three else []
    return WorkflowSpec(
        name=name, apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "Our {{ service }} settings are layered: " + _LAYERS + ". Work out the config it really runs with in "
            "{{ environment }} and " + _OUT + ". " + _RULES,
            "I need the effective {{ environment }} config of {{ service }} in one place for the deploy review. "
            "Could you merge " + _LAYERS + ", and " + _OUT + "? " + _RULES,
            "Merge " + _LAYERS + " -> " + "{% if in_place %}{{ base }} (in place){% else %}{{ output }}{% endif %}. "
            + _RULES,
        ],
        criteria=["Every setting of the base is kept unless a later layer changes or (if asked) removes it.",
                  "Nested sections are merged setting by setting; lists are replaced or appended to as asked."],
        files=[FileSlot(param="base", type="json", role="input", description="The base config"),
               FileSlot(param="layer", type="json", role="input", description="An environment's overrides"),
               *top, FileSlot(param="output", type="json", description="The merged config")],
        checks=[CheckTemplate(func="json.config_layered",
                              paths={"input_file": "base", "layer_file": "layer",
                                     **({"top_file": "top"} if three else {})},
                              bind={"lists": "lists", "null_removes": "null_removes"},
                              fixed={} if three else {"top_file": None})],
    )


class _ConfigLayers(PreparedWorkflow[Params]):
    three: ClassVar[bool] = False

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        three = self.three
        nulls, in_place = either(ctx, opts.nulls), either(ctx, opts.in_place)
        lists: Lists = opts.lists or ctx.rng.choice(["replace", "append"])
        env = ctx.rng.choice(sorted(ENVIRONMENTS))
        base, layers = _layers(ctx.rng, ctx.faker, ENVIRONMENTS[env], three, nulls)
        folder = ctx.rng.choice(["config/", "settings/", "deploy/config/"])
        service = str(base["service"])
        top = f"{folder}{env}.local.json" if three else None
        params = Params(base=f"{folder}base.json", layer=f"{folder}{env}.json", top=top,
                        output=f"{folder}base.json" if in_place else f"{folder}{service}.{env}.effective.json",
                        in_place=in_place, service=service, environment=env, lists=lists, null_removes=nulls,
                        later="a later layer" if three else "the override")
        files = {"base": dump_json(base), "layer": dump_json(layers[0])}
        if top:
            files["top"] = dump_json(layers[1])
        return params.with_files(**files)

    def reference(self, params: Params) -> ReferenceSolution:
        layers = [p for p in (params.layer, params.top) if p]
        script = f"""
            import json
            def merge(base, layer):
                if isinstance(base, dict) and isinstance(layer, dict):
                    out = dict(base)
                    for key, value in layer.items():
                        if value is None and {params.null_removes}:
                            out.pop(key, None)  # null means: remove the setting
                        else:
                            out[key] = merge(out.get(key, {{}}) if isinstance(value, dict) else out.get(key), value)
                    return out
                if isinstance(base, list) and isinstance(layer, list) and {lit(params.lists)} == "append":
                    return base + [item for item in layer if item not in base]
                return layer
            config = json.load(open({lit(params.base)}, encoding="utf-8"))
            for path in {lit(layers)}:
                config = merge(config, json.load(open(path, encoding="utf-8")))
            with open({lit(params.output)}, "w", encoding="utf-8") as f:
                json.dump(config, f, indent=2)
                f.write("\\n")
            print(json.dumps(config, indent=2)[:800])
        """
        show = "; ".join(f"print({lit(p)}); print(open({lit(p)}).read())" for p in [params.base, *layers])
        return solution(script_step(show, "First I read the base config and each layer over it.", "Show the layers"),
                        script_step(script, f"I merge the layers in order, section by section, and write "
                                    f"{params.output}.", "Merge the config layers"))


@register_workflow
class JsonConfigLayers(_ConfigLayers):
    """Two layers: the base config and one environment's overrides."""

    spec = _spec("data.json_config_layers", three=False)


@register_workflow
class JsonConfigLayersLocal(_ConfigLayers):
    """Three layers: a local (per machine or per region) layer over the environment's overrides."""

    three = True
    spec = _spec("data.json_config_layers_local", three=True)
