"""Pull the action items out of a meeting's minutes into a table for the tracker: every 'Action:
<owner> to <task> by <date>.' line (or only one person's) as a row - the task, the owner, the due
date as YYYY-MM-DD - in the minutes' order or by due date, written as a CSV to import or as a
table in a new Word document. A sentence that only mentions an action is no action item."""

from __future__ import annotations

import datetime as dt
import random
import textwrap
from typing import Literal

from faker import Faker

from forge.models import ReferenceSolution
from preparers.document import DocumentContent, Paragraph, Run, Section, slug, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import outline_step
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Target = Literal["csv", "docx"]
TASKS = ["send the revised budget to Finance", "book the venue for the spring offsite", "update the onboarding "
         "checklist", "draft the customer survey", "review the supplier contract", "share the quarter's figures with "
         "the team", "set up a call with the auditors", "collect quotes from three printers", "fix the broken links "
         "on the intranet page", "prepare the slides for the board", "renew the software licences",
         "arrange cover for the holiday period"]
AGENDA = ["Budget", "Hiring", "Customer feedback", "Office move", "Systems", "Any other business"]
NOTES = ["{a} summarised where things stand and the group agreed the next steps.",
         "{a} raised a concern about the timeline; {b} will keep an eye on it.",
         "The team discussed the options and no decision was needed today."]
NEAR_MISS = "No action was needed on this item; {a} will report back if that changes."
_WHO = "{% if owner %}{{ owner }}'s action items{% else %}every action item{% endif %}"
_ORDER = "{% if by_due %}ordered by due date, earliest first{% else %}in the order they come in the minutes{% endif %}"
_ROWS = ("a header row Action, Owner, Due, then one row per item: the task as written after \u201cto\u201d, the "
         "person, and the due date as YYYY-MM-DD")


class Params(Prepared):
    input: str
    output: str
    target: Target
    owner: str | None
    by_due: bool


class Options(SkillParams):
    target: Target | None = None
    one_owner: bool | None = None
    by_due: bool | None = None


def minutes(rng: random.Random, faker: Faker) -> tuple[DocumentContent, list[tuple[str, dt.date]]]:
    """A meeting's minutes: attendees, three or four agenda items with notes and 'Action:' lines
    (five to seven in all, never already in due-date order), and each action's owner and due date."""
    people = []
    while len(people) < 4:
        name = f"{faker.first_name()} {faker.last_name()}"
        people += [name] if name not in people and " to " not in name else []
    date = dt.date(rng.choice([2024, 2025]), rng.randint(1, 11), rng.randint(1, 28))
    items = rng.sample(AGENDA, rng.randint(3, 4))
    tasks = rng.sample(TASKS, rng.randint(5, 7))
    owners = [people[i % 4] for i in range(len(tasks))]
    rng.shuffle(owners)
    dues = [date + dt.timedelta(days=rng.randint(3, 40)) for _ in tasks]
    while dues == sorted(dues):
        rng.shuffle(dues)
    sections = [Section(heading=h, paragraphs=[Paragraph(runs=[Run(text=rng.choice(NOTES).format(
        a=rng.choice(people), b=rng.choice(people)))])]) for h in items]
    for n, (task, owner, due) in enumerate(zip(tasks, owners, dues, strict=True)):
        line = Paragraph(runs=[Run(text="Action: ", bold=True), Run(text=f"{owner} to {task} by {due.day} "
                                                                          f"{due:%B %Y}.")])
        at = min(len(sections) - 1, n * len(sections) // len(tasks))
        sections[at] = sections[at].model_copy(update={"paragraphs": [*sections[at].paragraphs, line]})
    last = sections[-1]
    sections[-1] = last.model_copy(update={"paragraphs": [*last.paragraphs, Paragraph(runs=[Run(
        text=NEAR_MISS.format(a=rng.choice(people)))])]})
    team = faker.company().split()[0].strip(",")
    doc = DocumentContent(kind="memo", title=f"Minutes: {team} team meeting, {date.day} {date:%B %Y}", date=date,
                          author=people[0], organisation=team, file_stem=f"minutes_{date.isoformat()}",
                          opening=[Paragraph(runs=[Run(text="Attendees: ", bold=True), Run(text=", ".join(people))])],
                          sections=sections)
    return doc, list(zip(owners, dues, strict=True))


@register_workflow
class ActionItems(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.action_items", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            "Pull " + _WHO + " out of the minutes {{ input }} (the lines starting \u201cAction:\u201d) into "
            "{% if target == 'csv' %}a CSV file {{ output }}{% else %}a table in a new Word document {{ output }}"
            "{% endif %}: " + _ROWS + "; " + _ORDER + ". Leave the minutes as they are.",
            "Could you put " + _WHO + " from {{ input }} into the tracker? I need "
            "{% if target == 'csv' %}a CSV, {{ output }}{% else %}a Word document, {{ output }}, holding a table"
            "{% endif %} with " + _ROWS + ", " + _ORDER + ". Only the \u201cAction:\u201d lines count.",
            "{{ input }} -> {{ output }}: " + _WHO + " (\u201cAction:\u201d lines) as " + _ROWS + "; " + _ORDER + ".",
        ],
        criteria=["One row per action item asked for, none missing or extra, in the order asked.",
                  "Each row holds the task as written, the owner and the due date as YYYY-MM-DD."],
        files=[FileSlot(param="input", type="docx", role="input", description="A meeting's minutes"),
               FileSlot(param="output", type="csv", types_by={"target": {"docx": "docx"}},
                        description="The action items as a table")],
        checks=[CheckTemplate(func="document.actions_extracted", bind={"owner": "owner", "by_due": "by_due"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        target: Target = opts.target or ctx.rng.choice(["csv", "docx"])
        one, by_due = (v if v is not None else ctx.rng.random() < 0.5 for v in (opts.one_owner, opts.by_due))
        while True:
            doc, items = minutes(ctx.rng, ctx.faker)
            owner = None
            if not one:
                break
            counts = {o: sum(o == p for p, _ in items) for o, _ in items}
            owner = ctx.rng.choice(sorted(o for o, c in counts.items() if c > 1))
            mine = [d for o, d in items if o == owner]
            if not by_due or mine != sorted(mine):  # the order asked still matters for this person's items
                break
        folder = ctx.rng.choice(["", "meetings/", "minutes/"])
        params = Params(input=f"{folder}{doc.file_stem}.docx", output=f"{folder}actions_{doc.date.isoformat()}"
                        f"{'_' + slug(owner) if owner else ''}.{target}", target=target, owner=owner, by_due=by_due)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        write = ("import csv\nwith open(OUT, 'w', newline='', encoding='utf-8') as f:\n    csv.writer(f).writerows(out)"
                 if params.target == "csv" else
                 "doc = docx.Document()\ngrid = doc.add_table(rows=0, cols=3)\ngrid.style = 'Table Grid'\n"
                 "for row in out:\n    for cell, value in zip(grid.add_row().cells, row):\n        cell.text = value\n"
                 "doc.save(OUT)").replace("OUT", lit(params.output))
        script = f"""
            import datetime, os, re
            import docx
            pattern = re.compile(r"^Action:\\s*(.+?) to (.+) by (\\d{{1,2}} [A-Z][a-z]+ \\d{{4}})\\.?$")
            rows = []
            for p in docx.Document({lit(params.input)}).paragraphs:
                m = pattern.match(" ".join(p.text.split()))
                if m:
                    due = datetime.datetime.strptime(m.group(3), "%d %B %Y").date().isoformat()
                    rows.append([m.group(2), m.group(1), due])
            if {lit(params.owner)}:
                rows = [r for r in rows if r[1].casefold() == {lit(params.owner)}.casefold()]
            if {lit(params.by_due)}:
                rows.sort(key=lambda r: r[2])
            out = [["Action", "Owner", "Due"], *rows]
            folder = os.path.dirname({lit(params.output)})
            if folder:
                os.makedirs(folder, exist_ok=True)
        """
        return solution(outline_step(params.input, f"I read the minutes {params.input} to find the action lines."),
                        script_step(textwrap.dedent(script) + write + "\nprint(len(rows), 'action items')",
                                    "I parse each 'Action:' line into task, owner and due date and write the table "
                                    "asked for.", f"Write {params.output}"))
