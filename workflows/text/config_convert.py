"""Carry a service's whole config from one format to another (INI, YAML, TOML, .env, JSON): each
pair is its own task, since the reader and the writer differ (typed values out of text ones,
.env variables folded into sections or sections flattened into variables)."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, shell_step, solution
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)
from workflows.text._configs import EXTENSION, NAME, make_settings, render

Format = Literal["ini", "yaml", "toml", "env", "json"]

_RULES = (
    "{% if source == 'env' %} Each variable SECTION_KEY is the setting `key` of the section `section` (split at the "
    "first underscore, names in lower case).{% endif %}"
    "{% if target == 'env' %} Write one SECTION_KEY=value line per setting, the section and key joined by an "
    "underscore, in upper case.{% endif %}"
    "{% if target in ['yaml', 'toml', 'json'] %} Numbers and true/false must become real numbers and booleans, "
    "everything else text.{% endif %}"
)

_READ = {
    "ini": "import configparser\np = configparser.ConfigParser(interpolation=None)\np.read_string(text)\n"
           "data = {s: dict(p[s]) for s in p.sections()}",
    "yaml": "import yaml\ndata = yaml.safe_load(text)",
    "toml": "import tomllib\ndata = tomllib.loads(text)",
    "json": "import json\ndata = json.loads(text)",
    "env": "data = {}\nfor line in text.splitlines():\n    line = line.strip()\n    if line and not line.startswith('#'):\n"
           "        name, value = line.split('=', 1)\n        section, key = name.split('_', 1)\n"
           "        data.setdefault(section.lower(), {})[key.lower()] = value.strip().strip('\"')",
}
_TYPED = ("import re\ndef typed(v):\n    t = str(v).lower() if isinstance(v, bool) else str(v)\n"
          "    if re.fullmatch(r'[+-]?\\d+', t): return int(t)\n    if re.fullmatch(r'[+-]?\\d*\\.\\d+', t): return float(t)\n"
          "    return t == 'true' if t in ('true', 'false') else t\n"
          "data = {s: {k: typed(v) for k, v in keys.items()} for s, keys in data.items()}")
_TEXT = "data = {s: {k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in keys.items()} for s, keys in data.items()}"
_WRITE = {
    "ini": "import configparser, io\np = configparser.ConfigParser(interpolation=None)\np.read_dict(data)\n"
           "buf = io.StringIO()\np.write(buf)\nout = buf.getvalue()",
    "yaml": "import yaml\nout = yaml.safe_dump(data, sort_keys=False)",
    "json": "import json\nout = json.dumps(data, indent=2) + '\\n'",
    "toml": "import json\ndef value(v):\n    if isinstance(v, bool): return str(v).lower()\n"
            "    return str(v) if isinstance(v, (int, float)) else json.dumps(v)\n"
            "out = ''.join(f'[{s}]\\n' + ''.join(f'{k} = {value(v)}\\n' for k, v in keys.items()) + '\\n' "
            "for s, keys in data.items())",
    "env": "out = ''.join(f'{s.upper()}_{k.upper()}={v}\\n' for s, keys in data.items() for k, v in keys.items())",
}


class Options(SkillParams):
    source: Format | None = None
    target: Format | None = None


class Params(Prepared):
    input: str
    output: str
    source: Format
    target: Format
    source_name: str
    target_name: str


@register_workflow
class ConfigConvert(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.config_convert", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "Convert the {{ source_name }} config {{ input }} to {{ target_name }} and save it as {{ output }}: the "
            "same sections and settings with the same values, nothing left out or added." + _RULES,
            "We're moving the service to a {{ target_name }} config. Could you carry everything in {{ input }} over "
            "into {{ output }}? Same settings, same values." + _RULES,
            "{{ input }} ({{ source_name }}) -> {{ output }} ({{ target_name }}), all settings." + _RULES,
        ],
        criteria=["Every section and setting of the original is in the new file with its value, and nothing else.",
                  "The new file is valid in its format, with values typed as the format holds them."],
        files=[FileSlot(param="input", type="txt", role="input", description="A service's {{ source_name }} config"),
               FileSlot(param="output", type="txt", description="The config as {{ target_name }}")],
        checks=[CheckTemplate(func="text.config_converted", bind={"source": "source", "target": "target"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        formats: list[Format] = ["ini", "yaml", "toml", "env", "json"]
        source: Format = opts.source or ctx.rng.choice(formats)
        target: Format = opts.target or ctx.rng.choice([f for f in formats if f != source])
        service, maintainer, settings = make_settings(ctx.rng, ctx.faker)
        folder = ctx.rng.choice(["config/", "deploy/", ""])
        name = lambda fmt: ".env" if fmt == "env" and fmt == source else f"{service}.{EXTENSION[fmt]}"  # noqa: E731
        params = Params(input=folder + name(source), output=folder + name(target), source=source, target=target,
                        source_name=NAME[source], target_name=NAME[target])
        return params.with_files(input=render(source, settings, f"{service} settings, maintained by {maintainer}").encode())

    def reference(self, params: Params) -> ReferenceSolution:
        convert = _TYPED if params.target in ("yaml", "toml", "json") else _TEXT
        script = "\n".join([f"text = open({lit(params.input)}, encoding='utf-8').read()", _READ[params.source],
                            convert, _WRITE[params.target],
                            f"open({lit(params.output)}, 'w', encoding='utf-8').write(out)", "print(out)"])
        return solution(
            shell_step(f"cat {params.input}", f"First I read {params.input} to see its sections.", f"Show {params.input}"),
            script_step(script, f"I parse the {params.source_name} file, {'type' if convert == _TYPED else 'keep'} the "
                        f"values as {params.target_name} holds them and write {params.output}.",
                        f"Write {params.output}"))
