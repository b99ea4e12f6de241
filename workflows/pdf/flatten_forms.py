"""Flatten filled-in PDF forms so nobody can change the answers once they are filed: the four
forms merged into one archive PDF (in the order listed or A-Z by a field, a form with an empty
field left out when asked), or each form flattened on its own (a copy in an archive folder, or
the form itself). One form always has a field left empty, so leaving incomplete ones out shows."""

from __future__ import annotations

import textwrap

from forge.models import ReferenceSolution, ReferenceStep
from workflows._prepared import PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._four import FILES as _FILES, SLOTS, FourInputs
from workflows.pdf._forms import FORMS, KEYS, draw_form, form_values
from workflows.pdf.forms_to_table import filled
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

OUTS = ("out1", "out2", "out3", "out4")
_FLAT = "the answers printed on the pages as ordinary text and no fillable field left"
_ORDER = ("{% if sort_by %}the forms A-Z by the {{ sort_label }} filled in (field {{ sort_by }}){% else %}the forms "
          "in the order listed{% endif %}{% if skip_incomplete %}, leaving out any form with a field left empty (those "
          "go back to the sender){% endif %}")
_WHERE = ("{% if in_place %}each form flattened where it is, under its own name{% else %}a flattened copy of each "
          "in {{ archive }} under the same file name ({{ out1 }}, {{ out2 }}, {{ out3 }} and {{ out4 }}), the forms "
          "themselves left as they are{% endif %}")
FLATTEN = """
import io, os
from pypdf import PdfReader, PdfWriter

def flatten(paths, out):
    writer = PdfWriter()
    for path in paths:
        with open(path, "rb") as fh:
            reader = PdfReader(io.BytesIO(fh.read()))
        values = {name: field.get("/V") or "" for name, field in (reader.get_fields() or {}).items()}
        form = PdfWriter(clone_from=reader)
        for page in form.pages:
            form.update_page_form_field_values(page, values, flatten=True)
        form.remove_annotations(subtypes="/Widget")
        if "/AcroForm" in form.root_object:
            del form.root_object["/AcroForm"]
        flat = io.BytesIO()
        form.write(flat)
        for page in PdfReader(flat).pages:
            writer.add_page(page)
    if os.path.dirname(out):
        os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "wb") as fh:
        writer.write(fh)
    print(out, len(writer.pages), "pages, fields left:", PdfReader(out).get_fields())
"""


class Options(SkillParams):
    sorted: bool | None = None
    skip_incomplete: bool | None = None


class CopyOptions(SkillParams):
    in_place: bool | None = None


class Params(FourInputs):
    output: str
    kind: str
    sort_by: str | None
    sort_label: str | None
    skip_incomplete: bool


class CopyParams(FourInputs):
    out1: str
    out2: str
    out3: str
    out4: str
    kind: str
    archive: str
    in_place: bool


def draw_forms(ctx: WorkflowContext, by_key: bool) -> tuple[str, str, list[dict[str, str]], list[bytes]]:
    """(kind, file stem, the four forms' values, their filled-in bytes): one field left empty on
    one form; listed out of A-Z order by the key field when that order is asked."""
    kind, stem, form = draw_form(ctx)
    key = KEYS[kind]
    records = [form_values(kind, ctx.faker) for _ in SLOTS]
    while by_key and [r[key] for r in records] == sorted(r[key] for r in records):
        ctx.rng.shuffle(records)
    records[ctx.rng.randrange(len(records))][ctx.rng.choice([n for n, _ in FORMS[kind] if n != key])] = ""
    return kind, stem, records, [filled(form, r) for r in records]


def look_step(files: list[str]) -> ReferenceStep:
    script = f"""
        from pypdf import PdfReader
        for path in {lit(files)}:
            print(path, {{k: f.get("/V") for k, f in (PdfReader(path).get_fields() or {{}}).items()}})
    """
    return script_step(script, "First I read what was filled in on each form with pypdf.", "Show the forms' fields")


@register_workflow
class FlattenForms(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.flatten_forms", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Merge the filled-in {{ kind }} forms " + _FILES + " into one flattened PDF for the archive, {{ output }}: "
            + _ORDER + ", with " + _FLAT + ", so nothing can be changed afterwards. Leave the forms as they are.",
            "The {{ kind }} forms that came back (" + _FILES + ") need filing where nobody can edit the answers. Could "
            "you put them together in {{ output }}, flattened (" + _FLAT + ")? I'd like " + _ORDER + ".",
            _FILES + " -> {{ output }}: merged and flattened (" + _FLAT + "); " + _ORDER + ".",
        ],
        criteria=["No fillable field is left; every answer is on the page as text, next to its label.",
                  "Exactly the forms asked for, one after another in the order asked."],
        files=[*(FileSlot(param=s, type="pdf", role="input", description="A filled-in {{ kind }} form") for s in SLOTS),
               FileSlot(param="output", type="pdf", description="The forms merged and flattened")],
        checks=[CheckTemplate(func="pdf.forms_flattened", paths={f"{s}_file": s for s in SLOTS},
                              bind={"sort_by": "sort_by", "skip_incomplete": "skip_incomplete"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        by_key = opts.sorted if opts.sorted is not None else ctx.rng.random() < 0.5
        skip = opts.skip_incomplete if opts.skip_incomplete is not None else ctx.rng.random() < 0.5
        kind, stem, _, forms = draw_forms(ctx, by_key)
        key = KEYS[kind]
        folder = ctx.rng.choice(["", "forms/", "returned/"])
        params = Params(**{s: f"{folder}{stem}_{n}.pdf" for n, s in enumerate(SLOTS, start=1)},
                        output=f"{ctx.rng.choice(['', 'archive/'])}{stem}s_{ctx.rng.choice(['filed', 'final', 'all'])}"
                        ".pdf", kind=kind, sort_by=key if by_key else None,
                        sort_label=dict(FORMS[kind])[key].lower() if by_key else None, skip_incomplete=skip)
        return params.with_files(**dict(zip(SLOTS, forms, strict=True)))

    def reference(self, params: Params) -> ReferenceSolution:
        files = [params.first, params.second, params.third, params.fourth]
        script = FLATTEN + textwrap.dedent(f"""
            forms = []
            for path in {lit(files)}:
                fields = PdfReader(path).get_fields()
                forms.append((path, {{k: str(f.get("/V") or "") for k, f in fields.items()}}))
            if {lit(params.skip_incomplete)}:
                forms = [f for f in forms if all(v.strip() for v in f[1].values())]
            if {lit(params.sort_by)}:
                forms.sort(key=lambda f: f[1][{lit(params.sort_by)}].strip().casefold())
            flatten([path for path, _ in forms], {lit(params.output)})
        """)
        return solution(look_step(files), script_step(script, "I pick and order the forms as asked, flatten each "
                                                      "with pypdf (answers drawn on the page, the fields removed) "
                                                      "and merge them.", f"Write {params.output}"))


@register_workflow
class FlattenCopies(PreparedWorkflow[CopyParams]):
    spec = WorkflowSpec(
        name="pdf.flatten_copies", apps=["pdf"], params=CopyParams, skill_params=CopyOptions,
        phrasings=[
            "Flatten the filled-in {{ kind }} forms " + _FILES + " before they are filed: " + _WHERE + ", with "
            + _FLAT + ", so the answers cannot be changed any more.",
            "Could you lock the answers on the {{ kind }} forms " + _FILES + "? Flatten them (" + _FLAT + "), "
            + _WHERE + ".",
            _FILES + ": flatten (" + _FLAT + "); " + _WHERE + ".",
        ],
        criteria=["No fillable field is left in any form; every answer is on its page as text, next to its label.",
                  "Each form keeps its own pages and answers, saved where asked."],
        files=[*(FileSlot(param=s, type="pdf", role="input", description="A filled-in {{ kind }} form") for s in SLOTS),
               *(FileSlot(param=o, type="pdf", description="A flattened form") for o in OUTS)],
        checks=[CheckTemplate(func="pdf.forms_flattened", paths={"file": o, "first_file": s},
                              fixed={"second_file": None, "third_file": None, "fourth_file": None})
                for s, o in zip(SLOTS, OUTS, strict=True)],
    )

    def draw(self, ctx: WorkflowContext) -> CopyParams:
        opts: CopyOptions = ctx.options  # type: ignore[assignment]
        in_place = opts.in_place if opts.in_place is not None else ctx.rng.random() < 0.5
        kind, stem, _, forms = draw_forms(ctx, False)
        folder = ctx.rng.choice(["", "forms/", "returned/"])
        archive = ctx.rng.choice(["archive/", "filed/", "final/"])
        names = [f"{stem}_{n}.pdf" for n in range(1, 5)]
        params = CopyParams(**{s: f"{folder}{n}" for s, n in zip(SLOTS, names, strict=True)},
                            **{o: f"{folder}{n}" if in_place else f"{archive}{n}" for o, n in zip(OUTS, names,
                                                                                                   strict=True)},
                            kind=kind, archive=archive, in_place=in_place)
        return params.with_files(**dict(zip(SLOTS, forms, strict=True)))

    def reference(self, params: CopyParams) -> ReferenceSolution:
        files = [params.first, params.second, params.third, params.fourth]
        outs = [params.out1, params.out2, params.out3, params.out4]
        script = FLATTEN + textwrap.dedent(f"""
            for path, out in {lit(list(zip(files, outs, strict=True)))}:
                flatten([path], out)
        """)
        return solution(look_step(files), script_step(script, "I flatten each form with pypdf (answers drawn on the "
                                                      "page, the fields removed) and save it where asked.",
                                                      "Flatten the forms"))
