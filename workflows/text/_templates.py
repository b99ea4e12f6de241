"""Text templates a business fills from its data (a welcome email, a payment reminder, a shipping
notice) and the JSON records they are filled from: nested objects (customer, invoice, address) or
the same fields flattened to `customer_name`; some records lack an optional field."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from faker import Faker

TEMPLATES = {
    "welcome_email": ("txt", """Subject: Welcome to @company.name@, @customer.first_name@!

Hi @customer.first_name@,

Thanks for signing up for the @plan.name@ plan. Your account @customer.account_id@ is ready, and the
first invoice of @plan.price@ goes to @customer.email@ on @plan.first_invoice@.

Your account manager is @manager.name@ (@manager.email@, phone @manager.phone@).

Best regards,
The @company.name@ team
""", ["plan.first_invoice", "manager.phone"]),
    "payment_reminder": ("md", """# Payment reminder

Dear @customer.name@,

Our records show that invoice **@invoice.number@** for @invoice.amount@, due on @invoice.due_date@,
is still open. Please pay to IBAN @company.iban@ quoting @invoice.number@ and your customer number
@customer.number@.

If you have already paid, please ignore this message. Questions? Call @contact.name@ on @contact.phone@.

Kind regards,
@contact.name@
@company.name@
""", ["customer.number", "contact.phone"]),
    "shipping_notice": ("txt", """Order @order.id@ has shipped

Hello @customer.name@,

Your @order.items@ item(s) left our warehouse on @shipment.date@ with @shipment.carrier@.
Tracking number: @shipment.tracking@

Delivery address:
@address.street@
@address.postcode@ @address.city@
@address.country@

Delivery note: @order.note@
""", ["order.note", "shipment.tracking"]),
}


def _record(rng: random.Random, faker: Faker, kind: str) -> dict[str, Any]:
    company = {"name": faker.company(), "iban": faker.iban()}
    day = dt.date(2025, rng.randint(1, 11), rng.randint(1, 28))
    money = f"EUR {rng.randint(40, 4000):,}.{rng.randint(0, 99):02d}"
    if kind == "welcome_email":
        first = faker.first_name()
        return {"company": company, "customer": {"first_name": first, "account_id": f"AC-{rng.randint(10000, 99999)}",
                                                 "email": f"{first.lower()}@{faker.free_email_domain()}"},
                "plan": {"name": rng.choice(["Starter", "Team", "Business"]), "price": money,
                         "first_invoice": (day + dt.timedelta(days=14)).isoformat()},
                "manager": {"name": faker.name(), "email": faker.company_email(), "phone": faker.phone_number()}}
    if kind == "payment_reminder":
        return {"company": company, "customer": {"name": faker.name(), "number": f"K{rng.randint(1000, 9999)}"},
                "invoice": {"number": f"INV-{day:%Y}-{rng.randint(100, 999)}", "amount": money,
                            "due_date": day.isoformat()},
                "contact": {"name": faker.name(), "phone": faker.phone_number()}}
    return {"order": {"id": f"SO-{rng.randint(20000, 29999)}", "items": rng.randint(1, 9),
                      "note": rng.choice(["Leave at the back door", "Call before delivery", "Ring twice"])},
            "customer": {"name": faker.name()},
            "shipment": {"date": day.isoformat(), "carrier": rng.choice(["DHL", "UPS", "DPD", "GLS"]),
                         "tracking": f"{rng.choice(['JD', '1Z', 'CX'])}{rng.randint(10**9, 10**10)}"},
            "address": {"street": faker.street_address(), "postcode": faker.postcode(), "city": faker.city(),
                        "country": faker.country()}}


def _flat(record: dict[str, Any]) -> dict[str, Any]:
    return {f"{group}_{key}": value for group, fields in record.items() for key, value in fields.items()}


def _drop(record: dict[str, Any], path: str) -> None:
    group, key = path.split(".")
    del record[group][key]


def make_template(kind: str, style: str, nested: bool) -> str:
    """The template with its placeholders written in `style`, dotted or flattened with `_`."""
    text = TEMPLATES[kind][1]
    parts = text.split("@")
    for i in range(1, len(parts), 2):
        name = parts[i] if nested else parts[i].replace(".", "_")
        parts[i] = f"${{{name}}}" if style == "dollar" else f"{{{name}}}"
    return "".join(parts)


def make_records(rng: random.Random, faker: Faker, kind: str, count: int, nested: bool) -> list[dict[str, Any]]:
    """`count` records; at least one lacks one of the template's optional fields."""
    records = [_record(rng, faker, kind) for _ in range(count)]
    optional = TEMPLATES[kind][2]
    for n, record in enumerate(records):
        for path in optional:
            if n == 0 and path == optional[0] or rng.random() < 0.25:
                _drop(record, path)
    rng.shuffle(records)
    return records if nested else [_flat(r) for r in records]
