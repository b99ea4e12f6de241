"""Fill a PDF form's fields: with values the request gives (a blank form filled in, or a filled
one with some values corrected), or with one record looked up in a data file (a CSV or JSON of
people or companies, or a note of `field: value` lines); in place or as a new PDF."""

from __future__ import annotations

import csv
import io
import json
from typing import Literal

from pypdf import PdfReader, PdfWriter

from forge.models import ReferenceSolution
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._forms import FILL_SCRIPT, FORMS, KEYS, draw_form, form_values
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)

Source = Literal["csv", "json", "notes"]
SOURCE_TYPES = {"csv": "csv", "json": "json", "notes": "txt"}  # the data file's type by its source
_LOOK = """
from pypdf import PdfReader
for name, field in PdfReader({form!r}).get_fields().items():
    print(name, "=", repr(field.get("/V")))
"""


def _fill(data: bytes, values: dict[str, str]) -> bytes:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    writer.set_need_appearances_writer(True)
    writer.update_page_form_field_values(writer.pages[0], values, auto_regenerate=False)
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


class Options(SkillParams):
    correct: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    kind: str
    correct: bool
    names: list[str]
    values: list[str]


_PAIRS = "{% for n in names %}{{ n }}: {{ values[loop.index0] }}{% if not loop.last %}; {% endif %}{% endfor %}"


@register_workflow
class FillForm(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.fill_form", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "{% if correct %}The {{ kind }} form {{ input }} was filled in with some mistakes. Correct these fields "
            "(by field name), leaving the other fields as they are: {% else %}Fill in the {{ kind }} form {{ input }}, "
            "field by field name: {% endif %}" + _PAIRS + ". " + SAVE["formal"],
            "{% if correct %}Could you fix a couple of fields on the {{ kind }} form in {{ input }}? They should read "
            "{% else %}Can you fill in the {{ kind }} form {{ input }} for me? Here's what goes in each field: "
            "{% endif %}" + _PAIRS + ". " + SAVE["chatty"],
            "{{ input }} ({{ kind }} form): {% if correct %}correct {% endif %}" + _PAIRS + ". " + SAVE["terse"],
        ],
        criteria=["Each field named holds the value given; the other fields are as they were.",
                  "The form keeps its fields (still fillable) and its page."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A fillable {{ kind }} form"),
               FileSlot(param="output", type="pdf", description="The filled form")],
        checks=[CheckTemplate(func="pdf.form_filled", bind={"names": "names", "values": "values"})],
    )

    states_values = ("values",)  # the request gives the values to fill in

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        correct = opts.correct if opts.correct is not None else ctx.rng.random() < 0.4
        kind, stem, data = draw_form(ctx)
        values = form_values(kind, ctx.faker)
        if correct:
            data = _fill(data, values)
            names = sorted(ctx.rng.sample(list(values), 2))
            fixed = form_values(kind, ctx.faker)
            values = {n: fixed[n] for n in names if fixed[n] != values[n]} or {names[0]: values[names[0]] + " Jr"}
        params = Params(**edit_paths(ctx, stem, "pdf", "filled", ["", "forms/"]), kind=kind, correct=correct,
                        names=list(values), values=list(values.values()))
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"values = {dict(zip(params.names, params.values, strict=True))!r}\n" + \
            FILL_SCRIPT.format(form=params.input, output=params.output)
        return solution(script_step(_LOOK.format(form=params.input), f"First I list the fields of {params.input} "
                                    "with their current values.", f"List the fields of {params.input}"),
                        script_step(script, "I set the fields by name with pypdf, keeping the form fillable.",
                                    f"Write {params.output}"))


class RecordOptions(SkillParams):
    source: Source | None = None
    in_place: bool | None = None


class RecordParams(Prepared):
    input: str
    output: str
    in_place: bool
    kind: str
    source: Source
    data: str
    key: str | None


@register_workflow
class FillFormFromData(PreparedWorkflow[RecordParams]):
    spec = WorkflowSpec(
        name="pdf.fill_form_from_data", apps=["pdf"], params=RecordParams, skill_params=RecordOptions,
        phrasings=[
            "Fill in every field of the {{ kind }} form {{ input }} from {% if key %}the record of {{ key }} in "
            "{{ data }}{% else %}the notes in {{ data }}{% endif %}: each field takes the value of the same name. "
            + SAVE["formal"],
            "{% if key %}{{ key }}'s details are in {{ data }}{% else %}I jotted the details down in {{ data }}{% endif %}"
            ". Could you use them to fill in the {{ kind }} form {{ input }}? The names there match the form's field "
            "names. " + SAVE["chatty"],
            "{{ input }}: fill from {{ data }}{% if key %} (row for {{ key }}){% endif %}, field names as given. "
            + SAVE["terse"],
        ],
        criteria=["Every field holds the value of the same name from the record asked for.",
                  "The form keeps its fields (still fillable) and its page."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A fillable {{ kind }} form"),
               FileSlot(param="data", type="txt", role="input", description="The values to fill in",
                        types_by={"source": SOURCE_TYPES}),
               FileSlot(param="output", type="pdf", description="The filled form")],
        checks=[CheckTemplate(func="pdf.form_from_record", bind={"key": "key"}, paths={"input_file": "input",
                                                                                   "data_file": "data"})],
    )

    def draw(self, ctx: WorkflowContext) -> RecordParams:
        opts: RecordOptions = ctx.options  # type: ignore[assignment]
        source: Source = opts.source or ctx.rng.choice(["csv", "json", "notes"])
        kind, stem, data = draw_form(ctx)
        records = [form_values(kind, ctx.faker) for _ in range(1 if source == "notes" else ctx.rng.randint(6, 14))]
        chosen = ctx.rng.choice(records)
        names = [name for name, _ in FORMS[kind]]
        if source == "csv":
            buf = io.StringIO()
            writer = csv.DictWriter(buf, fieldnames=names, lineterminator="\n")
            writer.writeheader()
            writer.writerows(records)
            content = buf.getvalue()
        elif source == "json":
            content = json.dumps(records, indent=2) + "\n"
        else:
            content = "".join(f"{n}: {v}\n" for n, v in chosen.items())
        ext = SOURCE_TYPES[source]
        params = RecordParams(**edit_paths(ctx, stem, "pdf", "filled", ["", "forms/"]), kind=kind, source=source,
                              data=f"data/{kind.split()[0]}_{'details' if source == 'notes' else 'records'}.{ext}",
                              key=None if source == "notes" else chosen[KEYS[kind]])
        return params.with_files(input=data, data=content.encode())

    def reference(self, params: RecordParams) -> ReferenceSolution:
        read = {
            "csv": f"import csv\nrows = list(csv.DictReader(open({params.data!r}, encoding='utf-8')))\n"
                   f"values = next(r for r in rows if {params.key!r} in r.values())",
            "json": f"import json\nvalues = next(r for r in json.load(open({params.data!r})) if {params.key!r} in "
                    "r.values())",
            "notes": f"values = dict(line.split(': ', 1) for line in open({params.data!r}, encoding='utf-8').read()"
                     ".splitlines() if ': ' in line)",
        }[params.source]
        script = read + "\nvalues = {k: str(v) for k, v in values.items()}\n" + \
            FILL_SCRIPT.format(form=params.input, output=params.output)
        return solution(script_step(_LOOK.format(form=params.input), f"First I list the fields of {params.input}.",
                                    f"List the fields of {params.input}"),
                        script_step(f"print(open({lit(params.data)}, encoding='utf-8').read()[:800])",
                                    f"Then I look at {params.data}.", f"Show {params.data}"),
                        script_step(script, "I take the record asked for and set each field of the same name with "
                                    "pypdf, keeping the form fillable.", f"Write {params.output}"))
