"""Fill a text template (a welcome email, a payment reminder, a shipping notice) from JSON data:
one record, or a copy per record of a list with a separator line between; placeholders written
${field} or {field}, naming nested fields by dotted paths or flat ones; a field a record lacks
left as written, blanked, or replaced by a stated default."""

from __future__ import annotations

from typing import Literal

from forge.checks.text_templates import PLACEHOLDER, Style
from forge.models import ReferenceSolution
from preparers.data import dump_json
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow
from workflows.text._templates import TEMPLATES, make_records, make_template

Missing = Literal["keep", "blank", "default"]
MISSING = {"keep": "stays exactly as written in the template", "blank": "is replaced by nothing (removed)",
           "default": "is replaced by the text \"{{ default }}\""}
_MISSING = "".join(f"{{% if missing == {k!r} %}}{v}{{% endif %}}" for k, v in MISSING.items())
_MANY = ("{% if separator %}, once for each record of its list and in that order, with a line holding only "
         "\"{{ separator }}\" between one filled copy and the next{% endif %}")
_FIELDS = ("each placeholder (written like {{ example }}) becomes the value of the field it names{% if nested %}, a "
           "dotted name reaching into nested objects{% endif %}; a placeholder whose field the record lacks " + _MISSING)


class Options(SkillParams):
    many: bool | None = None
    missing: Missing | None = None
    nested: bool | None = None


class Params(Prepared):
    template: str
    data: str
    output: str
    ext: Literal["txt", "md"]
    style: Style
    example: str
    nested: bool
    missing: Missing
    default: str | None
    separator: str | None


@register_workflow
class TemplateFill(PreparedWorkflow[Params]):
    states_values = ("default",)
    spec = WorkflowSpec(
        name="text.template_fill", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "Fill in the template {{ template }} with the data in {{ data }}" + _MANY + ", and save the text as "
            "{{ output }}: " + _FIELDS + ". Everything else stays exactly as in the template.",
            "I need {{ template }} filled in from {{ data }}" + _MANY + ". The rule: " + _FIELDS + ". Please keep the "
            "rest of the wording and layout as it is and put the result in {{ output }}.",
            "{{ template }} + {{ data }} -> {{ output }}" + _MANY + "; " + _FIELDS + "; the rest verbatim.",
        ],
        criteria=["Every placeholder is filled from the record as asked.", "The template's other text is unchanged."],
        files=[FileSlot(param="template", type="txt", role="input", types_by={"ext": {"md": "md"}},
                        description="A text template"),
               FileSlot(param="data", type="json", role="input", description="The record(s) to fill it with"),
               FileSlot(param="output", type="txt", types_by={"ext": {"md": "md"}}, description="The filled-in text")],
        checks=[CheckTemplate(func="text.template_filled", paths={"input_file": "template", "data_file": "data"},
                              bind={"style": "style", "missing": "missing", "default": "default",
                                    "separator": "separator"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        many = opts.many if opts.many is not None else ctx.rng.random() < 0.5
        missing: Missing = opts.missing or ctx.rng.choice(list(MISSING))  # type: ignore[assignment]
        nested = opts.nested if opts.nested is not None else ctx.rng.random() < 0.5
        style: Style = ctx.rng.choice(["dollar", "brace"])
        kind = ctx.rng.choice(sorted(TEMPLATES))
        ext = TEMPLATES[kind][0]
        records = make_records(ctx.rng, ctx.faker, kind, ctx.rng.randint(3, 6) if many else 1, nested)
        folder = ctx.rng.choice(["", "templates/", "mail/"])
        example = "${field}" if style == "dollar" else "{field}"
        params = Params(template=f"{folder}{kind}.{ext}", data=f"{folder}{kind}_{'list' if many else 'record'}.json",
                        output=f"{folder}{kind}_{'all' if many else 'filled'}.{ext}", ext=ext, style=style, example=example,
                        nested=nested, missing=missing, separator=ctx.rng.choice(["---", "=====", "-- next --"])
                        if many else None, default=ctx.rng.choice(["n/a", "(not given)", "TBC"])
                        if missing == "default" else None)
        return params.with_files(template=make_template(kind, style, nested).encode("utf-8"),
                                 data=dump_json(records if many else records[0]))

    def reference(self, params: Params) -> ReferenceSolution:
        pattern = PLACEHOLDER[params.style].pattern
        script = f"""
            import json, re
            template = open({lit(params.template)}, encoding="utf-8").read()
            data = json.load(open({lit(params.data)}, encoding="utf-8"))
            def lookup(record, name):
                for key in name.split("."):
                    if not isinstance(record, dict) or key not in record:
                        return None
                    record = record[key]
                return record
            def fill(record):
                def one(match):
                    value = lookup(record, match[1])
                    if value is None:
                        return {{"keep": match[0], "blank": "", "default": {lit(params.default)}}}[{lit(params.missing)}]
                    return str(value)
                return re.sub({lit(pattern)}, one, template).rstrip("\\n")
            copies = [fill(r) for r in data] if isinstance(data, list) else [fill(data)]
            with open({lit(params.output)}, "w", encoding="utf-8") as out:
                out.write(("\\n" + {lit(params.separator)} + "\\n").join(copies) + "\\n" if {lit(params.separator)}
                          else copies[0] + "\\n")
            print(open({lit(params.output)}, encoding="utf-8").read()[:1500])
        """
        return solution(script_step(f"print(open({lit(params.template)}, encoding='utf-8').read()); "
                                    f"print(open({lit(params.data)}, encoding='utf-8').read()[:1200])",
                                    "First I read the template and the data to see the placeholders and fields.",
                                    f"Show {params.template} and {params.data}"),
                        script_step(script, "I replace each placeholder with its field's value and write the "
                                    f"filled text to {params.output}.", f"Fill {params.template}"))
