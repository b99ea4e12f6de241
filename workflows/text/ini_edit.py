"""Change settings in one section of an INI config file, editing it in place."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers._corpora import corpus
from preparers.text import make_config
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
        return solution(script_step(script, f"I'll load {params.config} with configparser, set the new values in "
                                    f"[{params.section}], and write it back keeping the header comment.",
                                    f"Update [{params.section}] in {params.config}"))


def _section_lines(text: str, section: str) -> list[str]:
    lines = text.splitlines()
    start = lines.index(f"[{section}]") + 1
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("[")), len(lines))
    return [line for line in lines[start:end] if " = " in line]
