"""Documents made of entries under headings, the kind people keep in a sorted order: supplier and
office profiles (by name), meeting minutes and status updates (by the date in the heading). Each
entry is a `Section` whose body is a few coherent, seeded sentences."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Literal

from pydantic import BaseModel, ConfigDict

from forge.errors import WorkflowError
from preparers.document import Paragraph, Run, Section
from workflows.spec import WorkflowContext

PRODUCTS = ["office furniture", "laptops and docking stations", "cleaning services", "printed stationery",
            "catering for events", "courier services", "packaging materials", "security patrols"]
GRADES = ["good", "adequate", "excellent", "below target"]
TEAMS = ["Finance", "Operations", "Marketing", "Sales", "Engineering", "People", "Legal", "Facilities"]
ACTIONS = ["move the launch date by two weeks", "freeze the scope of phase one", "hire a second tester",
           "renegotiate the hosting contract", "run a pilot in two regions", "publish the revised timeline"]
RISKS = ["the data migration", "supplier capacity", "the late security review", "staff availability in August"]


class EntryKind(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    key: Literal["text", "date"]
    title: str
    intro: str


ENTRY_KINDS = {
    "suppliers": EntryKind(key="text", title="Supplier profiles",
                           intro="One profile per approved supplier, with the contract and the contact for orders."),
    "offices": EntryKind(key="text", title="Office guide",
                         intro="What each office offers and who to ask when you visit."),
    "minutes": EntryKind(key="date", title="Steering group minutes",
                         intro="The minutes of each steering group meeting, as approved at the following one."),
    "updates": EntryKind(key="date", title="Project status updates",
                         intro="The status updates sent to sponsors, one per reporting date."),
}


def _day(ctx: WorkflowContext) -> dt.date:
    return dt.date(2024, 1, 1) + dt.timedelta(days=ctx.rng.randrange(700))


def _supplier(ctx: WorkflowContext) -> tuple[str, list[str]]:
    name = ctx.faker.company()
    return name, [f"{name} supplies {ctx.rng.choice(PRODUCTS)} to the {ctx.rng.choice(TEAMS)} team under a contract "
                  f"that runs until {_day(ctx):%B %Y}.",
                  f"Orders go through {ctx.faker.name()}; the last quarterly review rated delivery as "
                  f"{ctx.rng.choice(GRADES)}."]


def _office(ctx: WorkflowContext) -> tuple[str, list[str]]:
    city = ctx.faker.city()
    a, b = ctx.rng.sample(TEAMS, 2)
    return f"{city} office", [f"The {city} office at {ctx.faker.street_address()} hosts {ctx.rng.randint(12, 240)} "
                              f"staff from the {a} and {b} teams.",
                              f"Visitors sign in at reception; the site contact is {ctx.faker.name()}."]


def _minutes(ctx: WorkflowContext) -> tuple[str, list[str]]:
    day = _day(ctx)
    people = ", ".join(ctx.faker.name() for _ in range(ctx.rng.randint(3, 5)))
    return f"Steering group meeting, {day.day} {day:%B %Y}", [
        f"Present: {people}.",
        f"The group agreed to {ctx.rng.choice(ACTIONS)} and asked {ctx.faker.name()} to report back at the next "
        "meeting."]


def _update(ctx: WorkflowContext) -> tuple[str, list[str]]:
    day, total = _day(ctx), ctx.rng.randint(5, 9)
    return f"Status update of {day.day} {day:%B %Y}", [
        f"The project is {ctx.rng.choice(['on track', 'slightly behind', 'ahead of plan'])}; "
        f"{ctx.rng.randint(1, total - 1)} of {total} milestones are complete.",
        f"The main risk remains {ctx.rng.choice(RISKS)}, owned by {ctx.faker.name()}."]


_MAKERS: dict[str, Callable[[WorkflowContext], tuple[str, list[str]]]] = {
    "suppliers": _supplier, "offices": _office, "minutes": _minutes, "updates": _update}


def entries(ctx: WorkflowContext, kind: str, count: int) -> list[Section]:
    """`count` entries of `kind` with distinct headings, in an order that is neither sorted way."""
    made: dict[str, list[str]] = {}
    for _ in range(count * 10):
        heading, body = _MAKERS[kind](ctx)
        made.setdefault(heading, body)
        if len(made) == count:
            break
    else:
        raise WorkflowError(f"no {count} distinct {kind} entries drawn")
    sections = [Section(heading=h, paragraphs=[Paragraph(runs=[Run(text=t)]) for t in body]) for h, body in made.items()]
    by_key = sorted(sections, key=lambda s: _key(s.heading, ENTRY_KINDS[kind].key))
    while sections in (by_key, by_key[::-1]):
        ctx.rng.shuffle(sections)
    return sections


def _key(heading: str, key: str) -> object:
    if key == "text":
        return heading.casefold()
    return dt.datetime.strptime(" ".join(heading.split()[-3:]), "%d %B %Y")
