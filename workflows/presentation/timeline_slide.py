"""A timeline slide for a project update from the milestone list the project lead keeps (a CSV
export, an Excel sheet or a Markdown task list in the team's notes, in no particular order): the
milestones oldest first - all of them, only those from the status date on, or only those not done
yet - as
'<date> - <milestone>' bullets or as a Date | Milestone table, on a new slide directly after a
named one; in place or a new deck."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from forge.models import ReferenceSolution
from forge.views import Table
from preparers.filetypes.csv import write_csv
from preparers.filetypes.xlsx import write_workbook
from preparers.presentation import make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.presentation._place import find_code, place_last_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Source = Literal["csv", "xlsx", "md"]
Form = Literal["bullets", "table"]
Scope = Literal["all", "since", "open"]
MILESTONES = ["Kick-off workshop", "Requirements signed off", "Vendor shortlist agreed", "Contract signed",
              "Design freeze", "Prototype demo", "Security review", "Data migration complete", "Beta release",
              "User acceptance testing", "Pilot in the {city} office", "Support team trained", "Go-live",
              "Launch event in {city}", "Board update", "Budget review", "Customer advisory panel",
              "Retrospective", "Hand-over to operations", "Price list published", "Partner portal opens",
              "Old system switched off", "Training videos recorded", "Marketing campaign starts"]
PROJECTS = ["Atlas", "Beacon", "Harbour", "Meridian", "Northstar", "Orchard", "Summit", "Tidewater", "Keystone"]
TOPICS = ["Quarterly Business Review", "Product Launch Plan", "Office Move Update", "Annual Sustainability Report"]
TITLES = ["Timeline", "Project timeline", "Key milestones", "Milestones", "Roadmap", "Where we are"]
FORM = ("{% if form == 'table' %}as a table with the columns Date and Milestone under a header row (a real table, "
        "nothing else on the slide){% else %}as bullets, one per milestone, each reading its date, a dash and the "
        "milestone{% endif %}")
SCOPE = ("{% if since %}only the milestones dated {{ since }} or later{% elif open_only %}only the milestones not "
         "done yet ({% if status_column %}those whose \"{{ status_column }}\" is not \"Done\"{% else %}those whose box "
         "is not ticked{% endif %}){% else %}every milestone on the list, done or not{% endif %}")
COLS = ("{% if date_column %} (its \"{{ label_column }}\" and \"{{ date_column }}\" columns){% endif %}")
READ = {  # rows of (date text, milestone, done)
    "csv": ("import csv\nrows = [(r[{date}], r[{label}], r['Status'] == 'Done')\n"
            "        for r in csv.DictReader(open({data}, encoding='utf-8'))]"),
    "xlsx": ("import openpyxl\nsheet = openpyxl.load_workbook({data}).active\n"
             "header, *body = [list(r) for r in sheet.iter_rows(values_only=True)]\n"
             "rows = [(r[header.index({date})].date().isoformat(), r[header.index({label})],\n"
             "         r[header.index('Status')] == 'Done') for r in body if r[0]]"),
    "md": ("import re\nrows = [(m[3].strip(), m[2].strip(), m[1] != ' ') for line in open({data}, encoding='utf-8')\n"
           "        if (m := re.match(r'^\\s*-\\s+\\[([ xX])\\]\\s+(.+):\\s+([^:]+)$', line))]"),
}
STATUS = ["In progress", "Planned"]


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    data: str
    source: Source
    date_column: str | None
    label_column: str | None
    title: str
    after_title: str
    form: Form
    since: str | None
    open_only: bool
    status_column: str | None


class Options(SkillParams):
    source: Source | None = None
    form: Form | None = None
    scope: Scope | None = None
    in_place: bool | None = None


def _list_file(source: Source, project: str, rows: list[tuple[str, str, str, dt.date]],
               columns: tuple[str, str]) -> bytes:
    """The lead's list, in the order it was typed: a sheet of Milestone/Owner/Status/date, or a Markdown
    task list (a ticked box: done)."""
    if source == "md":
        head = f"# {project} - milestones\n\nKept by the project lead; dates as agreed in the steering group.\n\n"
        return (head + "".join(f"- [{'x' if status == 'Done' else ' '}] {label}: {day.day} {day:%B %Y}\n"
                               for label, _, status, day in rows)).encode()
    grid = [[columns[1], "Owner", "Status", columns[0]], *[list(r) for r in rows]]
    if source == "csv":
        return write_csv(Table.of("milestones", [[c.isoformat() if isinstance(c, dt.date) else c for c in r]
                                                for r in grid]))
    return write_workbook([Table.of("Milestones", grid)], formats={columns[0]: "d mmm yyyy"})


@register_workflow
class TimelineSlide(PreparedWorkflow[Params]):
    states_values = ("since",)
    spec = WorkflowSpec(
        name="presentation.timeline_slide", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            "Add a slide titled \"{{ title }}\" to {{ input }}, directly after the slide \"{{ after_title }}\". It "
            f"shows {SCOPE} from {{{{ data }}}}{COLS}, oldest first, {FORM}. The other slides stay as they are. "
            + SAVE["formal"],
            f"The milestones in {{{{ data }}}}{COLS} are in no particular order. For the update I need them on a new slide "
            f"\"{{{{ title }}}}\" right after \"{{{{ after_title }}}}\" in {{{{ input }}}}: {SCOPE}, in date order "
            f"(earliest at the top), {FORM}. " + SAVE["chatty"],
            f"{{{{ input }}}}: new slide \"{{{{ title }}}}\" after \"{{{{ after_title }}}}\" - {SCOPE} from "
            f"{{{{ data }}}}{COLS}, by date, {FORM}. " + SAVE["terse"],
            "The steering group wants to see where the project stands on a timeline. Put {{ data }}" f"{COLS}" " on a slide "
            f"\"{{{{ title }}}}\" following \"{{{{ after_title }}}}\" in {{{{ input }}}}, {SCOPE} in chronological "
            f"order, {FORM}. " + SAVE["formal"],
        ],
        criteria=["The new slide sits right after the named slide and lists the milestones asked for, oldest first, "
                  "each with its own date.", "Every other slide is unchanged."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A project update deck"),
               FileSlot(param="data", type="csv", role="input", types_by={"source": {"xlsx": "xlsx", "md": "md"}},
                        description="The milestone list"),
               FileSlot(param="output", type="pptx", description="The deck with the timeline slide")],
        checks=[CheckTemplate(func="slides.timeline_slide", paths={"input_file": "input", "data_file": "data"},
                              bind={"title": "title", "after_title": "after_title", "form": "form", "since": "since", "open_only": "open_only", "status_column": "status_column",
                                    "date_column": "date_column", "label_column": "label_column"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        source: Source = getattr(ctx.options, "source", None) or ctx.rng.choice(["csv", "xlsx", "md"])
        form: Form = getattr(ctx.options, "form", None) or ctx.rng.choice(["bullets", "table"])
        scope: Scope = getattr(ctx.options, "scope", None) or ctx.rng.choice(["all", "since", "open"])
        count = ctx.rng.randint(6, 9)
        start = dt.date(ctx.rng.choice([2024, 2025]), ctx.rng.randint(1, 12), 1)
        gaps = sorted(ctx.rng.sample(range(3, 400, 2), count))  # odd gaps: a day between any two
        days = [start + dt.timedelta(days=g) for g in gaps]
        labels = [m.format(city=ctx.faker.city()) for m in ctx.rng.sample(MILESTONES, count)]
        # today falls strictly between two milestones, at least two before and three after it (odd gaps)
        k = ctx.rng.randint(2, count - 3)
        today = days[k - 1] + dt.timedelta(days=ctx.rng.randint(1, (days[k] - days[k - 1]).days - 1))
        slipped = ctx.rng.randrange(k) if scope == "open" or ctx.rng.random() < 0.5 else None  # done late, if ever
        status = ["Done" if i < k and i != slipped else ctx.rng.choice(STATUS) for i in range(count)]
        rows = [(label, ctx.faker.first_name(), state, day)
                for label, state, day in zip(labels, status, days, strict=True)]
        ctx.rng.shuffle(rows)
        since = today.isoformat() if scope == "since" else None
        deck = make_deck(ctx.rng, ctx.faker, topic=ctx.rng.choice(TOPICS))
        project = ctx.rng.choice(PROJECTS)
        title = ctx.rng.choice([t for t in TITLES if t not in {s.title for s in deck.slides}])
        columns = (ctx.rng.choice(["Date", "Due", "Target date"]), ctx.rng.choice(["Milestone", "Step"]))
        base = deck_paths(ctx, deck.file_stem, "timeline")
        folder = str(base["input"]).rsplit("/", 1)[0] + "/" if "/" in str(base["input"]) else ""
        stem = ctx.rng.choice(["milestones", f"{project.lower()}_milestones", "project_plan", "key_dates"])
        params = Params(**base, data=f"{folder}{stem}.{source}", source=source,
                        date_column=None if source == "md" else columns[0],
                        label_column=None if source == "md" else columns[1], title=title,
                        after_title=ctx.rng.choice([s.title for s in deck.slides[2:-1]]), form=form, since=since,
                        open_only=scope == "open", status_column="Status" if scope == "open" and source != "md" else None)
        return params.with_files(input=write_pptx(deck), data=_list_file(source, project, rows, columns))

    def reference(self, params: Params) -> ReferenceSolution:
        read = READ[params.source].format(data=lit(params.data), date=lit(params.date_column),
                                          label=lit(params.label_column))
        script = read + f"""
import datetime, pptx
from pptx.util import Inches, Pt
def day(text):
    for fmt in ("%Y-%m-%d", "%d %B %Y"):
        try:
            return datetime.datetime.strptime(text, fmt).date()
        except ValueError:
            pass
rows = sorted((r[:2] for r in rows if ({lit(params.since)} is None or day(r[0]).isoformat() >= {lit(params.since)})
               and not ({lit(params.open_only)} and r[2])), key=lambda r: day(r[0]))
deck = pptx.Presentation({lit(params.input)})
{find_code(params.after_title)}
if {lit(params.form)} == "table":
    slide = deck.slides.add_slide(next(l for l in deck.slide_layouts if l.name == "Title Only"))
    grid = [["Date", "Milestone"], *rows]
    shape = slide.shapes.add_table(len(grid), 2, Inches(0.8), Inches(1.6), Inches(8.4), Inches(0.4) * len(grid))
    for r, values in enumerate(grid):
        for c, value in enumerate(values):
            shape.table.cell(r, c).text = value
            shape.table.cell(r, c).text_frame.paragraphs[0].runs[0].font.size = Pt(14)
else:
    slide = deck.slides.add_slide(next(l for l in deck.slide_layouts if l.name == "Title and Content"))
    frame = slide.placeholders[1].text_frame
    for n, (when, label) in enumerate(rows):
        (frame.paragraphs[0] if n == 0 else frame.add_paragraph()).text = f"{{when}} - {{label}}"
slide.shapes.title.text = {lit(params.title)}
{place_last_code()}
print(rows)
{save_code(params.output)}
"""
        return solution(list_step(params.input, f"I list the slides of {params.input} to find {params.after_title!r}."),
                        script_step(script, f"I read the milestones from {params.data}, keep the ones asked for, sort "
                                    "them by date and add the timeline slide after the named one.",
                                    "Add the timeline slide"),
                        list_step(params.output, "I list the slides again to see the timeline in its place."))
