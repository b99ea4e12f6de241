"""A service's JSON config documented as a markdown table in the repository's docs (data -> text): the
settings reference a README or wiki page carries. Same drawing as `multi.config_to_document` (every
setting or one section, file or alphabetical order, values as written or booleans as Yes/No), and the
markdown habit of writing setting names as inline code, asked or not."""

from __future__ import annotations

import textwrap

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, solution
from workflows.multi.config_to_document import ConfigToDocument, Options, Params, settings_code
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, register_workflow


class MdOptions(Options):
    code_names: bool | None = None


class MdParams(Params):
    code_names: bool


NAMES = "{% if code_names %} Write each setting name as inline code (`server.port`).{% endif %}"


@register_workflow
class ConfigToMarkdown(ConfigToDocument):
    spec = ConfigToDocument.spec.model_copy(update=dict(
        name="multi.config_to_markdown", apps=["data", "text"], params=MdParams, skill_params=MdOptions,
        phrasings=[
            "Document {% if section %}the `{{ section }}` section of {% endif %}the config {{ config }} in the "
            "markdown page {{ output }}: a heading '{{ heading }}', then a pipe table with the header "
            "{{ columns | join(' | ') }} and one row per setting{% if section %} of {{ section }} (names without the "
            "'{{ section }}.' prefix){% endif %}. Nested settings are written as dotted paths (limits.timeout), list "
            "items by their position from 1 (endpoints.1.name). {% if order == 'file' %}Keep the order of the file."
            "{% else %}Sort the rows by setting name.{% endif %} Values as the file writes them{% if yes_no %}, except "
            "true/false, which become Yes/No{% endif %}." + NAMES,
            "Our docs folder needs a settings reference for {% if section %}the {{ section }} part of {% endif %}"
            "{{ config }}. Could you write {{ output }} with a heading \"{{ heading }}\" and a markdown table "
            "({{ columns | join(', ') }})? One row per setting, nested names joined with dots and list entries "
            "numbered from 1{% if section %}, without the {{ section }}. prefix{% endif %}; "
            "{% if order == 'file' %}same order as the file{% else %}A to Z by name{% endif %}. "
            "{% if yes_no %}Show true/false as Yes/No; everything else as written.{% else %}Values exactly as in "
            "the file.{% endif %}{% if code_names %} Names in backticks, please.{% endif %}",
            "{{ config }}{% if section %} [{{ section }} only]{% endif %} -> {{ output }}: heading '{{ heading }}', "
            "markdown table {{ columns | join(' | ') }}, a row per setting (dotted paths{% if code_names %} as `code`"
            "{% endif %}, list items from 1), {% if order == 'file' %}file order{% else %}sorted by name{% endif %}, "
            "values as written{% if yes_no %} (booleans as Yes/No){% endif %}.",
        ],
        files=[FileSlot(param="config", type="json", role="input", description="A service's JSON config"),
               FileSlot(param="output", type="md", description="The settings reference page")],
        checks=[CheckTemplate(func="text.config_table", bind={
            "heading": "heading", "columns": "columns", "section": "section", "order": "order", "yes_no": "yes_no",
            "code_names": "code_names"})],
    ))

    def draw(self, ctx: WorkflowContext) -> MdParams:  # type: ignore[override]
        fields, config = self.drawn(ctx)
        opts: MdOptions = ctx.options  # type: ignore[assignment]
        code = opts.code_names if opts.code_names is not None else ctx.rng.random() < 0.5
        folder = ctx.rng.choice(["docs", "docs/reference", "wiki"])
        stem = fields["output"].rsplit("/", 1)[-1].removesuffix(".docx")
        return MdParams(**{**fields, "output": f"{folder}/{stem}.md"}, code_names=code).with_files(config=config)

    def reference(self, params: MdParams) -> ReferenceSolution:  # type: ignore[override]
        script = settings_code(params) + textwrap.dedent(f"""
            name = (lambda p: f"`{{p}}`") if {params.code_names!r} else (lambda p: p)
            lines = [f"## {{{lit(params.heading)}}}", "", "| " + " | ".join({lit(params.columns)}) + " |", "|---|---|"]
            lines += [f"| {{name(path)}} | {{shown(value)}} |" for path, value in pairs]
            os.makedirs(os.path.dirname({lit(params.output)}), exist_ok=True)
            open({lit(params.output)}, "w", encoding="utf-8").write("\\n".join(lines) + "\\n")
            print(len(pairs), "settings")
        """)
        return solution(script_step(script, f"I read {params.config}, flatten it to dotted paths, and write the "
                                    f"heading and a markdown table into {params.output}.",
                                    f"Document the settings in {params.output}"))
