"""A service client module for a catalogue package: one function asks a web service through an
injected `transport(path) -> dict` (so tests pass a fake) and reads one field of the reply; no
retries yet, as first versions go. What resilience tasks (retry, backoff) are made of.

    project, client = add_client(rng, faker, "rates")    # the package with `rates.py` and its test
"""

from __future__ import annotations

import random

from faker import Faker
from pydantic import BaseModel

from preparers.code import ProjectContent
from workflows.code._added_module import base_package, with_module


class Client(BaseModel):
    kind: str
    module: str
    service: str
    function: str
    argument: str
    path: str
    field: str
    result: str
    doc: str
    examples: list[str]
    reply: str


CLIENTS = {
    "rates": Client(kind="ledger", module="rates", service="the exchange-rate service", function="fetch_rate",
                    argument="currency", path="/rates/", field="rate", result='float(reply["rate"])',
                    doc="The exchange rate of `currency` against the euro.", examples=["USD", "GBP", "CHF"],
                    reply='"1.0842"'),
    "weather": Client(kind="units", module="weather", service="the weather service", function="current_temperature",
                      argument="city", path="/now/", field="temp_c", result='round(reply["temp_c"], 1)',
                      doc="The temperature in `city` now, in degrees Celsius, rounded to 1 decimal.",
                      examples=["Lyon", "Porto", "Graz"], reply="17.26"),
    "warehouse": Client(kind="inventory", module="warehouse", service="the central warehouse's stock service",
                        function="remote_stock", argument="sku", path="/stock/", field="on_hand",
                        result='int(reply["on_hand"])', doc="Units of `sku` on hand in the central warehouse.",
                        examples=["A-100", "C-310", "F-618"], reply="42"),
}


def _source(client: Client, company: str) -> str:
    return f'''"""Client for {client.service} that {company} uses."""


def {client.function}(transport, {client.argument}):
    """{client.doc}

    `transport(path)` asks the service and returns its JSON reply as a dict.
    """
    reply = transport(f"{client.path}{{{client.argument}}}")
    return {client.result}
'''


def _tests(client: Client, package: str, value: str) -> str:
    want = eval(client.result, {"reply": {client.field: eval(client.reply)}})  # our own expression
    return f'''from {package}.{client.module} import {client.function}


def test_{client.function}():
    asked = []

    def transport(path):
        asked.append(path)
        return {{"{client.field}": {client.reply}}}

    assert {client.function}(transport, "{value}") == {want!r}
    assert asked == ["{client.path}{value}"]
'''


def add_client(rng: random.Random, faker: Faker, name: str) -> tuple[ProjectContent, Client]:
    """A catalogue package (of the client's related kind) with the client module and its test as the target."""
    client = CLIENTS[name]
    project, company = base_package(rng, faker, client.kind)
    tests = _tests(client, project.package, rng.choice(client.examples))
    return with_module(project, client.module, _source(client, company), tests, f"a client for {client.service}",
                       [client.function]), client
