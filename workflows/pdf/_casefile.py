"""Customer complaint case notes as text lines on two pages: a customer, the handler, a colleague
of the customer's and a manager, with the email addresses, phone numbers and refund account
(IBAN) such notes carry. Each detail sits whole on one line, as a PDF draws it."""

from __future__ import annotations

import datetime as dt

from pydantic import BaseModel, ConfigDict

from workflows.spec import WorkflowContext

PRODUCTS = ["desk lamp", "office chair", "coffee machine", "printer", "standing desk", "monitor arm"]
PROBLEMS = ["delivered damaged", "missing two parts", "the wrong colour", "not working on arrival"]


class CaseNotes(BaseModel):
    model_config = ConfigDict(frozen=True)

    title: str
    file_stem: str
    customer: str
    pages: list[list[str]]


def _phone(ctx: WorkflowContext) -> str:
    return ctx.faker.numerify(ctx.rng.choice(["+44 20 #### ####", "+44 7700 9## ###", "+1 415 555 ####",
                                              "+353 1 ### ####"]))


def _email(ctx: WorkflowContext, name: str, domain: str) -> str:
    first, last = name.lower().replace("'", "").split()[:2]
    return f"{ctx.rng.choice([f'{first}.{last}', f'{first[0]}{last}', f'{first}{ctx.rng.randint(1, 99)}'])}@{domain}"


def _iban(ctx: WorkflowContext) -> str:
    digits = ctx.faker.numerify
    if ctx.rng.random() < 0.5:
        return f"GB{ctx.rng.randint(10, 99)} {ctx.faker.lexify('????').upper()} {digits('####')} {digits('####')} " \
               f"{digits('####')} {digits('##')}"
    return f"DE{ctx.rng.randint(10, 99)} {digits('####')} {digits('####')} {digits('####')} {digits('####')} " \
           f"{digits('##')}"


def _name(ctx: WorkflowContext, taken: set[str]) -> str:
    while (name := f"{ctx.faker.first_name()} {ctx.faker.last_name()}") in taken or len(name.split()) != 2:
        pass
    taken.add(name)
    return name


def case_notes(ctx: WorkflowContext) -> CaseNotes:
    """Two pages of case notes; the customer's full name written three times or more."""
    taken: set[str] = set()
    customer, handler, colleague, manager = (_name(ctx, taken) for _ in range(4))
    org = ctx.faker.company()
    domain = org.split()[0].lower().strip(",").replace("'", "") + ".example.com"
    c_mail = _email(ctx, customer, ctx.rng.choice(["mailbox.example.net", "inbox.example.org", "post.example.com"]))
    h_mail, k_mail = _email(ctx, handler, domain), _email(ctx, colleague, "example.net")
    c_phone, h_phone, k_phone = _phone(ctx), _phone(ctx), _phone(ctx)
    iban = _iban(ctx)
    case_id = f"CASE-{ctx.rng.randint(2024, 2025)}-{ctx.rng.randint(1000, 9999)}"
    opened = dt.date(2025, 1, 1) + dt.timedelta(days=ctx.rng.randrange(300))
    day = [(opened + dt.timedelta(days=k)).isoformat() for k in (0, 2, 6, 9)]
    order, amount = ctx.rng.randint(10000, 99999), f"{ctx.rng.randint(40, 480)}.{ctx.rng.choice(['00', '50', '99'])}"
    product, problem = ctx.rng.choice(PRODUCTS), ctx.rng.choice(PROBLEMS)
    first = [f"{org} - customer complaint case notes", f"Case {case_id}, opened {day[0]} by {handler}",
             f"Handler contact: {h_mail}, {h_phone}", "", f"Customer: {customer}", f"Email: {c_mail}",
             f"Phone: {c_phone}", f"Refund account: {iban}", "",
             f"{day[0]}: {customer} called about order {order}, a {product} {problem}.",
             f"{day[0]}: {handler} asked for photos to be sent to {h_mail}.",
             f"{day[1]}: Photos received from {c_mail}; the warehouse confirmed the fault."]
    second = [f"Follow-up log, case {case_id}",
              f"{day[2]}: Refund of {amount} approved by {manager}.",
              f"{day[2]}: Refund sent to {iban}; {customer} told by phone on {c_phone}.",
              f"{day[3]}: {colleague} ({k_mail}, {k_phone}) asked for a copy of the notes",
              f"for {customer}, who is away until the end of the month.",
              f"{day[3]}: Case closed by {handler}. Satisfaction survey sent to {c_mail}."]
    return CaseNotes(title=f"Case notes {case_id}", file_stem=f"case_{case_id[5:].replace('-', '_')}_notes",
                     customer=customer, pages=[first, second])
