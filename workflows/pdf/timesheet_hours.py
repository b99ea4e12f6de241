"""Work four weekly timesheets (PDF: a day per row with start and finish times and a break in
minutes, a leave day now and then) out into a payroll csv: each employee's hours for the week,
their overtime past a weekly limit, or how many days ran past a daily limit; as the files are
listed or the most first; a total row when asked. No timesheet prints its hours, so every value
is worked out from the times; no total or day sits exactly on the limit."""

from __future__ import annotations

import datetime as dt
import io

from forge.checks.pdf_timesheets import Measure
from forge.models import ReferenceSolution
from workflows._prepared import PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._four import FILES as _FILES, SLOTS, FourInputs
from workflows.pdf._monthly import slug
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

TEAMS = ["Warehouse", "Customer service", "Facilities", "Field engineering", "Kitchen"]
_WHAT = ("{% if measure == 'hours' %}each employee's hours worked in the week{% elif measure == 'overtime' %}each "
         "employee's overtime: the hours worked in the week past {{ limit_text }} hours (0 when not over){% else %}how many "
         "days each employee worked more than {{ limit_text }} hours{% endif %}")
_RULE = ("A day's hours are its Finish minus its Start minus its Break (min); a leave day counts nothing"
         "{% if measure != 'long_days' %}; write hours as decimal numbers (a quarter hour is .25){% endif %}.")
_ROWS = ("the header employee,{{ measure }} and a row per timesheet with the employee's name as printed, "
         "{% if most_first %}the most first (ties A-Z by name){% else %}in the order the files are listed{% endif %}"
         "{% if total_row %}, then a last row Total with the column's sum{% endif %}")


class Options(SkillParams):
    measure: Measure | None = None
    most_first: bool | None = None
    total_row: bool | None = None


class Params(FourInputs):
    output: str
    measure: Measure
    limit: float | None
    limit_text: str
    most_first: bool
    total_row: bool


def draw_week(ctx: WorkflowContext, daily_limit: int | None) -> list[tuple[int, int, int] | None]:
    """Each day's (start, finish, break) in minutes, on quarter hours, or None for leave; no day's
    hours exactly `daily_limit`."""
    days: list[tuple[int, int, int] | None] = []
    for _ in range(ctx.rng.choice([5, 5, 5, 6])):
        if ctx.rng.random() < 0.12:
            days.append(None)
            continue
        start = ctx.rng.randrange(7 * 4, 10 * 4) * 15
        pause = ctx.rng.choice([30, 45, 60])
        finish = start + pause + ctx.rng.randrange(6 * 4, 10 * 4 + 1) * 15
        if daily_limit is not None and finish - start - pause == daily_limit * 60:
            finish += 15
        days.append((start, finish, pause))
    return days


def _clock(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def timesheet_pdf(name: str, staff_id: str, team: str, monday: dt.date,
                  week: list[tuple[int, int, int] | None]) -> bytes:
    """The timesheet: who and which week, a row per day (leave marked), lines to sign."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table

    styles = getSampleStyleSheet()
    buf = io.BytesIO()
    template = SimpleDocTemplate(buf, pagesize=A4, title=f"Timesheet {name}", invariant=True)
    rows = [["Day", "Date", "Start", "Finish", "Break (min)"]]
    for k, day in enumerate(week):
        date = monday + dt.timedelta(days=k)
        rows.append([f"{date:%A}", date.isoformat(), *(("Leave", "-", "-") if day is None else
                                                         (_clock(day[0]), _clock(day[1]), str(day[2])))])
    story = [Paragraph("Weekly timesheet", styles["Title"]), Paragraph(f"Employee: {name}", styles["Normal"]),
             Paragraph(f"Staff number: {staff_id}", styles["Normal"]), Paragraph(f"Team: {team}", styles["Normal"]),
             Paragraph(f"Week commencing {monday:%A %d %B %Y}", styles["Normal"]), Spacer(1, 10),
             Table(rows, colWidths=[90, 90, 70, 70, 80]), Spacer(1, 16),
             Paragraph("Signed (employee): ____________    Approved (manager): ____________", styles["Normal"])]
    template.build(story)
    return buf.getvalue()


def _worked(week: list[tuple[int, int, int] | None]) -> list[int]:
    return [0 if d is None else d[1] - d[0] - d[2] for d in week]


@register_workflow
class TimesheetHours(PreparedWorkflow[Params]):
    states_values = ("limit_text",)  # the limit the request names
    spec = WorkflowSpec(
        name="pdf.timesheet_hours", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Payroll needs this week's figures from the timesheets " + _FILES + ": work out " + _WHAT + " and write "
            "them to the CSV file {{ output }} with " + _ROWS + ". " + _RULE,
            "Could you go through the four timesheets (" + _FILES + ") and put " + _WHAT + " in {{ output }}? I need "
            + _ROWS + ". " + _RULE,
            _FILES + " -> {{ output }}: " + _WHAT + "; " + _ROWS + ". " + _RULE,
        ],
        criteria=["Each value is worked out from the printed start, finish and break times; leave counts nothing.",
                  "One row per timesheet in the order asked, the total row only when asked; nothing else."],
        files=[*(FileSlot(param=s, type="pdf", role="input", description="A weekly timesheet") for s in SLOTS),
               FileSlot(param="output", type="csv", description="The week's figures per employee")],
        checks=[CheckTemplate(func="pdf.timesheets_tabulated", paths={f"{s}_file": s for s in SLOTS},
                              bind={"measure": "measure", "limit": "limit", "most_first": "most_first",
                                    "total_row": "total_row"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        measure: Measure = opts.measure or ctx.rng.choice(["hours", "overtime", "long_days"])
        most_first = opts.most_first if opts.most_first is not None else ctx.rng.random() < 0.5
        total_row = measure != "long_days" and (opts.total_row if opts.total_row is not None
                                                else ctx.rng.random() < 0.5)
        limit = {"hours": None, "overtime": ctx.rng.choice([37.5, 40.0]), "long_days": float(ctx.rng.choice([8, 9]))}
        monday = dt.date(2025, 1, 6) + dt.timedelta(weeks=ctx.rng.randrange(50))
        while True:
            weeks = [draw_week(ctx, int(limit["long_days"] or 0) if measure == "long_days" else None) for _ in SLOTS]
            totals = [sum(_worked(w)) for w in weeks]
            weekly = round((limit["overtime"] or 0) * 60)
            spread = measure != "overtime" or (min(totals) < weekly < max(totals) and weekly not in totals)
            if len(set(totals)) == len(totals) and spread:
                break
        names = [ctx.faker.name() for _ in SLOTS]
        folder = ctx.rng.choice(["", "timesheets/", "payroll/"])
        value = limit[measure]
        params = Params(**{s: f"{folder}timesheet_{slug(n)}.pdf" for s, n in zip(SLOTS, names, strict=True)},
                        output=f"payroll_{measure}.csv", measure=measure, limit=value,
                        limit_text="" if value is None else f"{value:g}", most_first=most_first, total_row=total_row)
        team = ctx.rng.choice(TEAMS)
        return params.with_files(**{s: timesheet_pdf(n, f"S{ctx.rng.randrange(10000, 99999)}", team, monday, w)
                                    for s, n, w in zip(SLOTS, names, weeks, strict=True)})

    def reference(self, params: Params) -> ReferenceSolution:
        files = [params.first, params.second, params.third, params.fourth]
        script = f"""
            import csv, re
            from pypdf import PdfReader
            def clock(text):
                hours, minutes = text.split(":")
                return int(hours) * 60 + int(minutes)
            rows = []
            for path in {lit(files)}:
                text = "\\n".join(p.extract_text(extraction_mode="layout") for p in PdfReader(path).pages)
                name = re.search(r"Employee:\\s*(.+)", text).group(1).strip()
                days = []
                for line in text.splitlines():
                    cells = [c for c in re.split(r"\\s{{2,}}", line.strip()) if c]
                    if len(cells) == 5 and re.fullmatch(r"\\d{{4}}-\\d\\d-\\d\\d", cells[1]):
                        days.append(0 if cells[2] == "Leave" else clock(cells[3]) - clock(cells[2]) - int(cells[4]))
                limit = round(({params.limit or 0}) * 60)
                value = {{"hours": round(sum(days) / 60, 2), "overtime": round(max(0, sum(days) - limit) / 60, 2),
                          "long_days": sum(1 for d in days if d > limit)}}[{lit(params.measure)}]
                print(path, name, days, value)
                rows.append([name, value])
            if {params.most_first}:
                rows.sort(key=lambda r: (-r[1], r[0].lower()))
            if {params.total_row}:
                rows.append(["Total", round(sum(r[1] for r in rows), 2)])
            with open({lit(params.output)}, "w", newline="") as fh:
                writer = csv.writer(fh)
                writer.writerow(["employee", {lit(params.measure)}])
                writer.writerows(rows)
            print(open({lit(params.output)}).read())
        """
        return solution(script_step(script, "I read each timesheet's name and days in layout mode with pypdf, work "
                                    "out the minutes from the times and write the figures asked for.",
                                    f"Write {params.output}"))
