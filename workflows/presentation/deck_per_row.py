"""A mail merge into decks: HR's welcome-pack template has placeholders («First name», <<Manager>>,
...) and a CSV of new starters; one filled-in deck per starter, saved under the names given in the
list's order - for every row, or only the people starting on one date; the speaker notes' placeholders filled too
where the template has them; an empty cell written as 'TBC' where the list has gaps."""

from __future__ import annotations

import datetime as dt
import textwrap

from forge.models import ReferenceSolution
from forge.views import Table
from preparers.filetypes.csv import write_csv
from preparers.presentation import Bullet, DeckContent, SlideContent, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import list_step
from workflows.presentation._draw import pick
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

SLOTS = ("first", "second", "third")
FILES = "{{ first }}, {{ second }} and {{ third }}"
HEADER = ["Employee ID", "First name", "Last name", "Team", "Manager", "Buddy", "Desk", "Start date"]
SYNTAX = [("«", "»"), ("<<", ">>"), ("[", "]")]  # not {{ }}: it reads as a template left unrendered
TEAMS = ["Finance", "Marketing", "Engineering", "Customer Support", "Operations", "Sales"]
WHICH = ("{% if where_value %}for each person on the list whose {{ where_column }} is {{ where_value }} (only them)"
         "{% else %}for each person on the list{% endif %}")
FILL = ("every placeholder (a field name between {{ opening }} and {{ closing }}, like {{ example }}) replaced by "
        "that person's value{% if with_notes %}, in the "
        "speaker notes too{% endif %}{% if blank %}; where their cell is empty, write \"{{ blank }}\"{% endif %}")
MERGE = """
    import csv, os, pptx
    opening, closing, blank = {opening}, {closing}, {blank}
    with open({data}, newline="", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) if {where} is None or r[{where}] == {value}]
    def fill(frame, row):
        for paragraph in frame.paragraphs:
            text = "".join(r.text for r in paragraph.runs)
            new = text
            for field, value in row.items():
                new = new.replace(opening + field + closing, value or blank or "")
            if new != text:
                paragraph.runs[0].text = new
                for extra in paragraph.runs[1:]:
                    extra._r.getparent().remove(extra._r)
    paths = {paths}
    for row in rows:
        deck = pptx.Presentation({template})
        for slide in deck.slides:
            for shape in slide.shapes:
                if shape.has_text_frame:
                    fill(shape.text_frame, row)
            if slide.has_notes_slide:
                fill(slide.notes_slide.notes_text_frame, row)
        path = paths.pop(0)
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        deck.save(path)
        print(path)
"""


class Params(Prepared):
    input: str
    data: str
    first: str
    second: str
    third: str
    opening: str
    closing: str
    example: str
    where_column: str | None
    where_value: str | None
    with_notes: bool
    blank: str | None


class Options(SkillParams):
    some_rows: bool | None = None
    with_notes: bool | None = None
    blanks: bool | None = None


def _template(ctx: WorkflowContext, mark: tuple[str, str], with_notes: bool, date: dt.date) -> DeckContent:
    """The welcome-pack template with placeholders in `mark`'s syntax (its notes too, when asked)."""
    def p(field: str) -> str:
        return f"{mark[0]}{field}{mark[1]}"
    notes = (f"Introduce {p('Buddy')} if they are in the room.", f"Walk {p('First name')} to desk {p('Desk')}.") \
        if with_notes else ("Keep this short; the handbook has the detail.", "Pause for questions here.")
    company = ctx.faker.company()
    slides = [SlideContent(layout="title", title=f"Welcome to {company}, {p('First name')}!",
                           subtitle=f"Your first day: {p('Start date')}"),
              SlideContent(layout="bullets", title="Your team", notes=notes[0], bullets=[
                  Bullet(text=f"You join {p('Team')}"), Bullet(text=f"Your manager: {p('Manager')}"),
                  Bullet(text=f"Your buddy for the first month: {p('Buddy')}")]),
              SlideContent(layout="bullets", title="Your first week", notes=notes[1], bullets=[
                  Bullet(text=f"Your desk: {p('Desk')}"), Bullet(text="Laptop and badge from the IT desk on day one"),
                  Bullet(text=f"Lunch with {p('Manager')} and the team on Wednesday")]),
              SlideContent(layout="title_only", title="Questions? Ask your buddy or People team")]
    return DeckContent(title=f"Welcome to {company}", author=ctx.faker.name(), date=date, slides=slides,
                       file_stem="welcome_template")


def _people(ctx: WorkflowContext, count: int, dates: list[dt.date]) -> list[list[str]]:
    """`count` new starters (distinct IDs), each starting on one of `dates`."""
    ids = ctx.rng.sample(range(1040, 1990), count)
    rows = []
    for n, day in zip(ids, dates, strict=True):
        rows.append([f"E{n}", ctx.faker.first_name(), ctx.faker.last_name(), ctx.rng.choice(TEAMS), ctx.faker.name(),
                     ctx.faker.name(), f"{ctx.rng.randint(1, 6)}{ctx.rng.choice('ABCD')}-{ctx.rng.randint(1, 40):02d}",
                     day.isoformat()])
    return rows


@register_workflow
class DeckPerRow(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.deck_per_row", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"Make one welcome deck {WHICH} in {{{{ data }}}} from the template {{{{ input }}}}: a copy with {FILL}. "
            f"Save them, in the list's order, as {FILES} and leave the template as it is.",
            f"New starters are coming and HR wants a personal welcome deck for each. Could you fill in "
            f"{{{{ input }}}} {WHICH} in {{{{ data }}}}? One copy per person with {FILL}. Name them "
            f"{FILES}, in the order they come in the list; the template itself stays untouched.",
            f"Mail merge: {{{{ input }}}} x {{{{ data }}}}, one deck {WHICH}, {FILL}. Output, "
            f"in list order: {FILES}. Template unchanged.",
        ],
        criteria=["One deck per selected person, under the names given in the list's order, and none for anyone else.",
                  "Each deck is the template with every placeholder filled from that person's row."],
        files=[FileSlot(param="input", type="pptx", role="input", description="The welcome-pack template"),
               FileSlot(param="data", type="csv", role="input", description="The new starters"),
               *(FileSlot(param=s, type="pptx", description="A starter's welcome deck") for s in SLOTS)],
        checks=[CheckTemplate(func="slides.merged_per_row", paths={f"{s}_file": s for s in SLOTS} | {
                    "input_file": "input", "data_file": "data"},
                    bind={"where_column": "where_column", "where_value": "where_value", "opening": "opening",
                          "closing": "closing", "blank": "blank"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        some, with_notes, blanks = (pick(ctx, n) for n in ("some_rows", "with_notes", "blanks"))
        date = dt.date(ctx.rng.choice([2024, 2025]), ctx.rng.randint(1, 12), 1)
        days = [date + dt.timedelta(days=7 * k) for k in range(3)]  # three start days a week apart
        start = ctx.rng.choice(days)
        dates = [start] * 3 + ctx.rng.sample([d for d in days if d != start] * 2, ctx.rng.randint(2, 3)) if some \
            else [ctx.rng.choice(days) for _ in range(3)]
        rows = _people(ctx, len(dates), dates)
        ctx.rng.shuffle(rows)
        chosen = [r for r in rows if not some or r[7] == start.isoformat()]
        if blanks:  # a gap in the list: a buddy or desk not yet known, always in a chosen row
            ctx.rng.choice(chosen)[ctx.rng.choice([5, 6])] = ""
        mark = ctx.rng.choice(SYNTAX)
        folder = ctx.rng.choice(["", "welcome/", "onboarding/"])
        params = Params(input=f"{folder}welcome_template.pptx", data=f"{folder}new_starters.csv",
                        **{s: f"{folder}welcome_pack_{k}.pptx" for k, s in enumerate(SLOTS, start=1)},
                        opening=mark[0], closing=mark[1],
                        example=f"{mark[0]}First name{mark[1]}", where_column="Start date" if some else None,
                        where_value=start.isoformat() if some else None,
                        with_notes=with_notes, blank="TBC" if blanks else None)
        return params.with_files(input=write_pptx(_template(ctx, mark, with_notes, date)),
                                 data=write_csv(Table.of("new_starters", [HEADER, *rows])))

    def reference(self, params: Params) -> ReferenceSolution:
        script = textwrap.dedent(MERGE.format(opening=lit(params.opening), closing=lit(params.closing),
                                              blank=lit(params.blank), data=lit(params.data),
                                              where=lit(params.where_column),
                                              value=lit(params.where_value), template=lit(params.input),
                                              paths=lit([params.first, params.second, params.third])))
        return solution(list_step(params.input, "I list the template's slides to see its placeholders."),
                        script_step(f"print(open({lit(params.data)}, encoding='utf-8').read())",
                                    f"I read {params.data}.", f"Read {params.data}"),
                        script_step(script, "For each selected row I open the template with python-pptx, replace "
                                    "every placeholder in the text and notes, and save the deck under the row's ID.",
                                    "Fill one deck per row"),
                        *(list_step(p, f"I list {p} to check it.") for p in (params.first, params.second,
                                                                             params.third)))
