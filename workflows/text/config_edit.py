"""Edit one setting of a service's config, in INI, YAML, TOML or .env: change its value, add a new
one, remove it, comment it out (switch it off, keeping the line) or rename it; in place or as a
new file. The format decides how a value is written (quoted strings in TOML, typed YAML, upper
case variables in .env), so each format is its own task."""

from __future__ import annotations

from typing import Literal

from forge.checks.config_files import ConfigFormat, as_text
from forge.models import ReferenceSolution
from workflows._inplace import SAVE
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
from workflows.text._configs import EXTENSION, EXTRA_KEYS, LINE_EDITOR, NAME, RENAMES, make_settings, render
from workflows.text._configs import setting_line

Operation = Literal["set", "add", "remove", "comment_out", "rename"]
EditFormat = Literal["ini", "yaml", "toml", "env"]

_SETTING = ("`{{ key }}` {% if format == 'env' %}of the {{ section }} group (the variable {{ section | upper }}_"
            "{{ key | upper }}){% else %}in the {{ section }} section{% endif %}")
_NEW = "`{{ new_key }}`{% if format == 'env' %} ({{ section | upper }}_{{ new_key | upper }}){% endif %}"
_ASK = {
    "set": "change " + _SETTING + " to `{{ value }}`",
    "add": "add a new setting `{{ key }}` to the {{ section }} {% if format == 'env' %}group (the variable "
           "{{ section | upper }}_{{ key | upper }}){% else %}section{% endif %} with the value `{{ value }}`",
    "remove": "delete " + _SETTING + " entirely",
    "comment_out": "switch off " + _SETTING + " by commenting its line out (keep the line, behind a comment mark)",
    "rename": "rename " + _SETTING + " to " + _NEW + ", keeping its value",
}


def _ask() -> str:
    return "".join(f"{{% if operation == {op!r} %}}{text}{{% endif %}}" for op, text in _ASK.items())


class Options(SkillParams):
    format: EditFormat | None = None
    operation: Operation | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    format: EditFormat
    format_name: str
    operation: Operation
    section: str
    key: str
    value: str | None
    new_key: str | None


@register_workflow
class ConfigEdit(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.config_edit", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "In the {{ format_name }} config {{ input }}, " + _ask() + ". Every other setting stays exactly as it "
            "is and the file must still be valid {{ format_name }}. " + SAVE["formal"],
            "Hey, we're changing the service's setup: could you " + _ask() + " in {{ input }}? Don't touch anything "
            "else in it. " + SAVE["chatty"],
            "{{ input }}: " + _ask() + ". " + SAVE["terse"],
        ],
        criteria=["The one setting asked for is changed as asked, in the file's own format.",
                  "Every other section, setting and value is unchanged and the file still parses."],
        files=[FileSlot(param="input", type="txt", role="input", description="A service's {{ format_name }} config"),
               FileSlot(param="output", type="txt", description="The edited config")],
        checks=[CheckTemplate(func="text.config_edited", bind={
            "format": "format", "operation": "operation", "section": "section", "key": "key", "value": "value",
            "new_key": "new_key"})],
    )

    states_values = ("value",)  # the instruction gives the value to write

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        fmt: EditFormat = opts.format or ctx.rng.choice(["ini", "yaml", "toml", "env"])
        operation: Operation = opts.operation or ctx.rng.choice(list(_ASK))
        in_place = opts.in_place if opts.in_place is not None else ctx.rng.random() < 0.5
        service, maintainer, settings = make_settings(ctx.rng, ctx.faker)
        section = ctx.rng.choice(sorted(settings))
        value = new_key = None
        if operation == "add":
            key, values = ctx.rng.choice(EXTRA_KEYS[section])
            value = str(ctx.rng.choice(values))
        elif operation == "set":
            other = {k: [as_text(v) for v in _choices(section, k) if as_text(v) != as_text(settings[section][k])]
                     for k in settings[section]}
            key = ctx.rng.choice(sorted(k for k, values in other.items() if values))
            value = ctx.rng.choice(other[key])
        else:
            key = ctx.rng.choice(sorted(k for k in settings[section] if k in RENAMES or operation != "rename"))
            new_key = RENAMES[key] if operation == "rename" else None
        ext = EXTENSION[fmt]
        stem = ".env" if fmt == "env" else f"{service}.{ext}"
        folder = ctx.rng.choice(["config/", "deploy/", ""])
        source = f"{folder}{stem}"
        output = source if in_place else f"{folder}{'staging.env' if fmt == 'env' else f'{service}.new.{ext}'}"
        text = render(fmt, settings, f"{service} settings, maintained by {maintainer}")
        params = Params(input=source, output=output, in_place=in_place, format=fmt, format_name=NAME[fmt],
                        operation=operation, section=section, key=key, value=value, new_key=new_key)
        return params.with_files(input=text.encode())

    def reference(self, params: Params) -> ReferenceSolution:
        line = setting_line(params.format, params.section, params.key, params.value) if params.value else None
        script = LINE_EDITOR + f"""
text = open({lit(params.input)}, encoding="utf-8").read()
result = edit(text, {lit(params.format)}, {lit(params.section)}, {lit(params.key)}, {lit(params.operation)},
              line={lit(line)}, new_key={lit(params.new_key)})
open({lit(params.output)}, "w", encoding="utf-8").write(result)
print(result)
"""
        return solution(
            shell_step(f"cat {params.input}", f"First I look at {params.input} to find the {params.section} settings.",
                       f"Show {params.input}"),
            script_step(script, f"I {params.operation.replace('_', ' ')} {params.key} in the {params.section} section, "
                        f"editing only that line so comments and layout stay, and write {params.output}.",
                        f"Edit {params.key} in {params.output}"))


def _choices(section: str, key: str) -> list[object]:
    from preparers._corpora import corpus

    data = corpus("logs")["config_sections"]
    return list(data.get(section, {}).get(key, [])) or ([True, False] if key == "debug" else [])


__all__ = ["ConfigEdit", "ConfigFormat"]
