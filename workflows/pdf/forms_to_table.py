"""Collect four filled-in PDF forms (expense claims, leave requests, supplier registrations,
equipment bookings) into one csv (for a spreadsheet) or JSON list (for an import script):
every field (found in the form) or the fields named, in the order the files are listed or A-Z by
a field; a form someone left a field empty on kept with an empty cell, or left out."""

from __future__ import annotations

import io
from typing import Literal

from pypdf import PdfReader, PdfWriter

from forge.models import ReferenceSolution
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._forms import FORMS, KEYS, draw_form, form_values
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Format = Literal["csv", "json"]
SLOTS = ("first", "second", "third", "fourth")
_FILES = "{{ first }}, {{ second }}, {{ third }} and {{ fourth }}"
_J = "{% if format == 'json' %}"
_COLS = (_J + "a JSON list of objects keyed by {% if columns %}{{ columns | join(', ') }} (the forms' field names)"
         "{% else %}every field name of the form{% endif %}, with{% elif columns %}the header row "
         "{{ columns | join(',') }} (the forms' field names), then{% else %}a header row with every field name of the "
         "form, in the order the form lists its fields, then{% endif %}")
_UNIT = _J + "object{% else %}row{% endif %}"
_ROWS = ("one " + _UNIT + " per form{% if skip_incomplete %} that is filled in completely (leave out any form with an "
         "empty field){% endif %}, {% if sort_by %}sorted A-Z by {{ sort_by }}{% else %}in the order the files are "
         "listed{% endif %}")
_BLANK = ("{% if not skip_incomplete %} Where a form has a field left empty, " + _J + "give it an empty string"
          "{% else %}leave that cell empty{% endif %}.{% endif %}")
_FOR = _J + "for our import script{% else %}in a spreadsheet{% endif %}"


class Options(SkillParams):
    format: Format | None = None
    columns: Literal["all", "named"] | None = None
    sorted: bool | None = None
    skip_incomplete: bool | None = None


class Params(Prepared):
    first: str
    second: str
    third: str
    fourth: str
    output: str
    kind: str
    columns: list[str]
    sort_by: str | None
    skip_incomplete: bool
    format: Format


def filled(form: bytes, values: dict[str, str]) -> bytes:
    """The form as a person saves it from a viewer: the values given set, the other fields empty."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(form)))
    writer.set_need_appearances_writer(True)
    writer.update_page_form_field_values(writer.pages[0], {k: v for k, v in values.items() if v},
                                         auto_regenerate=False)
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


@register_workflow
class FormsToTable(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.forms_to_table", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Collect what was filled in on the {{ kind }} forms " + _FILES + " into {{ output }}: " + _COLS + " "
            + _ROWS + ", each value as filled in for that field." + _BLANK,
            "Four {{ kind }} forms came back (" + _FILES + ") and I'd like the answers " + _FOR + ". Could you "
            "put them in {{ output }}? I need " + _COLS + " " + _ROWS + "." + _BLANK,
            _FILES + " -> {{ output }}: " + _COLS + " " + _ROWS + "; values as filled in." + _BLANK,
        ],
        criteria=["The header names the fields asked for; each row holds one form's values for them.",
                  "Only the forms asked for, in the order asked; nothing else in the file."],
        files=[*(FileSlot(param=s, type="pdf", role="input", description="A filled-in {{ kind }} form") for s in SLOTS),
               FileSlot(param="output", type="csv", description="The forms' answers, one row per form",
                        types_by={"format": {"csv": "csv", "json": "json"}})],
        checks=[CheckTemplate(func="pdf.forms_tabulated",
                              paths={f"{s}_file": s for s in SLOTS},
                              bind={"columns": "columns", "sort_by": "sort_by", "skip_incomplete": "skip_incomplete",
                                    "format": "format"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        every = (opts.columns or ctx.rng.choice(["all", "named"])) == "all"
        by_key = opts.sorted if opts.sorted is not None else ctx.rng.random() < 0.5
        skip = opts.skip_incomplete if opts.skip_incomplete is not None else ctx.rng.random() < 0.5
        kind, stem, form = draw_form(ctx)
        key, names = KEYS[kind], [name for name, _ in FORMS[kind]]
        others = [n for n in names if n != key]
        columns = [] if every else [key, *ctx.rng.sample(others, 2)]
        records = [form_values(kind, ctx.faker) for _ in SLOTS]
        while by_key and [r[key] for r in records] == sorted(r[key] for r in records):
            ctx.rng.shuffle(records)  # listed out of A-Z order, so sorting matters
        blank = ctx.rng.choice(columns[1:] if columns and not skip else others)  # an empty cell that shows
        records[ctx.rng.randrange(len(records))][blank] = ""
        folder = ctx.rng.choice(["", "forms/", "returned/"])
        label = kind.split()[0]
        fmt: Format = opts.format or ctx.rng.choice(["csv", "json"])
        params = Params(**{s: f"{folder}{stem}_{n}.pdf" for n, s in enumerate(SLOTS, start=1)},
                        output=f"{label}_forms.{fmt}", kind=kind, columns=columns,
                        sort_by=key if by_key else None, skip_incomplete=skip, format=fmt)
        return params.with_files(**{s: filled(form, r) for s, r in zip(SLOTS, records, strict=True)})

    def reference(self, params: Params) -> ReferenceSolution:
        files = [params.first, params.second, params.third, params.fourth]
        script = f"""
            import csv, json
            from pypdf import PdfReader
            forms = []
            for path in {lit(files)}:
                fields = PdfReader(path).get_fields()
                forms.append({{name: str(f.get("/V") or "") for name, f in fields.items()}})
            columns = {lit(params.columns)} or list(forms[0])
            if {lit(params.skip_incomplete)}:
                forms = [f for f in forms if all(v.strip() for v in f.values())]
            if {lit(params.sort_by)}:
                forms.sort(key=lambda f: f[{lit(params.sort_by)}].casefold())
            with open({lit(params.output)}, "w", newline="", encoding="utf-8") as out:
                if {lit(params.format)} == "json":
                    json.dump([{{c: f[c] for c in columns}} for f in forms], out, indent=2)
                else:
                    writer = csv.writer(out)
                    writer.writerow(columns)
                    writer.writerows([f[c] for c in columns] for f in forms)
            print(open({lit(params.output)}, encoding="utf-8").read())
        """
        look = f"""
            from pypdf import PdfReader
            for path in {lit(files)}:
                print(path, {{k: f.get("/V") for k, f in PdfReader(path).get_fields().items()}})
        """
        return solution(script_step(look, "First I read the fields filled in on each form with pypdf.",
                                    "Show the forms' fields"),
                        script_step(script, "I write one csv row per form asked for, the columns asked for, in the "
                                    "order asked.", f"Write {params.output}"))
