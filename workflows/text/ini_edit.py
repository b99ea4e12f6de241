"""Change settings in one section of an INI config file, editing it in place."""

from __future__ import annotations

from forge.models import ReferenceSolution
from forge.models.gui_plan import GuiPlan, GuiStep
from preparers._corpora import corpus
from preparers.text import make_config
from workflows._gui import editor_plan, editor_set_line
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow


class Params(Prepared):
    config: str
    section: str
    keys: list[str]
    values: list[str]


@register_workflow
class IniEdit(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.ini_edit", apps=["text"], params=Params,
        phrasings=[
            "In the config file {{ config }}, section [{{ section }}], set "
            "{% for k in keys %}{{ k }} to {{ values[loop.index0] }}{% if not loop.last %} and {% endif %}{% endfor %}. "
            "Leave every other setting and section as it is, and save the file in place.",
            "Please update {{ config }}: under [{{ section }}] change "
            "{% for k in keys %}`{{ k }}` to `{{ values[loop.index0] }}`{% if not loop.last %}, {% endif %}{% endfor %}. "
            "Nothing else should change.",
            "{{ config }} [{{ section }}]: {% for k in keys %}{{ k }} = {{ values[loop.index0] }}"
            "{% if not loop.last %}; {% endif %}{% endfor %}. Edit in place.",
        ],
        criteria=["The named settings hold their new values in the named section.",
                  "Every other section, key and value is unchanged and the file still parses."],
        files=[FileSlot(param="config", type="txt", role="in_place", description="A service's INI configuration")],
        checks=[CheckTemplate(func="text.ini_values", bind={"section": "section", "keys": "keys", "values": "values"})],
    )

    states_values = ("values",)  # the instruction gives these values to write

    def draw(self, ctx: WorkflowContext) -> Params:
        config = make_config(ctx.rng, ctx.faker)
        choices = corpus("logs")["config_sections"]
        section = ctx.rng.choice(config.facts["sections"])
        current = dict(line.split(" = ", 1) for line in _section_lines(config.text, section))
        keys = ctx.rng.sample(sorted(choices[section]), ctx.rng.randint(1, 2))
        values = [str(ctx.rng.choice([v for v in choices[section][k] if str(v) != current[k]] or ["off"]))
                  for k in keys]
        params = Params(config=f"config/{config.file_name}", section=section, keys=keys, values=values)
        return params.with_files(config=config.data)


    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import configparser
            path = {lit(params.config)}
            text = open(path, encoding="utf-8").read()
            parser = configparser.ConfigParser(interpolation=None)
            parser.read_string(text)
            for key, value in zip({lit(params.keys)}, {lit(params.values)}):
                parser[{lit(params.section)}][key] = value
            comments = [line for line in text.splitlines() if line.startswith(";")]
            with open(path, "w", encoding="utf-8") as out:
                out.write("\\n".join(comments) + "\\n")
                parser.write(out)
            print(dict(parser[{lit(params.section)}]))
        """
        steps = solution(script_step(script, f"I'll load {params.config} with configparser, set the new values in "
                                     f"[{params.section}], and write it back keeping the header comment.",
                                     f"Update [{params.section}] in {params.config}"))
        return steps.model_copy(update={"gui_plan": _editor_plan(params)})


def _editor_plan(params: Params) -> GuiPlan:
    """GUI route: the file in the text editor, each setting's line (found in the generated file) retyped."""
    lines = params._files["config"].decode("utf-8").splitlines()
    start = lines.index(f"[{params.section}]")
    edits: list[GuiStep] = []
    for key, value in zip(params.keys, params.values, strict=True):
        number = next(i for i in range(start + 1, len(lines)) if lines[i].startswith(f"{key} = ")) + 1
        edits += editor_set_line(number, f"{key} = {value}", thought=f"{key} of [{params.section}] is on line "
                                 f"{number}; I retype that line with the new value.", action=f"Go to line {number}")
    plan = editor_plan(params.config, edits, thought=f"{params.config} is open in the text editor.")
    return plan.model_copy(update={"hybrid_terminal_before": 0, "hybrid_terminal_after": 0})  # one terminal step: all or none


def _section_lines(text: str, section: str) -> list[str]:
    lines = text.splitlines()
    start = lines.index(f"[{section}]") + 1
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("[")), len(lines))
    return [line for line in lines[start:end] if " = " in line]
