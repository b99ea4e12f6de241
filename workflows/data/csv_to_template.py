"""Reshape a CRM contact export to fit another system's import template (a CSV holding only the
template's header): the template's columns in its order, each filled from the export column of the
same name in another style, or by a stated mapping; a full name joined from first and last name; a
column the export lacks left empty or set to a stated value; rows without an email dropped."""

from __future__ import annotations

import datetime as dt
import random

from faker import Faker

from forge.models import ReferenceSolution
from preparers.data import Table, write_csv
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

EXPORT = ["Contact ID", "First Name", "Last Name", "E-mail Address", "Company", "Phone", "Country", "Lead Score",
          "Created"]
# export column -> (its name in snake_case, another system's name for it)
TARGET = {"E-mail Address": ("e_mail_address", "email"), "First Name": ("first_name", "given_name"),
          "Last Name": ("last_name", "surname"), "Company": ("company", "organisation"), "Phone": ("phone", "tel"),
          "Country": ("country", "country_name")}
SOURCES = ["Trade show 2025", "Webinar", "Partner referral", "Website form"]


class Options(SkillParams):
    by_name: bool | None = None
    full_name: bool | None = None
    constant: bool | None = None
    required: bool | None = None


class Params(Prepared):
    input: str
    template: str
    output: str
    by_name: bool
    mapping: dict[str, str]
    joined: dict[str, list[str]]
    extra: str
    constants: dict[str, str]
    required: str | None


def _contacts(rng: random.Random, faker: Faker) -> list[list[object]]:
    rows: list[list[object]] = []
    for n in sorted(rng.sample(range(1000, 9999), rng.randint(15, 35))):
        first, last = faker.first_name(), faker.last_name()
        email = None if rng.random() < 0.15 else f"{first}.{last}@{faker.free_email_domain()}".lower()
        rows.append([f"C{n}", first, last, email, faker.company(), faker.phone_number(), faker.country(),
                     rng.randint(0, 100), dt.date(2025, 1, 1) + dt.timedelta(days=rng.randrange(300))])
    rows[-1][3] = rows[-1][3] or f"{rows[-1][1]}.{rows[-1][2]}@example.org".lower()
    if all(r[3] for r in rows):
        rows[rng.randrange(len(rows) - 1)][3] = None
    return rows


@register_workflow
class CsvToTemplate(PreparedWorkflow[Params]):
    states_values = ("constants",)
    spec = WorkflowSpec(
        name="data.csv_to_template", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "The import needs {{ input }} in the layout of {{ template }} (it only holds the header row). Write "
            "{{ output }} with exactly that header, in that order, and one row per contact: "
            "{% if by_name %}each template column takes the export column of the same name (ignore case, spaces, "
            "hyphens and underscores){% else %}fill the columns as follows: {% for t, s in mapping.items() %}{{ t }} "
            "from \"{{ s }}\"{% if not loop.last %}, {% endif %}{% endfor %}{% endif %}"
            "{% for t, parts in joined.items() %}; {{ t }} is {{ parts | join(' + a space + ') }}{% endfor %}; "
            "{% if constants %}set {{ extra }} to \"{{ constants[extra] }}\" on every row{% else %}leave {{ extra }} "
            "empty (the export has nothing for it){% endif %}. Export columns the template lacks are dropped."
            "{% if required %} Leave out contacts without a {{ required }}.{% endif %}",
            "Could you get {{ input }} into the shape of the import template {{ template }}? Same header as the "
            "template, same column order. {% if by_name %}The names match ours apart from case and separators"
            "{% else %}Mapping: {% for t, s in mapping.items() %}{{ s }} -> {{ t }}{% if not loop.last %}, "
            "{% endif %}{% endfor %}{% endif %}{% for t, parts in joined.items() %}, and {{ t }} = "
            "{{ parts | join(' ') }} with a space between{% endfor %}. {% if constants %}{{ extra }} should say "
            "\"{{ constants[extra] }}\" everywhere{% else %}{{ extra }} stays blank{% endif %}."
            "{% if required %} Skip anyone with no {{ required }}.{% endif %} Save it as {{ output }}.",
            "{{ input }} -> {{ output }} in {{ template }}'s columns: {% if by_name %}match by name (case/separators "
            "ignored){% else %}{% for t, s in mapping.items() %}{{ t }}={{ s }}{% if not loop.last %}, {% endif %}"
            "{% endfor %}{% endif %}{% for t, parts in joined.items() %}; {{ t }}={{ parts | join(' ') }}{% endfor %}; "
            "{{ extra }}={% if constants %}\"{{ constants[extra] }}\"{% else %}empty{% endif %}; other columns "
            "dropped{% if required %}; no rows without {{ required }}{% endif %}.",
        ],
        criteria=["The output has exactly the template's header.", "Each column holds the right export values.",
                  "Rows are dropped only where asked."],
        files=[FileSlot(param="input", type="csv", role="input", description="A CRM contact export"),
               FileSlot(param="template", type="csv", role="input", description="The import template (header only)"),
               FileSlot(param="output", type="csv", description="The export in the template's layout")],
        checks=[CheckTemplate(func="table.fits_template", paths={"input_file": "input", "template_file": "template"},
                              bind={"by_name": "by_name", "mapping": "mapping", "joined": "joined",
                                    "constants": "constants", "required": "required"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        by_name, full, constant, required = (either(ctx, o) for o in (opts.by_name, opts.full_name, opts.constant,
                                                                         opts.required))
        style = 0 if by_name else 1
        kept = [c for c in TARGET if not (full and c in ("First Name", "Last Name"))]
        kept = [kept[0], *ctx.rng.sample(kept[1:], ctx.rng.randint(2, len(kept) - 1))]
        header = [TARGET[c][style] for c in kept]
        extra = ctx.rng.choice(["lead_source", "source"])
        if full:
            header.insert(ctx.rng.randrange(len(header) + 1), "full_name")
        header.insert(ctx.rng.randrange(1, len(header) + 1), extra)
        email = TARGET["E-mail Address"][style]
        params = Params(input="exports/crm_contacts.csv", template="imports/contacts_template.csv",
                        output="imports/contacts_import.csv", by_name=by_name,
                        mapping={} if by_name else {TARGET[c][1]: c for c in kept},
                        joined={"full_name": ["First Name", "Last Name"]} if full else {}, extra=extra,
                        constants={extra: ctx.rng.choice(SOURCES)} if constant else {},
                        required=email if required else None)
        export = Table(kind="contacts", title="contacts", headers=EXPORT, rows=_contacts(ctx.rng, ctx.faker))
        template = Table(kind="template", title="template", headers=header, rows=[])
        return params.with_files(input=write_csv(export), template=write_csv(template))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, re
            with open({lit(params.template)}, newline="", encoding="utf-8") as f:
                header = next(csv.reader(f))
            with open({lit(params.input)}, newline="", encoding="utf-8") as f:
                rows = list(csv.DictReader(f))
            name = lambda s: re.sub(r"[\\s_\\-]+", "", s).casefold()
            by_name = {{name(c): c for c in rows[0]}} if {params.by_name} else {{}}
            mapping, joined, constants = {lit(params.mapping)}, {lit(params.joined)}, {lit(params.constants)}
            out = [header]
            for row in rows:
                values = []
                for column in header:
                    if column in constants:
                        values.append(constants[column])
                    elif column in joined:
                        values.append(" ".join(row[p].strip() for p in joined[column] if row[p].strip()))
                    elif column in mapping:
                        values.append(row[mapping[column]])
                    else:
                        values.append(row.get(by_name.get(name(column), ""), ""))
                required = {lit(params.required)}
                if required and not values[header.index(required)].strip():
                    continue
                out.append(values)
            with open({lit(params.output)}, "w", newline="", encoding="utf-8") as f:
                csv.writer(f).writerows(out)
            print(len(rows), "contacts ->", len(out) - 1, "rows in", len(header), "columns")
        """
        return solution(script_step(f"print(open({lit(params.template)}).read()); "
                                    f"print(open({lit(params.input)}).read()[:400])",
                                    "First I look at the template's header and the export's.", "Show both files"),
                        script_step(script, f"I build each row in the template's column order and write "
                                    f"{params.output}.", "Fill the template"))
