"""The shop's order check: the order a checkout request asks for is placed, and the shop's data is
exactly what the site itself makes of the task's original state when that checkout form is posted.

The expected state comes from replaying the form the request implies (delivery, nearest pickup
store, address, payment, gift wrap and message) through the site's own `place_order` on the
ORIGINAL state, so the order's total, the stock taken, the gift card's new balance and the emptied
cart are the shop's rules, not a second copy of them. The nearest store is the check's own pick.
"""

from __future__ import annotations

import copy
from typing import Any, Literal

from pydantic import Field

from forge.checks.json import same_json
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import JsonView
from sites.shop import server


class ShopOrder(CheckOptions):
    file: OutputPath
    input_file: InputPath
    delivery: Literal["standard", "express", "pickup"] = Field(description="pickup: at the store nearest the customer.")
    address: str | None = Field(default=None, description="A new delivery address; None: the account's saved one.")
    payment: Literal["card", "new_card", "invoice", "gift_card"] = Field(
        description="card: the saved card; gift_card: the gift card first, the rest by the saved card.")
    card_number: str | None = None
    card_expiry: str | None = None
    card_name: str | None = None
    gift_card: str | None = Field(default=None, description="gift_card: the gift card's code.")
    gift_message: str | None = Field(default=None, description="Gift-wrapped with this message; None: no gift wrap.")


def expected_state(original: dict[str, Any], opts: ShopOrder) -> dict[str, Any]:
    """The shop's data after the checkout the options describe, by the site's own rules."""
    state = copy.deepcopy(original)
    form = {"name": state["account"]["name"], "address": opts.address or state["account"]["address"],
            "delivery": opts.delivery, "payment": opts.payment, "card_number": opts.card_number or "",
            "card_expiry": opts.card_expiry or "", "card_name": opts.card_name or "", "gift_code": opts.gift_card or "",
            "gift_wrap": "yes" if opts.gift_message is not None else "", "gift_message": opts.gift_message or ""}
    if opts.delivery == "pickup":
        if not state.get("stores"):
            raise CheckError("shop.order: pickup asked, but the shop has no stores")
        form["store"] = min(state["stores"], key=lambda s: s["distance_km"])["id"]
    message, _ = server.place_order(state, form)
    if message.startswith("!"):
        raise CheckError(f"shop.order: the site refuses the checkout the options describe: {message[1:]}")
    return state


@register_check("shop.order", ShopOrder, view="json")
def shop_order(state: FinalState, opts: ShopOrder) -> Verdict:
    """One new order as the request asks (each of its fields compared, so the message names the wrong one), and
    every other value of the shop's data as the site leaves it after that order."""
    expected = expected_state(input_view(state, opts.input_file, JsonView).value, opts)
    got = output_view(state, opts.file, JsonView).value
    if not isinstance(got, dict) or not isinstance(got.get("orders"), list):
        return Verdict.of(False, f"{opts.file} is not the shop's data (a JSON object with orders)")
    if len(got["orders"]) != len(expected["orders"]):
        return Verdict.of(False, f"{opts.file} holds {len(got['orders'])} orders, expected {len(expected['orders'])}"
                                 " (one new order)")
    want, have = expected["orders"][-1], got["orders"][-1]
    if not isinstance(have, dict):
        return Verdict.of(False, f"the new order in {opts.file} is not an object")
    for key in sorted(set(want) | set(have)):
        if not same_json(want.get(key), have.get(key)):
            return Verdict.of(False, f"the new order's {key} is {have.get(key)!r}, expected {want.get(key)!r}")
    changed = sorted(k for k in set(got) | set(expected) if not same_json(got.get(k), expected.get(k)))
    if changed:
        return Verdict.of(False, f"{opts.file} differs from the shop after this order in: {', '.join(changed)}")
    return Verdict.of(True, f"order {want['id']} placed as asked; the rest of the shop is as the site leaves it")
