"""Repair a service's JSON config that fails its JSON Schema, by the rule a deploy check states:
every invalid value (a number typed as text, a port out of range, a log level not allowed) replaced
by the schema's default, a missing required setting added with its default, a setting the schema
does not know removed; one kind of fault or all of them, in place or as a new file."""

from __future__ import annotations

import random
from typing import Any, Literal

from forge.checks.json_schema import repaired
from forge.models import ReferenceSolution
from preparers.data import dump_json
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Fault = Literal["type", "range", "enum", "missing", "unknown", "all"]
LIMIT = {"type": "integer", "minimum": 1}
SECTIONS: dict[str, dict[str, dict[str, Any]]] = {
    "server": {"host": {"type": "string", "default": "0.0.0.0"},
               "port": {**LIMIT, "minimum": 1024, "maximum": 65535, "default": 8080},
               "workers": {**LIMIT, "maximum": 64, "default": 4},
               "timeout_seconds": {**LIMIT, "maximum": 600, "default": 30}},
    "logging": {"level": {"type": "string", "enum": ["DEBUG", "INFO", "WARNING", "ERROR"], "default": "INFO"},
                "format": {"type": "string", "enum": ["json", "text"], "default": "text"},
                "retention_days": {**LIMIT, "maximum": 365, "default": 30}},
    "cache": {"enabled": {"type": "boolean", "default": True},
              "backend": {"type": "string", "enum": ["memory", "redis", "memcached"], "default": "memory"},
              "ttl_seconds": {**LIMIT, "minimum": 0, "maximum": 86400, "default": 300}},
    "database": {"pool_size": {**LIMIT, "maximum": 100, "default": 10},
                 "sslmode": {"type": "string", "enum": ["disable", "require", "verify-full"], "default": "require"},
                 "retries": {**LIMIT, "minimum": 0, "maximum": 10, "default": 3}},
}
UNKNOWN = {"debug_toolbar": True, "legacy_mode": "on", "tmp_dir": "/tmp/svc", "max_conn": 50, "verbose": 1}
FAULTS = {"type": "values of the wrong type", "range": "numbers outside their allowed range",
          "enum": "values that are not one of the allowed choices", "missing": "required settings that are missing",
          "unknown": "settings the schema does not allow", "all": "any fault"}


class Options(SkillParams):
    fault: Fault | None = None
    in_place: bool | None = None


class Params(Prepared):
    config: str
    schema_path: str
    output: str
    fault: Fault
    fault_text: str
    in_place: bool


def make_schema(rng: random.Random, sections: list[str]) -> dict[str, Any]:
    """An object schema per section (additional settings forbidden, some settings required)."""
    props = {}
    for name in sections:
        settings = SECTIONS[name]
        props[name] = {"type": "object", "additionalProperties": False, "properties": settings,
                       "required": sorted(rng.sample(sorted(settings), rng.randint(2, len(settings)))), "default": {}}
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Service configuration",
            "type": "object", "additionalProperties": False, "required": sections,
            "properties": {"service": {"type": "string", "default": "app"}, **props}}


def _valid_value(rng: random.Random, spec: dict[str, Any]) -> Any:
    if "enum" in spec:
        return rng.choice(spec["enum"])
    if spec["type"] == "boolean":
        return rng.random() < 0.5
    if spec["type"] == "string":
        return rng.choice(["0.0.0.0", "127.0.0.1", "10.0.0.5"])
    return rng.randint(spec.get("minimum", 0), min(spec.get("maximum", 100), spec.get("minimum", 0) + 200))


def _break(rng: random.Random, config: dict[str, Any], schema: dict[str, Any], fault: str, section: str) -> None:
    """One fault of the kind in `section` (type: a number typed as text; range: past a bound; enum: an
    unlisted spelling; missing: a required setting dropped; unknown: a setting not in the schema)."""
    props = schema["properties"][section]
    values = config[section]
    numbers = [k for k, s in props["properties"].items() if s.get("type") == "integer" and k in values]
    choices = [k for k, s in props["properties"].items() if "enum" in s and k in values]
    required = [k for k in props["required"] if k in values]
    if fault == "type" and numbers:
        key = rng.choice(numbers)
        values[key] = str(values[key])
    elif fault == "range" and numbers:
        key = rng.choice(numbers)
        spec = props["properties"][key]
        values[key] = spec["maximum"] + rng.randint(1, 500) if rng.random() < 0.5 else spec.get("minimum", 0) - 1
    elif fault == "enum" and choices:
        key = rng.choice(choices)
        values[key] = rng.choice([values[key].lower() if values[key].isupper() else values[key].upper(), "verbose",
                                  "fast", "on"])
    elif fault == "missing" and required:
        del values[rng.choice(required)]
    elif fault == "unknown":
        key = rng.choice(sorted(UNKNOWN))
        values[key] = UNKNOWN[key]


def make_config(rng: random.Random, fault: Fault) -> tuple[dict[str, Any], dict[str, Any]]:
    """A valid config of 3-4 sections, then 2-4 faults of the kind (the last section always has one);
    drawn again in the rare case no section offered the fault."""
    while True:
        sections = sorted(rng.sample(sorted(SECTIONS), rng.randint(3, 4)), key=list(SECTIONS).index)
        schema = make_schema(rng, sections)
        config: dict[str, Any] = {"service": rng.choice(["billing-api", "search", "notifier", "auth-gateway"])}
        for name in sections:
            props = schema["properties"][name]
            keys = [k for k in props["properties"] if k in props["required"] or rng.random() < 0.8]
            config[name] = {k: _valid_value(rng, props["properties"][k]) for k in keys}
        kinds = ["type", "range", "enum", "missing", "unknown"]
        for n, section in enumerate([sections[-1], *rng.sample(sections, rng.randint(1, 3))]):
            _break(rng, config, schema, kinds[n % len(kinds)] if fault == "all" else fault, section)
        if repaired(config, schema) != config:
            return config, schema


@register_workflow
class JsonSchemaFix(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.json_schema_fix", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "{{ config }} fails validation against {{ schema_path }}. Repair it: {% if fault == 'all' %}replace every "
            "invalid value (wrong type, out of range, not an allowed choice) with the schema's default, add every "
            "missing required setting with its default and remove every setting the schema does not allow"
            "{% else %}the faults are {{ fault_text }}; fix each the way the schema says (an invalid value becomes "
            "the setting's default, a missing required setting is added with its default, a setting the schema does "
            "not allow is removed){% endif %}. Leave every valid setting as it is and {% if in_place %}save "
            "{{ output }} in place{% else %}write the repaired config to {{ output }}{% endif %}.",
            "The deploy check rejects {{ config }} (schema: {{ schema_path }}). Could you fix it so it validates? "
            "Rule of thumb: bad value -> the schema's default, missing required key -> add it with its default, "
            "unknown key -> delete it. {% if fault != 'all' %}I think it's {{ fault_text }}. {% endif %}"
            "Don't touch anything that's already valid; {% if in_place %}overwrite {{ output }}{% else %}save it as "
            "{{ output }}{% endif %}.",
            "{{ config }} vs {{ schema_path }} -> {{ output }}{% if in_place %} (in place){% endif %}: invalid -> "
            "default, missing required -> default, not allowed -> removed{% if fault != 'all' %} (faults: "
            "{{ fault_text }}){% endif %}; valid settings unchanged.",
        ],
        criteria=["The config validates against the schema.", "Each fault is fixed by the stated rule.",
                  "Valid settings are unchanged."],
        files=[FileSlot(param="config", type="json", role="input", description="A service config"),
               FileSlot(param="schema_path", type="json", role="input", description="Its JSON Schema"),
               FileSlot(param="output", type="json", description="The repaired config")],
        checks=[CheckTemplate(func="json.schema_fixed", paths={"input_file": "config", "schema_file": "schema_path"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        fault: Fault = opts.fault or ctx.rng.choice(list(FAULTS))  # type: ignore[assignment]
        in_place = either(ctx, opts.in_place, 0.4)
        config, schema = make_config(ctx.rng, fault)
        folder = ctx.rng.choice(["", "config/", "deploy/"])
        name = f"{folder}{config['service']}.json"
        params = Params(config=name, schema_path=f"{folder}{config['service']}.schema.json",
                        output=name if in_place else f"{folder}{config['service']}.fixed.json", fault=fault,
                        fault_text=FAULTS[fault], in_place=in_place)
        return params.with_files(config=dump_json(config), schema_path=dump_json(schema))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import json
            TYPES = {{"string": str, "integer": int, "number": (int, float), "boolean": bool, "object": dict}}
            def ok(v, s):
                t = s.get("type")
                if t and (isinstance(v, bool) and t != "boolean" or not isinstance(v, TYPES[t])):
                    return False
                if "enum" in s and v not in s["enum"]:
                    return False
                if "minimum" in s and v < s["minimum"] or "maximum" in s and v > s["maximum"]:
                    return False
                return True
            def fix(v, s):
                if s.get("type") != "object":
                    return v if ok(v, s) else s["default"]
                if not isinstance(v, dict):
                    return s["default"]
                props = s.get("properties", {{}})
                out = {{k: fix(x, props[k]) if k in props else x for k, x in v.items()
                        if k in props or s.get("additionalProperties", True) is not False}}
                for k in s.get("required", []):
                    out.setdefault(k, props[k]["default"])
                return out
            config = json.load(open({lit(params.config)}, encoding="utf-8"))
            schema = json.load(open({lit(params.schema_path)}, encoding="utf-8"))
            fixed = fix(config, schema)
            with open({lit(params.output)}, "w", encoding="utf-8") as f:
                json.dump(fixed, f, indent=2)
            print(json.dumps(fixed, indent=1))
        """
        show = f"print(open({lit(params.schema_path)}).read()); print(open({lit(params.config)}).read())"
        return solution(script_step(show, "First I read the schema and the config side by side.",
                                    "Show schema and config"),
                        script_step(script, "I walk the config against the schema, defaulting invalid values, "
                                    "adding missing required settings, dropping unknown ones, and write "
                                    f"{params.output}.", "Repair the config"))
