"""A text-building module for a catalogue package, written before f-strings: two functions each with
%-formatting, str.format() and `+` concatenation (format specs, padding, thousands separators,
str() around numbers), and tests that pin every line. What the f-string tasks are made of.

    project, spec = add_format_module(rng, faker, "receipts")
"""

from __future__ import annotations

import random

from faker import Faker
from pydantic import BaseModel

from preparers.code import ProjectContent
from workflows.code._added_module import base_package, with_module
from workflows.code._call_tests import call_tests, module_text


class FormatModule(BaseModel):
    kind: str
    module: str
    about: str
    source: str
    calls: list[str]


FORMAT_MODULES = {
    "receipts": FormatModule(kind="shipping", module="receipts", about="the lines printed on till receipts", source='''
def item_line(name, quantity, price):
    """One bought item with its line total."""
    return "%d x %s @ %.2f = %.2f" % (quantity, name, price, quantity * price)


def change_line(paid, total):
    return "Change: %.2f" % (paid - total)


def total_line(total, currency):
    return "Total: {:.2f} {}".format(total, currency)


def vat_line(rate, amount):
    """The VAT included at `rate` per cent."""
    return "VAT {0}%: {1:.2f}".format(rate, amount * rate / (100 + rate))


def header(shop, till):
    return "Receipt from " + shop + " (till " + str(till) + ")"


def thanks(name):
    return "Thank you, " + name + "!"
''', calls=["item_line({word!r}, {small}, {price})", "change_line({big}, {price})", "total_line({price}, 'EUR')",
            "vat_line(20, {big})", "header({city!r}, {small})", "thanks({first!r})"]),
    "labels": FormatModule(kind="shipping", module="labels", about="parcel labels", source='''
def address_label(name, street, city):
    """Three lines, as the printer wants them."""
    return "%s\\n%s\\n%s" % (name, street, city.upper())


def weight_label(kg):
    return "%.1f kg" % kg


def tracking(code, carrier):
    return "{}-{}".format(carrier.upper(), code)


def eta(days):
    return "Arrives in {} day{}".format(days, "" if days == 1 else "s")


def barcode(code):
    """Code 39 wants the code between asterisks."""
    return "*" + code + "*"


def route(start, end):
    return start + " -> " + end
''', calls=["address_label({name!r}, {street!r}, {city!r})", "weight_label({price})", "tracking({code!r}, 'dhl')",
            "eta({small})", "eta(1)", "barcode({code!r})", "route({city!r}, {other_city!r})"]),
    "payslips": FormatModule(kind="payroll", module="payslips", about="the lines of a payslip", source='''
def pay_line(name, hours, rate):
    """Name padded to 12, hours to one decimal, the pay to two, right-aligned."""
    return "%-12s %5.1f h %9.2f" % (name, hours, hours * rate)


def overtime_note(hours):
    return "%d hours over 40" % (hours - 40)


def period(start, end):
    return "Period {} to {}".format(start, end)


def total(amount):
    return "Total paid: {:,.2f}".format(amount)


def signature(manager):
    return "Approved by " + manager


def file_name(year, month):
    return "payroll-" + str(year) + "-" + str(month).zfill(2) + ".csv"
''', calls=["pay_line({first!r}, {hours}, {rate})", "overtime_note({over})", "period({day1!r}, {day2!r})",
            "total({big_amount})", "signature({name!r})", "file_name(2024, {small})"]),
    "notices": FormatModule(kind="loans", module="notices", about="notices sent to library members", source='''
def reminder(name, title, days):
    return "Dear %s, '%s' is %d days overdue." % (name, title, days)


def fee(amount):
    return "Fee due: %6.2f" % amount


def pickup(title, shelf):
    return "'{}' is waiting on shelf {}".format(title, shelf)


def renewals(left):
    return "{} renewal{} left".format(left, "" if left == 1 else "s")


def card(number):
    """The card named by its last four digits only."""
    return "card ending " + number[-4:]


def subject(kind):
    return "[Library] " + kind.capitalize()
''', calls=["reminder({first!r}, {title!r}, {small})", "fee({price})", "pickup({title!r}, {shelf!r})",
            "renewals({small})", "renewals(1)", "card({card!r})", "subject('overdue book')"]),
}


def _values(rng: random.Random, faker: Faker) -> dict[str, object]:
    return {"word": rng.choice(["Coffee", "Bagel", "Tea", "Muffin"]), "small": rng.randint(2, 9),
            "price": round(rng.uniform(1, 60), 2), "big": round(rng.uniform(60, 400), 2),
            "city": faker.city(), "other_city": faker.city(), "first": faker.first_name(),
            "name": faker.name(), "street": faker.street_address(), "code": str(rng.randint(10**9, 10**10 - 1)),
            "hours": round(rng.uniform(20, 48) * 2) / 2, "rate": rng.choice([14.5, 18.25, 22.0, 31.4]),
            "over": rng.randint(41, 55), "day1": "2024-05-01", "day2": "2024-05-31",
            "big_amount": round(rng.uniform(1000, 90000), 2), "title": faker.sentence(nb_words=3).rstrip("."),
            "shelf": f"{rng.choice('ABCDE')}{rng.randint(1, 20)}", "card": str(rng.randint(10**11, 10**12 - 1))}


def add_format_module(rng: random.Random, faker: Faker, name: str) -> tuple[ProjectContent, FormatModule]:
    """A catalogue package (of the module's related kind) with the text module and its tests as the target."""
    spec = FORMAT_MODULES[name]
    project, company = base_package(rng, faker, spec.kind)
    values = _values(rng, faker)
    tests, names = call_tests(project.package, spec.module, spec.source, [c.format(**values) for c in spec.calls])
    source = module_text(f"text for {spec.about}", company, spec.source)
    return with_module(project, spec.module, source, tests, spec.about, names), spec
