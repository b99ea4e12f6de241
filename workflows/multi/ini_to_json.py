"""Migrate a service's INI config to JSON: one object per section, values typed or kept as text."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.text import make_config
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)


class Options(SkillParams):
    typed: bool | None = None


class Params(Prepared):
    config: str
    output: str
    typed: bool


@register_workflow
class IniToJson(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="multi.ini_to_json", apps=["text", "data"], params=Params, skill_params=Options,
        phrasings=[
            "We're moving the service off INI files. Convert {{ config }} to {{ output }}: a JSON object with one "
            "key per section (in the file's order), each holding that section's settings. {% if typed %}Whole "
            "numbers and decimals should become JSON numbers and true/false JSON booleans; everything else stays "
            "a string.{% else %}Keep every value as a JSON string exactly as written.{% endif %} Comments can go.",
            "Could you turn {{ config }} into JSON ({{ output }})? Sections become nested objects, keys stay as they "
            "are{% if typed %}, and please give numbers and booleans their proper JSON types{% else %}; values as "
            "plain strings, no type conversion{% endif %}.",
            "{{ config }} -> {{ output }}: section -> object of key/value pairs, section order kept, "
            "{% if typed %}numbers/booleans typed{% else %}all values as strings{% endif %}.",
        ],
        criteria=["One object per section with all its keys.", "Values typed as asked."],
        files=[FileSlot(param="config", type="txt", role="input", description="A service's INI configuration"),
               FileSlot(param="output", type="json", description="The same settings as JSON")],
        checks=[CheckTemplate(func="json.from_ini", bind={"typed": "typed"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        config = make_config(ctx.rng, ctx.faker)
        stem = config.file_name.removesuffix(".ini")
        params = Params(config=f"config/{config.file_name}", output=f"config/{stem}.json",
                        typed=opts.typed if opts.typed is not None else ctx.rng.random() < 0.6)
        return params.with_files(config=config.data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import configparser, json, re
            parser = configparser.ConfigParser(interpolation=None)
            parser.read({lit(params.config)}, encoding="utf-8")
            def convert(text):
                if not {params.typed!r}:
                    return text
                if re.fullmatch(r"[+-]?\\d+", text):
                    return int(text)
                if re.fullmatch(r"[+-]?\\d*\\.\\d+", text):
                    return float(text)
                return text.lower() == "true" if text.lower() in ("true", "false") else text
            data = {{s: {{k: convert(v) for k, v in parser[s].items()}} for s in parser.sections()}}
            open({lit(params.output)}, "w").write(json.dumps(data, indent=2) + "\\n")
            print(list(data))
        """
        return solution(script_step(script, f"I parse {params.config} with configparser and dump each section as an "
                                    f"object to {params.output}.", f"Convert {params.config} to JSON"))
