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

from preparers._corpora import corpus
from preparers.spec import register_preparer
from forge.views import Table as ViewTable
from preparers.filetypes.csv import write_csv as write_table_csv
from preparers.spreadsheet import Table, make_table

__all__ = ["JsonContent", "Table", "dump_json", "make_app_config", "make_orders_export", "make_table", "write_csv"]


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


def make_orders_export(rng: random.Random, faker: Faker) -> JsonContent:
    """A shop's order export: `{"export": {...}, "orders": [{id, date, customer{...}, items[...], status}]}`."""
    services = corpus("products")["services"]
    day = dt.date(rng.choice([2024, 2025]), rng.randint(1, 12), 1)
    orders, number = [], rng.randrange(1000, 5000)
    for _ in range(rng.randint(6, 14)):
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


@register_preparer("data")
class DataPreparer:
    """Seeded CSV record files and nested JSON; workflows import this module's functions."""

    version = "1"
    file_types = ["csv", "json"]
