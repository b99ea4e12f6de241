"""Seeded, realistic records for the example_plugin app, written as csv through Forge's csv handler."""

from __future__ import annotations

import random

from faker import Faker

from forge.filetypes import FILE_TYPES
from forge.views import Table, TableView
from preparers.filetypes import csv as _csv  # noqa: F401  (the csv handler this app writes with)
from preparers.spec import register_preparer

ITEMS = ["Desk lamp", "Notebook", "Stapler", "Monitor arm", "Headset", "Webcam", "Keyboard", "Whiteboard",
         "Cable tray", "Chair mat", "Label printer", "Paper shredder"]
HEADER = ["Item", "Owner", "Quantity", "Unit Price", "Weight (kg)"]
NUMERIC = HEADER[2:]


def make_records(rng: random.Random, faker: Faker, rows: int) -> Table:
    """`rows` distinct items, each with a real-looking owner, a quantity, a price and a weight."""
    names = rng.sample(ITEMS, rows)
    body = [[n, faker.name(), rng.randint(1, 60), round(rng.uniform(4, 400), 2), round(rng.uniform(0.2, 25), 1)]
            for n in names]
    return Table.of("records", [HEADER, *body])


def write_records(table: Table) -> bytes:
    data = FILE_TYPES.get("csv").create(TableView(source="records.csv", tables=[table]))
    assert data is not None  # the csv handler writes any one-table view
    return data


@register_preparer("example_plugin")
class ExamplePluginPreparer:
    version = "1"
    file_types = ["csv"]
