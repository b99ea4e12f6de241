"""JSON records of the kinds the data workflows export and re-shape: a CRM's customers and a
catalogue's products, flat, realistic and seeded (Faker and the seeded rng)."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from faker import Faker

from workflows.data.csv_reconcile import PRODUCTS


def record(rng: random.Random, faker: Faker, kind: str, n: int) -> dict[str, Any]:
    """A customer (a CRM's flat record) or a product (a catalogue's), with the id number `n`."""
    if kind == "customers":
        first, last = faker.first_name(), faker.last_name()
        return {"id": f"C-{n}", "first_name": first, "last_name": last,
                "email": f"{first}.{last}@{faker.free_email_domain()}".lower(), "phone": faker.phone_number(),
                "street": faker.street_address(), "city": faker.city(), "postcode": faker.postcode(),
                "country": rng.choice(["GB", "IE", "DE", "FR", "NL"]),
                "credit_limit": float(rng.choice([500, 1000, 2500, 5000])), "vip": rng.random() < 0.3,
                "created": (dt.date(2021, 1, 4) + dt.timedelta(days=rng.randrange(1400))).isoformat()}
    return {"sku": f"SKU-{n}", "name": rng.choice(PRODUCTS),
            "category": rng.choice(["Tools", "Garden", "Office", "Kitchen", "Lighting"]),
            "price": round(rng.uniform(2, 400), 2), "stock": rng.randint(0, 500),
            "weight_kg": round(rng.uniform(0.1, 25), 2), "width_cm": rng.randint(5, 120),
            "height_cm": rng.randint(2, 90), "depth_cm": rng.randint(2, 60), "active": rng.random() < 0.8,
            "supplier": faker.company()}
