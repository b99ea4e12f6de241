"""The data preparer: seeded CSV record files and nested JSON exports and configs.

CSV files reuse the spreadsheet preparer's tables (one realistic generator per kind, not two);
JSON documents are nested the way real exports are: a header object, a list of records, each
with nested objects and lists.

    table = make_table(ctx.rng, ctx.faker, kind="sales")
    data = write_csv(table)
    export = make_orders_export(ctx.rng, ctx.faker)       # JsonContent(value=..., file_name=...)
"""

from __future__ import annotations

import datetime as dt
import json
import random

from faker import Faker
from pydantic import BaseModel, ConfigDict, JsonValue

from forge.views import Table as ViewTable
from preparers._corpora import corpus
from preparers.filetypes.csv import write_csv as write_table_csv
from preparers.spec import register_preparer
from preparers.spreadsheet import Table, make_table

__all__ = ["FILTERABLE", "GROUP_KEYS", "JsonContent", "Table", "dump_json", "make_app_config", "make_contacts", "make_customer_orders",
           "make_orders_export", "make_records", "make_table", "write_csv"]

# Columns a table kind is naturally summarised by (a category with repeats), per kind.
GROUP_KEYS: dict[str, list[str]] = {"sales": ["Region", "Product"], "employees": ["Department"],
                                    "inventory": ["Warehouse"], "budget": ["Project", "Quarter"]}


_MOST_ROWS = {"inventory": 50}  # distinct items the inventory generator can name


# Kinds with two category columns: group by one, keep only the rows of one value of the other.
FILTERABLE: dict[str, list[str]] = {"sales": ["Region", "Product"], "budget": ["Project", "Quarter"]}


def make_records(rng: random.Random, faker: Faker, rows: int, *, kinds: dict[str, list[str]] | None = None) -> Table:
    """A table of a drawn kind (among `kinds`' keys, default all) with about `rows` rows (fewer where the
    kind cannot make that many)."""
    kind = rng.choice(sorted(kinds or GROUP_KEYS))
    return make_table(rng, faker, kind=kind, rows=min(rows, _MOST_ROWS.get(kind, rows)))


def write_csv(table: Table) -> bytes:
    """The table as UTF-8 CSV with a header row, through the csv handler's writer (one writer, not two)."""
    return write_table_csv(ViewTable.of(table.kind, [table.headers, *table.rows]))


class JsonContent(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: str
    file_name: str
    value: JsonValue

    @property
    def data(self) -> bytes:
        return dump_json(self.value)


def dump_json(value: JsonValue) -> bytes:
    return (json.dumps(value, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def make_orders_export(rng: random.Random, faker: Faker, *, count: int | None = None) -> JsonContent:
    """A shop's order export: `{"export": {...}, "orders": [{id, date, customer{...}, items[...], status}]}`."""
    services = corpus("products")["services"]
    day = dt.date(rng.choice([2024, 2025]), rng.randint(1, 12), 1)
    orders, number = [], rng.randrange(1000, 5000)
    for _ in range(count or rng.randint(6, 14)):
        number += rng.randint(1, 9)
        items = [{"sku": f"SKU-{rng.randrange(1000, 9999)}", "name": name, "quantity": rng.randint(1, 6),
                  "unit_price": price} for name, price in rng.sample(services, rng.randint(1, 4))]
        orders.append({
            "id": f"ORD-{day:%Y%m}-{number}",
            "date": (day + dt.timedelta(days=rng.randrange(28))).isoformat(),
            "customer": {"name": faker.name(), "email": faker.email(), "country": faker.country_code()},
            "items": items,
            "status": rng.choice(["paid", "paid", "shipped", "shipped", "refunded", "pending"]),
        })
    orders.sort(key=lambda o: (o["date"], o["id"]))
    value = {"export": {"source": faker.domain_name(), "month": f"{day:%Y-%m}", "currency": "USD",
                        "count": len(orders)}, "orders": orders}
    return JsonContent(kind="orders", file_name=f"orders_{day:%Y_%m}.json", value=value)


def make_app_config(rng: random.Random, faker: Faker) -> JsonContent:
    """A service's nested JSON config: sections of settings, feature flags and a list of endpoints."""
    sections = corpus("logs")["config_sections"]
    service = rng.choice(corpus("logs")["services"])
    value: dict[str, JsonValue] = {"service": service, "version": f"{rng.randint(1, 4)}.{rng.randint(0, 12)}.0"}
    for section in rng.sample(sorted(sections), 3):
        value[section] = {key: rng.choice(values) for key, values in sections[section].items()}
    value["features"] = {flag: rng.random() < 0.5 for flag in
                         rng.sample(["dark_mode", "beta_reports", "audit_log", "bulk_export", "sso_login"], 3)}
    value["endpoints"] = [{"name": n, "path": f"/api/v1/{n}", "rate_limit": rng.choice([60, 120, 600])}
                          for n in rng.sample(["orders", "customers", "invoices", "reports", "health"], 3)]
    return JsonContent(kind="config", file_name=f"{service}.json", value=value)


def make_contacts(rng: random.Random, faker: Faker, *, messy: bool = False) -> Table:
    """A CRM contact export (id, name, email, city, plan, signed up) with re-imported duplicates: the
    same contact again later, the same row exported twice, and (`messy`) an email retyped in another
    case or with stray spaces."""
    people = []
    for number in rng.sample(range(1000, 9999), rng.randint(24, 60)):
        first, last = faker.first_name(), faker.last_name()
        name = f"{first} {last}"
        email = "".join(c for c in f"{first}.{last}".lower() if c.isalnum() or c == ".") + f"@{faker.free_email_domain()}"
        signed = dt.date(2024, 1, 1) + dt.timedelta(days=rng.randrange(600))
        people.append([f"C{number}", name, email, faker.city(), rng.choice(["Free", "Pro", "Team"]), signed])
    rows = [list(p) for p in people]
    for person in rng.sample(people, max(3, len(people) // 6)):
        again = list(person)
        again[0] = f"C{rng.randrange(10000, 19999)}"  # re-imported under a new id, with a later signup
        again[4] = rng.choice(["Free", "Pro", "Team"])
        again[5] = person[5] + dt.timedelta(days=rng.randrange(10, 90))
        if messy:
            again[2] = rng.choice([again[2].upper(), f" {again[2]}", again[2].capitalize()])
        rows.insert(rng.randrange(rows.index(person) + 1, len(rows) + 1), again)
    for person in rng.sample(people, 2):
        rows.insert(rng.randrange(rows.index(person) + 1, len(rows) + 1), list(person))
    return Table(kind="contacts", title="Contacts", headers=["Contact ID", "Name", "Email", "City", "Plan", "Signed Up"],
                 rows=rows, subject="contacts", file_stems=["contacts", "crm_export", "newsletter_contacts"])


def make_customer_orders(rng: random.Random, faker: Faker) -> tuple[Table, Table]:
    """Orders and the customer list they refer to; a few orders name customers the list lacks
    (deleted or not yet synced), as real exports do."""
    customers = [[f"CU-{n}", faker.company(), faker.country(), rng.choice(["Retail", "Wholesale", "Online"])]
                 for n in rng.sample(range(100, 999), rng.randint(8, 15))]
    known = [c[0] for c in customers]
    ghosts = [f"CU-{n}" for n in rng.sample(range(1000, 1999), 2)]
    day, orders = dt.date(rng.choice([2024, 2025]), rng.randint(1, 12), 1), []
    for number in sorted(rng.sample(range(20000, 29999), rng.randint(25, 60))):
        customer = rng.choice(ghosts) if rng.random() < 0.08 else rng.choice(known)
        orders.append([f"SO-{number}", day + dt.timedelta(days=rng.randrange(60)), customer,
                       round(rng.lognormvariate(5, 0.8), 2)])
    orders.sort(key=lambda o: (o[1], o[0]))
    if not any(o[2] in ghosts for o in orders):
        orders[rng.randrange(len(orders))][2] = ghosts[0]
    rng.shuffle(customers)
    return (Table(kind="orders", title="Orders", headers=["Order ID", "Date", "Customer ID", "Amount"], rows=orders,
                  numeric=["Amount"], subject="orders"),
            Table(kind="customers", title="Customers", headers=["Customer ID", "Company", "Country", "Segment"],
                  rows=customers, subject="customers"))


@register_preparer("data")
class DataPreparer:
    """Seeded CSV record files and nested JSON; workflows import this module's functions."""

    version = "1"
    file_types = ["csv", "json"]
