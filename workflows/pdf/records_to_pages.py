"""Make one PDF with a page per person from a csv list (a mail merge into PDF): certificates of
attendance for a course (landscape, the name, course and date), or letters (portrait, an address
block, a greeting by first name and the text given); for everyone or only those marked as having
attended, in the list's order or A-Z by surname."""

from __future__ import annotations

import csv
import datetime as dt
import io
from typing import Literal

from forge.models import ReferenceSolution
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Kind = Literal["certificate", "letter"]
COURSES = ["Data Protection Essentials", "First Aid at Work", "Project Management Foundations",
           "Advanced Spreadsheets for Analysts", "Fire Safety Awareness", "Negotiation Skills"]
EVENTS = ["the Spring Networking Breakfast", "our Supplier Open Day", "the Regional Customer Forum",
          "the Annual Members' Meeting"]
HEADER = ["first_name", "last_name", "email", "organisation", "city", "attended"]
_WHO = ("{% if only_column %}who has yes in the {{ only_column }} column{% else %}on the list{% endif %}")
_ORDER = ("{% if sort_by %}sorted A-Z by surname ({{ sort_by | join(', then ') }}){% else %}in the order of the list"
          "{% endif %}")
_NAME = "the full name ({{ name_columns | join(' then ') }})"
_PAGE = ("{% if kind == 'certificate' %}one landscape A4 page each reading \"{{ texts[0] }}\", " + _NAME
         + ", \"{{ texts[1] }}\" and \"{{ texts[2] }}\"{% else %}one portrait A4 page each: an address block with "
         + _NAME + ", the {{ columns | join(' and the ') }} on their own lines, then \"Dear <{{ greet_column }}>,\" "
         "and this text: \"{{ texts[0] }}\"{% endif %}")


class Options(SkillParams):
    kind: Kind | None = None
    attended_only: bool | None = None
    sorted: bool | None = None


class Params(Prepared):
    data: str
    output: str
    kind: Kind
    name_columns: list[str]
    columns: list[str]
    texts: list[str]
    greet_column: str | None
    only_column: str | None
    only_value: str | None
    sort_by: list[str]
    orientation: Literal["portrait", "landscape"]


@register_workflow
class RecordsToPages(PreparedWorkflow[Params]):
    states_values = ("texts",)  # the course date or the letter's text, printed on every page as given
    spec = WorkflowSpec(
        name="pdf.records_to_pages", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Make a {{ kind }} for each person " + _WHO + " in {{ data }}, all in one PDF, {{ output }}: " + _PAGE
            + ", the pages " + _ORDER + ".",
            "Could you do the {{ kind }}s from {{ data }}? I need one for everyone " + _WHO + ", " + _PAGE + ". Put "
            "them all in {{ output }}, " + _ORDER + ", so I can print the lot in one go.",
            "{{ data }} -> {{ output }}: a {{ kind }} per person " + _WHO + "; " + _PAGE + "; " + _ORDER + ".",
        ],
        criteria=["One page per person asked for, in the order asked, each naming only that person.",
                  "Each page shows what the request lists for it, on the paper and the way up asked."],
        files=[FileSlot(param="data", type="csv", role="input", description="The list of people"),
               FileSlot(param="output", type="pdf", description="One page per person")],
        checks=[CheckTemplate(func="pdf.page_per_record", paths={"data_file": "data"},
                              bind={"name_columns": "name_columns", "columns": "columns", "texts": "texts",
                                    "greet_column": "greet_column", "only_column": "only_column",
                                    "only_value": "only_value", "sort_by": "sort_by", "orientation": "orientation"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        kind: Kind = opts.kind or ctx.rng.choice(["certificate", "letter"])
        only = opts.attended_only if opts.attended_only is not None else ctx.rng.random() < 0.5
        by_name = opts.sorted if opts.sorted is not None else ctx.rng.random() < 0.5
        people: dict[str, list[str]] = {}
        size = ctx.rng.randint(6, 9)
        while len(people) < size:
            first, last = ctx.faker.first_name(), ctx.faker.last_name()
            people.setdefault(f"{first} {last}", [first, last, f"{first}.{last}@{ctx.faker.free_email_domain()}"
                                                  .lower(), ctx.faker.company(), ctx.faker.city(), "yes"])
        rows = list(people.values())
        for k in ctx.rng.sample(range(len(rows)), ctx.rng.randint(2, 3) if only else 0):
            rows[k][5] = "no"
        def chosen() -> list[list[str]]:
            return [r for r in rows if r[5] == "yes"]

        while by_name and chosen() == sorted(chosen(), key=lambda r: (r[1].casefold(), r[0].casefold())):
            ctx.rng.shuffle(rows)  # the pages are not already A-Z in the list, so the order matters
        day = dt.date(2025, 1, 1) + dt.timedelta(days=ctx.rng.randrange(330))
        when = f"{day.day} {day:%B %Y}"
        certificate = kind == "certificate"
        course = ctx.rng.choice(COURSES)
        texts = ["Certificate of Attendance", course, when] if certificate else [
            f"Thank you for joining us at {ctx.rng.choice(EVENTS)} on {when}. The slides and a short summary are "
            "now on our website."]
        buf = io.StringIO()
        width = len(HEADER) if only else len(HEADER) - 1  # an attended column only where the list marks it
        csv.writer(buf, lineterminator="\n").writerows(r[:width] for r in [HEADER, *rows])
        stem = course.lower().replace(" ", "_") if certificate else "event_attendees"
        params = Params(data=f"{ctx.rng.choice(['', 'lists/'])}{stem}.csv",
                        output=f"{'certificates' if certificate else 'letters'}_{day:%Y_%m}.pdf", kind=kind,
                        name_columns=["first_name", "last_name"], texts=texts,
                        columns=[] if certificate else ["organisation", "city"],
                        greet_column=None if certificate else "first_name",
                        only_column="attended" if only else None, only_value="yes" if only else None,
                        sort_by=["last_name", "first_name"] if by_name else [],
                        orientation="landscape" if certificate else "portrait")
        return params.with_files(data=buf.getvalue().encode())

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv
            import textwrap
            from reportlab.lib.pagesizes import A4, landscape
            from reportlab.pdfgen import canvas
            rows = list(csv.DictReader(open({lit(params.data)}, encoding="utf-8")))
            if {lit(params.only_column)}:
                rows = [r for r in rows if r[{lit(params.only_column)}].strip().lower() == {lit(params.only_value)}]
            sort_by = {lit(params.sort_by)}
            if sort_by:
                rows.sort(key=lambda r: [r[c].casefold() for c in sort_by])
            size = landscape(A4) if {lit(params.orientation)} == "landscape" else A4
            sheet = canvas.Canvas({lit(params.output)}, pagesize=size)
            texts = {lit(params.texts)}
            for r in rows:
                name = " ".join(r[c] for c in {lit(params.name_columns)})
                if {lit(params.kind)} == "certificate":
                    lines = [texts[0], "This is to certify that", name, "attended", texts[1], "on " + texts[2]]
                    for n, line in enumerate(lines):
                        sheet.setFont("Helvetica-Bold" if n in (0, 2) else "Helvetica", 26 if n in (0, 2) else 16)
                        sheet.drawCentredString(size[0] / 2, size[1] - 140 - 50 * n, line)
                else:
                    lines = [name, *(r[c] for c in {lit(params.columns)}), "",
                             "Dear " + r[{lit(params.greet_column)}] + ",", "", *textwrap.wrap(texts[0], 80)]
                    sheet.setFont("Helvetica", 11)
                    for n, line in enumerate(lines):
                        sheet.drawString(72, size[1] - 100 - 18 * n, line)
                sheet.showPage()
            sheet.save()
            print(len(rows), "pages:", [" ".join(r[c] for c in {lit(params.name_columns)}) for r in rows])
        """
        return solution(script_step(f"print(open({lit(params.data)}, encoding='utf-8').read())",
                                    f"First I look at the list in {params.data}.", f"Show {params.data}"),
                        script_step(script, "I draw one page per person asked for with reportlab, in the order "
                                    "asked, and save them as one PDF.", f"Write {params.output}"))
