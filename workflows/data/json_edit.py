"""Change values in a nested JSON config (a port, a flag, a limit), editing the file in place."""

from __future__ import annotations

from typing import Any

from pydantic import JsonValue

from forge.models import ReferenceSolution
from preparers._corpora import corpus
from preparers.data import make_app_config
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow


class Params(Prepared):
    config: str
    keys: list[str]
    values: list[JsonValue]


@register_workflow
class JsonEdit(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.json_edit", apps=["data"], params=Params,
        phrasings=[
            "Edit the JSON config {{ config }}: set {% for k in keys %}`{{ k }}` to {{ values[loop.index0] | tojson }}"
            "{% if not loop.last %} and {% endif %}{% endfor %} (keep the JSON types: numbers as numbers, true/false "
            "as booleans). Leave everything else as it is and save the file in place.",
            "We're changing the deployment: in {{ config }}, {% for k in keys %}{{ k }} should become "
            "{{ values[loop.index0] | tojson }}{% if not loop.last %}, {% endif %}{% endfor %}. Please update the "
            "file and don't touch any other setting.",
            "{{ config }}: {% for k in keys %}{{ k }} = {{ values[loop.index0] | tojson }}{% if not loop.last %}; "
            "{% endif %}{% endfor %}. Same types, nothing else changes, edit in place.",
        ],
        criteria=["Each named setting holds its new value with the right JSON type.",
                  "Every other key and value is unchanged, and the file is valid JSON."],
        files=[FileSlot(param="config", type="json", role="in_place", description="A service's JSON config")],
        checks=[CheckTemplate(func="json.values_set", bind={"keys": "keys", "values": "values"})],
    )

    states_values = ("values",)  # the instruction gives these values to write

    def draw(self, ctx: WorkflowContext) -> Params:
        config = make_app_config(ctx.rng, ctx.faker)
        value: dict[str, Any] = config.value  # type: ignore[assignment]
        choices = corpus("logs")["config_sections"]
        sections = [s for s in value if s in choices]
        changes: dict[str, JsonValue] = {}
        for section in ctx.rng.sample(sections, 2):
            key = ctx.rng.choice(sorted(choices[section]))
            options = [v for v in choices[section][key] if v != value[section][key] and not isinstance(v, str)]
            if options:  # a number (a port, a limit): its type must survive the edit
                changes[f"{section}.{key}"] = ctx.rng.choice(options)
        flag = ctx.rng.choice(sorted(value["features"]))
        changes[f"features.{flag}"] = not value["features"][flag]
        params = Params(config=f"config/{config.file_name}", keys=list(changes), values=list(changes.values()))
        return params.with_files(config=config.data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import json
            path = {lit(params.config)}
            config = json.load(open(path))
            for dotted, value in zip({lit(params.keys)}, {lit(params.values)}):
                *parents, last = dotted.split(".")
                node = config
                for key in parents:
                    node = node[key]
                node[last] = value
            with open(path, "w") as out:
                json.dump(config, out, indent=2)
                out.write("\\n")
            print(json.dumps({{k: v for k, v in config.items() if k != "endpoints"}})[:300])
        """
        return solution(script_step(script, f"I'll load {params.config} with the json module, set each dotted key "
                                    "to its new value (keeping the types) and write it back indented.",
                                    f"Update {', '.join(params.keys)} in {params.config}"))
