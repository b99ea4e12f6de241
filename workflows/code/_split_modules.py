"""A grab-bag helpers module for a catalogue package: two groups of functions that belong in modules
of their own (money and text helpers, dates and pay, ISBNs and loans), one function of the first
group using one of the second, with tests that import everything from the grab-bag. What the
split-module tasks are made of.

    project, spec = add_split_module(rng, faker, "shop")
"""

from __future__ import annotations

import random

from faker import Faker
from pydantic import BaseModel

from preparers.code import ProjectContent
from workflows.code._added_module import base_package, with_module
from workflows.code._call_tests import call_tests, module_text


class SplitModule(BaseModel):
    kind: str
    module: str
    about: str
    first: str
    first_about: str
    first_functions: list[str]
    second: str
    second_about: str
    second_functions: list[str]
    source: str
    calls: list[str]


SPLIT_MODULES = {
    "shop": SplitModule(kind="shipping", module="utils", about="assorted helpers of the web shop",
                        first="money", first_about="money helpers", first_functions=["format_price", "add_vat", "price_tag"],
                        second="text", second_about="text helpers", second_functions=["slugify", "initials"], source='''
import re


def format_price(amount, currency):
    """The amount with two decimals and a thousands separator, then the currency code."""
    return f"{amount:,.2f} {currency}"


def slugify(text):
    """Lower case, runs of anything but letters and digits as one dash, no dash at either end."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def add_vat(amount, rate):
    """The amount with `rate` per cent VAT added, rounded to cents."""
    return round(amount * (100 + rate) / 100, 2)


def initials(name):
    """The first letter of each part of the name, upper case, with dots."""
    return "".join(part[0].upper() + "." for part in name.split())


def price_tag(name, amount, currency):
    """A shelf tag: the product's slug and its price."""
    return f"{slugify(name)}: {format_price(amount, currency)}"
''', calls=["format_price({big}, 'EUR')", "add_vat({amount}, 20)", "price_tag({product!r}, {amount}, 'GBP')",
            "slugify({product!r})", "initials({name!r})"]),
    "hr": SplitModule(kind="payroll", module="common", about="assorted helpers of the HR tools",
                      first="pay", first_about="pay helpers", first_functions=["overtime_pay", "payslip_line"],
                      second="dates", second_about="date helpers", second_functions=["is_weekend", "format_day",
                                                                                   "working_days"], source='''
import datetime


def is_weekend(day):
    """True on Saturdays and Sundays."""
    return day.weekday() >= 5


def overtime_pay(hours, rate):
    """Hours over 40 paid at one and a half times the rate, rounded to cents."""
    return round(max(hours - 40, 0) * rate * 1.5, 2)


def format_day(day):
    """The day as payslips show it, e.g. 'Mon 03 Jun 2024'."""
    return day.strftime("%a %d %b %Y")


def working_days(start, end):
    """Weekdays from `start` to `end`, both included."""
    days = (end - start).days + 1
    return sum(1 for n in range(days) if not is_weekend(start + datetime.timedelta(days=n)))


def payslip_line(name, day, pay):
    """One payslip line: the day, the name, the pay with two decimals."""
    return f"{format_day(day)}  {name}  {pay:.2f}"
''', calls=["is_weekend(datetime.date({year}, {month}, {day}))", "overtime_pay({hours}, {rate})",
            "format_day(datetime.date({year}, {month}, {day}))",
            "working_days(datetime.date({year}, {month}, 1), datetime.date({year}, {month}, 28))",
            "payslip_line({name!r}, datetime.date({year}, {month}, {day}), {amount})"]),
    "library": SplitModule(kind="loans", module="tools", about="assorted helpers of the library system",
                           first="lending", first_about="loan helpers", first_functions=["due_date", "loan_label"],
                           second="isbn", second_about="ISBN helpers", second_functions=["isbn_valid", "format_isbn"],
                           source='''
import datetime


def isbn_valid(isbn):
    """True for a 13-digit ISBN whose check digit is right (dashes ignored)."""
    digits = isbn.replace("-", "")
    if len(digits) != 13 or not digits.isdigit():
        return False
    total = sum(int(d) * (1 if n % 2 == 0 else 3) for n, d in enumerate(digits[:12]))
    return (10 - total % 10) % 10 == int(digits[12])


def due_date(start, weeks):
    """The day a loan started on `start` is due back, after `weeks` weeks."""
    return start + datetime.timedelta(weeks=weeks)


def format_isbn(isbn):
    """A 13-digit ISBN grouped as 3-1-2-6-1."""
    d = isbn.replace("-", "")
    return f"{d[:3]}-{d[3]}-{d[4:6]}-{d[6:12]}-{d[12]}"


def loan_label(title, isbn, due):
    """The label stuck in a lent book."""
    return f"{title} ({format_isbn(isbn)}) due {due.isoformat()}"
''', calls=["isbn_valid({isbn!r})", "isbn_valid({bad_isbn!r})", "due_date(datetime.date({year}, {month}, {day}), 3)",
            "format_isbn({isbn!r})", "loan_label({title!r}, {isbn!r}, datetime.date({year}, {month}, {day}))"]),
}


def _isbn(rng: random.Random) -> str:
    digits = [9, 7, 8] + [rng.randint(0, 9) for _ in range(9)]
    total = sum(d * (1 if n % 2 == 0 else 3) for n, d in enumerate(digits))
    return "".join(map(str, digits + [(10 - total % 10) % 10]))


def add_split_module(rng: random.Random, faker: Faker, name: str) -> tuple[ProjectContent, SplitModule]:
    """A catalogue package (of the module's related kind) with the grab-bag module and its tests as the target."""
    spec = SPLIT_MODULES[name]
    project, company = base_package(rng, faker, spec.kind)
    isbn = _isbn(rng)
    values = {"big": round(rng.uniform(1000, 90000), 2), "amount": round(rng.uniform(5, 400), 2),
              "product": rng.choice(["Oak Desk 120cm", "Lamp (brass)", "Kids' Chair", "USB-C Hub, 7 ports"]),
              "name": faker.name(), "year": 2024, "month": rng.randint(1, 12), "day": rng.randint(1, 28),
              "hours": rng.choice([38, 42, 45.5, 50]), "rate": rng.choice([14.5, 18.25, 22.0]), "isbn": isbn,
              "bad_isbn": isbn[:12] + str((int(isbn[12]) + 1) % 10), "title": faker.sentence(nb_words=3).rstrip(".")}
    tests, functions = call_tests(project.package, spec.module, spec.source, [c.format(**values) for c in spec.calls])
    tests = ("import datetime\n\n" if "datetime." in tests else "") + tests
    return with_module(project, spec.module, module_text(spec.about, company, spec.source), tests, spec.about,
                       functions), spec
