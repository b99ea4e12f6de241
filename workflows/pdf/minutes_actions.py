"""Collect the action items of three meetings' minutes (PDF, listed out of date order: each with
its date and a table Action, Owner, Due, Status) into one csv for the next meeting: every action,
one person's, those due before a day, or those still open; meeting by meeting (oldest first) or
by due date. The person named has some actions but not all, and no action is due on the day."""

from __future__ import annotations

import datetime as dt
import io
from typing import Literal

from forge.models import ReferenceSolution
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.pdf._monthly import slug
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Scope = Literal["all", "owner", "due_before", "open", "owner_open", "overdue"]
SLOTS = ("first", "second", "third")
TEAMS = ["Product launch", "Office move", "Website redesign", "Supplier review", "Budget planning"]
ACTIONS = ["Send the revised timeline to the board", "Book the venue for the kick-off", "Draft the customer email",
           "Collect quotes from three suppliers", "Update the risk register", "Review the test results",
           "Agree the budget split with finance", "Set up the shared project folder", "Brief the sales team",
           "Check the contract renewal dates", "Prepare the training slides", "Order the new laptops",
           "Confirm the delivery schedule", "Write up the survey findings", "Arrange the site visit",
           "Chase the missing invoices", "Publish the FAQ page", "Schedule the user interviews"]
_FILES = "{{ first }}, {{ second }} and {{ third }}"
_KEEP = ("{% if scope == 'owner' %}the actions owned by {{ owner }}{% elif scope == 'owner_open' %}the actions owned "
         "by {{ owner }} whose Status is still Open{% elif scope == 'overdue' %}the actions still Open that were due "
         "before {{ due_before }} (overdue by then){% elif scope == 'due_before' %}the actions due "
         "before {{ due_before }}{% elif scope == 'open' %}the actions whose Status is still Open{% else %}every "
         "action{% endif %}")
_ORDER = ("{% if by_due %}earliest due date first (ties in meeting order){% else %}meeting by meeting, oldest meeting "
          "first, each meeting's actions as printed{% endif %}")
_FORM = ("the header meeting,action,owner,due: the meeting's date, the action and its owner as printed and the due "
         "date, dates as YYYY-MM-DD")


class Options(SkillParams):
    scope: Scope | None = None
    by_due: bool | None = None


class Params(Prepared):
    first: str
    second: str
    third: str
    output: str
    team: str
    scope: Scope
    owner: str | None
    due_before: dt.date | None
    open_only: bool
    by_due: bool


Action = tuple[str, str, dt.date, str]  # action, owner, due, status


def minutes_pdf(team: str, day: dt.date, people: list[str], actions: list[Action], ctx: WorkflowContext) -> bytes:
    """The minutes: date, attendees, a few discussion notes, then the actions table."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table

    styles = getSampleStyleSheet()
    buf = io.BytesIO()
    template = SimpleDocTemplate(buf, pagesize=A4, title=f"{team} meeting {day.isoformat()}", invariant=True)
    notes = ctx.rng.sample(["Progress is on track against the plan.", "Two risks were raised and logged.",
                            "The team agreed to keep the weekly slot.", "Budget spend is within the forecast.",
                            "Feedback from the pilot group was mostly positive."], 3)
    story = [Paragraph(f"Minutes: {team} meeting", styles["Title"]), Paragraph(f"Date: {day.isoformat()}",
                                                                                 styles["Normal"]),
             Paragraph(f"Attendees: {', '.join(people)}", styles["Normal"]),
             Paragraph("Discussion", styles["Heading2"]),
             *(Paragraph(n, styles["BodyText"]) for n in notes), Paragraph("Actions", styles["Heading2"]),
             Table([["Action", "Owner", "Due", "Status"], *([a, o, d.isoformat(), s] for a, o, d, s in actions)],
                   colWidths=[230, 120, 70, 50]), Spacer(1, 10)]
    template.build(story)
    return buf.getvalue()


def draw_meetings(ctx: WorkflowContext, people: list[str]) -> list[tuple[dt.date, list[Action]]]:
    """Three meetings a week or two apart, each with three to five actions; older ones mostly done."""
    day = dt.date(ctx.rng.choice([2024, 2025]), ctx.rng.randint(1, 10), ctx.rng.randint(1, 20))
    pool = ctx.rng.sample(ACTIONS, 15)
    meetings = []
    for k in range(3):
        actions = []
        for _ in range(ctx.rng.randint(3, 5)):
            due = day + dt.timedelta(days=ctx.rng.randint(3, 21))
            done = ctx.rng.random() < (0.6, 0.4, 0.1)[k]
            actions.append((pool.pop(), ctx.rng.choice(people), due, "Done" if done else "Open"))
        meetings.append((day, actions))
        day += dt.timedelta(days=ctx.rng.choice([7, 14]))
    return meetings


@register_workflow
class MinutesActions(PreparedWorkflow[Params]):
    states_values = ("due_before",)  # the day the request names
    spec = WorkflowSpec(
        name="pdf.minutes_actions", apps=["pdf"], params=Params, skill_params=Options,
        phrasings=[
            "Collect the action items from the {{ team }} meeting minutes " + _FILES + " into the CSV file "
            "{{ output }}: " + _KEEP + ", " + _ORDER + ", under " + _FORM + ".",
            "Before the next {{ team }} meeting I need one list of actions from the last three minutes (" + _FILES
            + "). Could you put " + _KEEP + " in {{ output }}, " + _ORDER + "? Use " + _FORM + ".",
            _FILES + " -> {{ output }}: " + _KEEP + "; " + _ORDER + "; " + _FORM + ".",
        ],
        criteria=["Exactly the actions asked for from every set of minutes, each with its meeting's date.",
                  "Actions and owners as printed, dates as YYYY-MM-DD, in the order asked; nothing else."],
        files=[*(FileSlot(param=s, type="pdf", role="input", description="A meeting's minutes") for s in SLOTS),
               FileSlot(param="output", type="csv", description="The collected actions")],
        checks=[CheckTemplate(func="pdf.actions_collected", paths={f"{s}_file": s for s in SLOTS},
                              bind={"owner": "owner", "due_before": "due_before", "open_only": "open_only",
                                    "by_due": "by_due"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        scope: Scope = opts.scope or ctx.rng.choice(["all", "owner", "due_before", "open", "owner_open", "overdue"])
        by_due = opts.by_due if opts.by_due is not None else ctx.rng.random() < 0.5
        people = [ctx.faker.name() for _ in range(4)]
        while True:
            meetings = draw_meetings(ctx, people)
            actions = [a for _, acts in meetings for a in acts]
            owners = sorted({o for _, o, _, _ in actions if 2 <= sum(x[1] == o for x in actions) < len(actions)})
            dues = sorted({d for _, _, d, _ in actions})
            gaps = [d + dt.timedelta(days=1) for d, n in zip(dues, dues[1:]) if (n - d).days > 1]
            middle = [g for g in gaps if 2 <= sum(d < g for d in dues) <= len(dues) - 2]
            mixed = [o for o in owners if {s for _, who, _, s in actions if who == o} == {"Open", "Done"}]
            overdue = [g for g in middle if {s for *_, d, s in actions if d < g} == {"Open", "Done"}
                       and any(s == "Open" and d >= g for *_, d, s in actions)]
            needs = {"owner_open": mixed, "overdue": overdue}.get(scope, [True])
            if owners and middle and needs and any(s == "Open" for *_, s in actions) and \
                    any(s == "Done" for *_, s in actions):
                break
        team = ctx.rng.choice(TEAMS)
        order = [0, 1, 2]
        while order == [0, 1, 2]:
            ctx.rng.shuffle(order)
        folder = ctx.rng.choice(["", "minutes/", "meetings/"])
        names = ctx.rng.sample(["kickoff", "status", "checkpoint", "followup", "planning", "weekly", "sync"], 3)
        paths = [f"{folder}{slug(team)}_{name}_minutes.pdf" for name in names]
        params = Params(**dict(zip(SLOTS, paths, strict=True)), output=ctx.rng.choice(["actions.csv", "follow_up.csv"]),
                        team=team.lower(), scope=scope,
                        owner=ctx.rng.choice(mixed if scope == "owner_open" else owners)
                        if scope in ("owner", "owner_open") else None,
                        due_before=ctx.rng.choice(overdue if scope == "overdue" else middle)
                        if scope in ("due_before", "overdue") else None,
                        open_only=scope in ("open", "owner_open", "overdue"), by_due=by_due)
        return params.with_files(**{s: minutes_pdf(team, meetings[k][0], people, meetings[k][1], ctx)
                                    for s, k in zip(SLOTS, order, strict=True)})

    def reference(self, params: Params) -> ReferenceSolution:
        files = [params.first, params.second, params.third]
        script = f"""
            import csv, re
            from pypdf import PdfReader
            actions = []
            for path in {lit(files)}:
                text = "\\n".join(p.extract_text(extraction_mode="layout") for p in PdfReader(path).pages)
                meeting = re.search(r"Date:\\s*(\\d{{4}}-\\d\\d-\\d\\d)", text).group(1)
                for line in text.splitlines():
                    cells = [c for c in re.split(r"\\s{{2,}}", line.strip()) if c]
                    if len(cells) == 4 and re.fullmatch(r"\\d{{4}}-\\d\\d-\\d\\d", cells[2]):
                        actions.append({{"meeting": meeting, "action": cells[0], "owner": cells[1], "due": cells[2],
                                         "status": cells[3]}})
            actions.sort(key=lambda a: a["meeting"])
            owner, before = {lit(params.owner)}, {lit(params.due_before.isoformat() if params.due_before else None)}
            if owner:
                actions = [a for a in actions if a["owner"].lower() == owner.lower()]
            if before:
                actions = [a for a in actions if a["due"] < before]
            if {params.open_only}:
                actions = [a for a in actions if a["status"].lower() == "open"]
            if {params.by_due}:
                actions.sort(key=lambda a: a["due"])
            with open({lit(params.output)}, "w", newline="") as fh:
                writer = csv.writer(fh)
                writer.writerow(["meeting", "action", "owner", "due"])
                writer.writerows([a["meeting"], a["action"], a["owner"], a["due"]] for a in actions)
            print(open({lit(params.output)}).read())
        """
        return solution(script_step(script, "I read each minutes' date and actions table in layout mode with pypdf, "
                                    "keep and order the actions as asked and write the csv.", f"Write {params.output}"))
