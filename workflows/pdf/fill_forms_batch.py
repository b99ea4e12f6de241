"""Fill one copy of a PDF form per person from a CSV or JSON export (a mail merge into forms):
for every record when the export holds exactly the three people, or for three named people out
of a longer export. Each copy is saved under its own name; the blank form stays as it is."""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Literal

from forge.models import ReferenceSolution
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._forms import FILL_SCRIPT, FORMS, KEYS, draw_form, form_values
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Source = Literal["csv", "json"]
SLOTS = ("first", "second", "third")
_WHO = ("{% if named %}for {{ first_key }}, {{ second_key }} and {{ third_key }} only{% else %}for each of the three "
        "records in it{% endif %}")
_FILES = ("{{ first_key }} -> {{ first }}, {{ second_key }} -> {{ second }}, {{ third_key }} -> {{ third }}")


class Options(SkillParams):
    source: Source | None = None
    named: bool | None = None


class Params(Prepared):
    input: str
    data: str
    kind: str
    source: Source
    named: bool
    first: str
    second: str
    third: str
    first_key: str
    second_key: str
    third_key: str


@register_workflow
class FillFormsBatch(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="pdf.fill_forms_batch", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Fill in the {{ kind }} form {{ input }} from {{ data }}, one copy " + _WHO + ": every field takes the "
            "value of the same name in that person's record. Save the copies as " + _FILES + ", and leave "
            "{{ input }} blank.",
            "We need one {{ kind }} form per person. The details are in {{ data }} (the names there match the "
            "form's fields). Could you fill in {{ input }} " + _WHO + " and save them as " + _FILES
            + "? Keep the blank form as it is.",
            "{{ input }} x {{ data }}: one filled copy " + _WHO + " (" + _FILES + "); field names as in the data.",
        ],
        criteria=["Each copy holds, in every field, the value of the same name from its person's record.",
                  "Each copy keeps the form's fields and page; the blank form is unchanged."],
        files=[FileSlot(param="input", type="pdf", role="input", description="A blank {{ kind }} form"),
               FileSlot(param="data", type="csv", role="input", description="The records to fill in",
                        types_by={"source": {"csv": "csv", "json": "json"}}),
               *(FileSlot(param=s, type="pdf", description="One person's filled form") for s in SLOTS)],
        checks=[CheckTemplate(func="pdf.form_from_record",
                              paths={"file": s, "input_file": "input", "data_file": "data"},
                              bind={"key": f"{s}_key"}) for s in SLOTS],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        source: Source = opts.source or ctx.rng.choice(["csv", "json"])
        named = opts.named if opts.named is not None else ctx.rng.random() < 0.5
        kind, stem, form = draw_form(ctx)
        key = KEYS[kind]
        records: list[dict[str, str]] = []
        while len(records) < (ctx.rng.randint(6, 10) if named else 3):
            record = form_values(kind, ctx.faker)
            if all(r[key] != record[key] for r in records):
                records.append(record)
        chosen = ctx.rng.sample(records, 3) if named else records
        if source == "csv":
            buf = io.StringIO()
            writer = csv.DictWriter(buf, fieldnames=[name for name, _ in FORMS[kind]], lineterminator="\n")
            writer.writeheader()
            writer.writerows(records)
            content = buf.getvalue()
        else:
            content = json.dumps(records, indent=2) + "\n"
        names = [re.sub(r"[^a-z0-9]+", "_", r[key].lower()).strip("_") for r in chosen]
        folder = ctx.rng.choice(["", "forms/"])
        params = Params(input=f"{folder}{stem}.pdf", data=f"data/{kind.split()[0]}_records.{source}", kind=kind,
                        source=source, named=named,
                        **{s: f"{folder}filled/{stem}_{n}.pdf" for s, n in zip(SLOTS, names, strict=True)},
                        **{f"{s}_key": r[key] for s, r in zip(SLOTS, chosen, strict=True)})
        return params.with_files(input=form, data=content.encode())

    def reference(self, params: Params) -> ReferenceSolution:
        load = "list(csv.DictReader(open(data, encoding='utf-8')))" if params.data.endswith(".csv") else \
            "json.load(open(data, encoding='utf-8'))"
        body = "\n".join("    " + line for line in FILL_SCRIPT.format(form=params.input, output="__OUT__")
                         .replace("'__OUT__'", "output").strip().splitlines())
        script = f"""
import csv, json, os
data = {lit(params.data)}
records = {load}
for key, output in {lit({params.first_key: params.first, params.second_key: params.second,
                         params.third_key: params.third})}.items():
    values = {{k: str(v) for k, v in next(r for r in records if key in r.values()).items()}}
    os.makedirs(os.path.dirname(output) or ".", exist_ok=True)
{body}
"""
        return solution(script_step(f"print(open({lit(params.data)}, encoding='utf-8').read()[:1200])",
                                    f"First I look at the records in {params.data}.", f"Show {params.data}"),
                        script_step(script, "For each person asked for I take their record and fill a copy of the "
                                    "form with pypdf, field by field, keeping it fillable.", "Write the filled forms"))
