"""Seeded texts that carry their date INSIDE, for the sort-by-written-date family: saved e-mails (a
Date: header in the sender's time zone, sometimes a forwarded message's Date: in the body), OCR'd
invoices (an 'Invoice date:' line above a due date in another month) and meeting notes (a 'Date:'
line, a next meeting further down), written the ways people write dates; and one of each kind
without such a date (a draft, a quote, an agenda)."""

from __future__ import annotations

import datetime as dt
import email.utils
import random

from faker import Faker

WRITTEN = ("%Y-%m-%d", "%d %B %Y", "%B %d, %Y", "%d %b %Y")  # the check's DATE_FORMATS
ZONES = [0, 60, 120, -300, -480, 330]
SUBJECTS = ["Quote for the kitchen", "Your order has shipped", "Friday's meeting", "School trip form",
            "Flight booking confirmation", "Rent for this month", "Photos from the weekend", "Insurance renewal",
            "Boiler service", "Dentist appointment", "Parents' evening", "Car MOT reminder", "Book club",
            "Gym membership", "Council tax", "Wedding RSVP", "Broadband contract", "Tax return documents"]
TITLES = ["Team sync", "Budget review", "Project kickoff", "Client call", "Retrospective", "Planning session",
          "Board meeting", "Design review", "Quarterly check-in", "Hiring panel", "Vendor meeting", "One-to-one"]


def moment(rng: random.Random) -> dt.datetime:
    day = dt.date(2023, 1, 1) + dt.timedelta(days=rng.randrange(730))
    return dt.datetime.combine(day, dt.time(rng.randrange(24), rng.randrange(60), rng.randrange(60)))


def _written(rng: random.Random, day: dt.date) -> str:
    return day.strftime(rng.choice(WRITTEN))


def mail(rng: random.Random, faker: Faker, dated: bool) -> tuple[str, str]:
    """(subject, .eml text): the Date: header as the sender's client wrote it; late at night on the 1st
    now and then (another month in UTC); a forwarded message quoting its own Date: now and then."""
    subject = rng.choice(SUBJECTS)
    when = moment(rng)
    if rng.random() < 0.25:
        when = when.replace(day=1, hour=0, minute=rng.randrange(40))
    zone = dt.timezone(dt.timedelta(minutes=rng.choice([z for z in ZONES if z > 0]) if when.hour == 0
                                    and when.day == 1 else rng.choice(ZONES)))
    sender, to = faker.name(), faker.name()
    headers = [f"From: {sender} <{faker.user_name()}@{faker.free_email_domain()}>",
               f"To: {to} <{faker.user_name()}@{faker.free_email_domain()}>", f"Subject: {subject}"]
    if dated:
        stamp = email.utils.format_datetime(when.replace(tzinfo=zone))
        headers.insert(rng.randrange(len(headers) + 1), f"Date: {stamp}")
    else:
        headers.append("X-Unsent: 1")
    headers += [f"Message-ID: <{rng.getrandbits(48):x}@{faker.domain_name()}>", "MIME-Version: 1.0",
                "Content-Type: text/plain; charset=utf-8"]
    body = [f"Hi {to.split()[0]},", "", faker.paragraph(nb_sentences=rng.randint(2, 4)), ""]
    if rng.random() < 0.5:
        earlier = when - dt.timedelta(days=rng.randrange(35, 400))
        body += ["---------- Forwarded message ---------", f"From: {faker.name()} <{faker.company_email()}>",
                 f"Date: {email.utils.format_datetime(earlier.replace(tzinfo=dt.timezone.utc))}",
                 f"Subject: {rng.choice(SUBJECTS)}", "", faker.paragraph(nb_sentences=2), ""]
    body += ["Best,", sender.split()[0]]
    return subject, "\n".join(headers + [""] + body) + "\n"


def invoice(rng: random.Random, faker: Faker, dated: bool) -> str:
    """An OCR'd invoice: the invoice date, then a due date a month on; a quote has only a validity date."""
    issued = moment(rng).date()
    company = faker.company()
    lines = [company, faker.street_address(), faker.city(), "", "INVOICE" if dated else "QUOTATION",
             f"{'Invoice' if dated else 'Quote'} no: {rng.choice(['INV', 'A', 'No'])}-{rng.randrange(100, 99999)}"]
    if dated:
        lines += [f"{rng.choice(['Invoice date', 'Invoice Date', 'INVOICE DATE'])}: {_written(rng, issued)}",
                  f"Due date: {_written(rng, issued + dt.timedelta(days=rng.choice([14, 30, 45])))}"]
    else:
        lines.append(f"Valid until: {_written(rng, issued + dt.timedelta(days=30))}")
    lines += ["", f"Bill to: {faker.name()}", ""]
    for _ in range(rng.randint(2, 5)):
        lines.append(f"{faker.bs().capitalize():<40} {rng.randrange(20, 900)}.{rng.randrange(100):02d}")
    lines += ["", f"Total: {rng.randrange(100, 5000)}.{rng.randrange(100):02d}", f"Thank you for choosing {company}."]
    return "\n".join(lines) + "\n"


def notes(rng: random.Random, faker: Faker, dated: bool) -> str:
    """Meeting notes: a title, a Date: line, attendees, actions and the next meeting's date."""
    held = moment(rng).date()
    people = [faker.first_name() for _ in range(rng.randint(3, 5))]
    lines = [f"# {rng.choice(TITLES)}" if dated else "# Agenda (draft)", ""]
    if dated:
        lines += [f"Date: {_written(rng, held)}", f"Attendees: {', '.join(people)}", ""]
    lines += ["## Notes", *[f"- {faker.sentence()}" for _ in range(rng.randint(2, 4))], "", "## Actions",
              *[f"- {rng.choice(people)} to {faker.bs()}" for _ in range(rng.randint(1, 3))], ""]
    lines.append(f"Next meeting: {_written(rng, held + dt.timedelta(days=rng.choice([7, 14, 28, 35])))}")
    return "\n".join(lines) + "\n"
