"""The shop's order-history check: the order the request points at (the most recent, or the one of a
given month holding a given product) is cancelled, returned from, bought again or reported, and the
shop's data is what the site makes of the ORIGINAL state when that form is posted on that order.

The check picks the order itself from the original history (a request names a month and a product,
never an order number) and replays the site's own form handler, so the stock put back, the return's
record and the cart refilled are the shop's rules. A missing-item report's wording is the user's:
any non-empty description passes, everything else of the ticket is compared.
"""

from __future__ import annotations

import copy
import datetime as dt
from typing import Any, Literal

from pydantic import Field

from forge.checks.json import same_json
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import JsonView
from sites.shop import server

Action = Literal["cancel", "return", "reorder", "report_missing"]
HANDLERS = {"cancel": server.cancel_order, "return": server.request_return, "reorder": server.reorder,
            "report_missing": server.report_missing}


class ShopOrderAction(CheckOptions):
    file: OutputPath
    input_file: InputPath
    which: Literal["latest", "searched"] = Field(description="latest: the newest order by date; searched: the one "
                                                             "placed in `month` with a line named `product`.")
    product: str | None = Field(default=None, description="searched: a product the order holds.")
    month: str | None = Field(default=None, description="searched: the month of the order's date, as 'October 2025'.")
    action: Action
    item: str | None = Field(default=None, description="return, report_missing: the product name of the line.")
    reason: Literal["damaged", "wrong_item", "not_needed", "not_as_described"] | None = None
    refund: Literal["original", "credit"] | None = None


def target_order(state: dict[str, Any], opts: ShopOrderAction) -> dict[str, Any]:
    """The one order the request points at, in the original history."""
    if opts.which == "latest":
        return max(state["orders"], key=lambda o: (o["date"], int(o["id"])))
    try:
        month = dt.datetime.strptime(opts.month or "", "%B %Y").strftime("%Y-%m")
    except ValueError:
        raise CheckError(f"shop.order_action: month {opts.month!r} is not a month like 'October 2025'") from None
    found = [o for o in state["orders"] if o["date"].startswith(month)
             and any(x["name"] == opts.product for x in o["lines"])]
    if len(found) != 1:
        raise CheckError(f"shop.order_action: {len(found)} orders of {opts.month} hold {opts.product!r}, not one")
    return found[0]


def expected_state(original: dict[str, Any], opts: ShopOrderAction, details: str) -> dict[str, Any]:
    state = copy.deepcopy(original)
    order = target_order(state, opts)
    line = next((x for x in order["lines"] if x["name"] == opts.item), None)
    form = {"order": order["id"], "product": line["product"] if line else "", "qty": "1", "reason": opts.reason or "",
            "refund": opts.refund or "", "details": details}
    message, _ = HANDLERS[opts.action](state, form)
    if message.startswith("!"):
        raise CheckError(f"shop.order_action: the site refuses the {opts.action} the options describe: {message[1:]}")
    return state


def _details(got: dict[str, Any], original: dict[str, Any]) -> str:
    """The user's own words of a new support ticket (any non-empty text counts), or a stand-in when there is none."""
    tickets = got.get("support")
    if isinstance(tickets, list) and len(tickets) == len(original.get("support", [])) + 1 and \
            isinstance(tickets[-1], dict) and isinstance(tickets[-1].get("details"), str):
        return " ".join(tickets[-1]["details"].split()) or "(no description)"
    return "(no description)"


@register_check("shop.order_action", ShopOrderAction, view="json")
def shop_order_action(state: FinalState, opts: ShopOrderAction) -> Verdict:
    """The request's order changed as the site changes it for that action, and nothing else in the shop."""
    original = input_view(state, opts.input_file, JsonView).value
    got = output_view(state, opts.file, JsonView).value
    if not isinstance(got, dict):
        return Verdict.of(False, f"{opts.file} is not the shop's data (a JSON object)")
    expected = expected_state(original, opts, _details(got, original))
    order = target_order(expected, opts)["id"]
    for key in sorted(set(got) | set(expected)):
        if not same_json(got.get(key), expected.get(key)):
            where = f" (order {order} is the one the request means)" if key == "orders" else ""
            return Verdict.of(False, f"{key} in {opts.file} is not what the {opts.action} makes of it{where}")
    return Verdict.of(True, f"order {order}: {opts.action} done as the site does it; the rest of the shop unchanged")
