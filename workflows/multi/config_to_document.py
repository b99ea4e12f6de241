"""A service's JSON config documented in a Word file (data -> document): a heading and a two-column
table of every setting (dotted paths) or of one section, in file or alphabetical order, values as
written or booleans as Yes/No for readers who are not engineers."""

from __future__ import annotations

import textwrap
from typing import Any, Literal

from forge.models import ReferenceSolution
from preparers.data import dump_json, make_app_config
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Order = Literal["file", "alphabetical"]
COLUMNS = [["Setting", "Value"], ["Key", "Value"], ["Parameter", "Current value"], ["Option", "Setting"]]


class Options(SkillParams):
    one_section: bool | None = None
    order: Order | None = None
    yes_no: bool | None = None


class Params(Prepared):
    config: str
    output: str
    heading: str
    columns: list[str]
    section: str | None
    order: Order
    yes_no: bool


def settings_code(params: Params) -> str:
    """The reference's first lines, shared by every target format: `pairs` (dotted path, value) of the
    config or its section in the asked order, and `shown(value)` as the task wants it written."""
    return f"""
import json, os
config = json.load(open({lit(params.config)}))
section = {lit(params.section)}
if section:
    config = config[section]
def flatten(value, prefix=""):
    items = value.items() if isinstance(value, dict) else enumerate(value, start=1) \\
        if isinstance(value, list) else None
    if items is None:
        return [(prefix, value)]
    return [p for k, v in items for p in flatten(v, f"{{prefix}}.{{k}}" if prefix else str(k))]
pairs = flatten(config)
if {lit(params.order)} == "alphabetical":
    pairs.sort(key=lambda p: p[0])
def shown(v):
    if isinstance(v, bool) and {params.yes_no!r}:
        return "Yes" if v else "No"
    return v if isinstance(v, str) else json.dumps(v)
"""


@register_workflow
class ConfigToDocument(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="multi.config_to_document", apps=["data", "document"], params=Params, skill_params=Options,
        phrasings=[
            "Document {% if section %}the `{{ section }}` section of {% endif %}the config {{ config }} in a Word "
            "file {{ output }}: a heading '{{ heading }}', then a table with the header {{ columns | join(' | ') }} "
            "and one row per setting{% if section %} of {{ section }} (names without the '{{ section }}.' prefix)"
            "{% endif %}. Nested settings are written as dotted paths (limits.timeout), list items by their "
            "position from 1 (endpoints.1.name). {% if order == 'file' %}Keep the order of the file.{% else %}Sort "
            "the rows by setting name.{% endif %} Values as the file writes them{% if yes_no %}, except true/false, "
            "which become Yes/No{% endif %}.",
            "The ops handbook needs the {% if section %}{{ section }} settings{% else %}settings{% endif %} of "
            "{{ config }}. Could you make {{ output }} with a heading \"{{ heading }}\" and a two-column table "
            "({{ columns | join(', ') }})? One row per setting, nested names joined with dots and list entries "
            "numbered from 1{% if section %}, without the {{ section }}. prefix{% endif %}; "
            "{% if order == 'file' %}same order as the file{% else %}A to Z by name{% endif %}. "
            "{% if yes_no %}Show true/false as Yes/No; everything else as written.{% else %}Values exactly as in "
            "the file (true/false stay as they are).{% endif %}",
            "{{ config }}{% if section %} [{{ section }} only]{% endif %} -> {{ output }}: heading '{{ heading }}', "
            "table {{ columns | join(' | ') }}, a row per setting (dotted paths, list items from 1), "
            "{% if order == 'file' %}file order{% else %}sorted by name{% endif %}, values as written"
            "{% if yes_no %} (booleans as Yes/No){% endif %}.",
        ],
        criteria=["The heading, then a table of exactly the settings asked for under the named header.",
                  "Paths and values as asked, in the asked order."],
        files=[FileSlot(param="config", type="json", role="input", description="A service's JSON config"),
               FileSlot(param="output", type="docx", description="The documented settings")],
        checks=[CheckTemplate(func="document.config_documented", bind={
            "heading": "heading", "columns": "columns", "section": "section", "order": "order", "yes_no": "yes_no"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        fields, config = self.drawn(ctx)
        return Params(**fields).with_files(config=config)

    def drawn(self, ctx: WorkflowContext) -> tuple[dict[str, Any], bytes]:
        """The params' fields and the config's bytes, apart, so a family writing the table to another
        format (`multi.config_to_markdown`) draws the same task and adds its own fields."""
        opts: Options = ctx.options  # type: ignore[assignment]
        config = make_app_config(ctx.rng, ctx.faker)
        one = opts.one_section if opts.one_section is not None else ctx.rng.random() < 0.5
        yes_no = opts.yes_no if opts.yes_no is not None else ctx.rng.random() < 0.5
        sections = sorted(k for k, v in config.value.items() if isinstance(v, dict))  # type: ignore[union-attr]
        # only the feature flags are booleans: one section shown as Yes/No is the flags
        section = ("features" if yes_no else ctx.rng.choice(sections)) if one else None
        service = str(config.value["service"])  # type: ignore[index]
        heading = f"{service} {section} settings" if section else ctx.rng.choice(
            [f"{service} configuration", f"Settings of {service}", f"{service}: configuration reference"])
        fields = dict(config=f"config/{config.file_name}", output=f"docs/{service}_settings.docx", heading=heading,
                      columns=list(ctx.rng.choice(COLUMNS)), section=section,
                      order=opts.order or ctx.rng.choice(["file", "alphabetical"]), yes_no=yes_no)
        return fields, dump_json(config.value)

    def reference(self, params: Params) -> ReferenceSolution:
        script = settings_code(params) + textwrap.dedent(f"""
            import docx
            document = docx.Document()
            document.add_heading({lit(params.heading)}, level=1)
            table = document.add_table(rows=1, cols=2)
            table.style = "Table Grid"
            table.rows[0].cells[0].text, table.rows[0].cells[1].text = {lit(params.columns)}
            for path, value in pairs:
                cells = table.add_row().cells
                cells[0].text, cells[1].text = path, shown(value)
            os.makedirs(os.path.dirname({lit(params.output)}), exist_ok=True)
            document.save({lit(params.output)})
            print(len(pairs), "settings")
        """)
        return solution(script_step(script, f"I read {params.config}, flatten it to dotted paths, and write the "
                                    f"heading and the table into {params.output} with python-docx.",
                                    f"Document the settings in {params.output}"))
