"""Boundary cases of the shop's order check (workflows/web/order_check.py): the nearest store by a
twentieth of a kilometre, a gift message one character off, the gift card's balance left unspent,
the stock of the LAST cart line not taken, a total a cent out, no order or one order too many, and
any change outside what the checkout does."""

from __future__ import annotations

import copy
from typing import Any

from sites.shop import server
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.shop import SHOP, lines
from tests.unit.boundary_cases.shop import case as shop_case

BASE: dict[str, Any] = {
    **copy.deepcopy(SHOP), "orders": [], "cart": lines(("p01", 2), ("p02", 1), ("p04", 1)),
    "account": {"name": "Ann Lee", "address": "1 Elm St",
                "card": {"brand": "Visa", "last4": "1111", "expires": "01/30"}},
    "delivery_rates": {"standard": 4.95, "express": 12.95, "pickup": 0.0}, "gift_wrap_fee": 3.5,
    "stores": [{"id": "s1", "name": "Test Centre", "address": "2 Mill Rd", "distance_km": 5.0},
               {"id": "s2", "name": "Test North", "address": "3 Hill Rd", "distance_km": 4.9},
               {"id": "s3", "name": "Test Station", "address": "4 Rail Rd", "distance_km": 4.95}],
    "gift_cards": [{"code": "GC-AAAA-1111", "balance": 20.0}, {"code": "GC-BBBB-2222", "balance": 30.0}],
}
CARD = "4111111111111111"
MESSAGE = "Happy birthday, Bo! Love, Ann"


def placed(**form: str) -> dict[str, Any]:
    """BASE after the site's checkout with `form` (the saved name and address, standard, saved card by default)."""
    state = copy.deepcopy(BASE)
    message, _ = server.place_order(state, {"name": "Ann Lee", "address": "1 Elm St", "delivery": "standard",
                                            "payment": "card", **form})
    assert not message.startswith("!"), message
    return state


def applied(base: dict[str, Any], handler: Any, **form: str) -> dict[str, Any]:
    """`base` after the site's form `handler` took `form` (which it must accept)."""
    state = copy.deepcopy(base)
    message, _ = handler(state, form)
    assert not message.startswith("!"), message
    return state


def edited(state: dict[str, Any], change: Any) -> dict[str, Any]:
    state = copy.deepcopy(state)
    change(state)
    return state


def case(label: str, output: dict[str, Any], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return shop_case(label, output, options, passes, says, original=BASE)


STANDARD = {"delivery": "standard", "payment": "card"}
PICKUP = {"delivery": "pickup", "payment": "card"}
GIFT = {**STANDARD, "gift_message": MESSAGE}
SPLIT = {"delivery": "standard", "payment": "gift_card", "gift_card": "GC-AAAA-1111"}
NEW_CARD = {"delivery": "express", "payment": "new_card", "card_number": CARD, "card_expiry": "04/29",
            "card_name": "Ann Lee"}
NEW_ADDRESS = {"delivery": "standard", "address": "9 Oak Lane, Leeds", "payment": "invoice"}
GOOD = placed()

CASES = {"shop.order": [
    case("standard delivery, the saved card", GOOD, STANDARD, True),
    case("express instead of standard", placed(delivery="express"), STANDARD, False, "shipping"),
    case("no order placed", BASE, STANDARD, False, "orders"),
    case("the order placed twice", edited(GOOD, lambda s: s["orders"].append(s["orders"][-1])), STANDARD, False,
         "orders"),
    case("the order's total a cent short", edited(GOOD, lambda s: s["orders"][-1].update(total=55.44)), STANDARD,
         False, "total"),
    case("the last line's stock not taken", edited(GOOD, lambda s: s["products"][3].update(stock=9)), STANDARD,
         False, "products"),
    case("the cart left full", edited(GOOD, lambda s: s.update(cart=BASE["cart"])), STANDARD, False, "cart"),
    case("the account's name changed too", edited(GOOD, lambda s: s["account"].update(name="Ann Leigh")), STANDARD,
         False, "account"),
    case("pickup at the nearest store (4.9 km)", placed(delivery="pickup", store="s2"), PICKUP, True),
    case("pickup at the store 50 m further", placed(delivery="pickup", store="s3"), PICKUP, False, "address"),
    case("gift-wrapped with the message", placed(gift_wrap="yes", gift_message=MESSAGE), GIFT, True),
    case("the message with its spaces doubled (the site folds them)",
         placed(gift_wrap="yes", gift_message=MESSAGE.replace(" ", "  ")), GIFT, True),
    case("the message's last character missing", placed(gift_wrap="yes", gift_message=MESSAGE[:-1]), GIFT, False,
         "gift_message"),
    case("wrapped without the message", placed(gift_wrap="yes"), GIFT, False, "gift_message"),
    case("the message asked, no wrapping", GOOD, GIFT, False, "gift_message"),
    case("the gift card first, the rest on the saved card", placed(payment="gift_card", gift_code="GC-AAAA-1111"),
         SPLIT, True),
    case("the other gift card spent", placed(payment="gift_card", gift_code="GC-BBBB-2222"), SPLIT, False,
         "gift_card"),
    case("the order right but the gift card's balance kept",
         edited(placed(payment="gift_card", gift_code="GC-AAAA-1111"),
                lambda s: s["gift_cards"][0].update(balance=20.0)), SPLIT, False, "gift_cards"),
    case("all on the saved card", GOOD, SPLIT, False, "gift_card"),
    case("the new card, express", placed(delivery="express", payment="new_card", card_number=CARD,
                                         card_expiry="04/29", card_name="Ann Lee"), NEW_CARD, True),
    case("the saved card instead of the new one", placed(delivery="express"), NEW_CARD, False, "card"),
    case("the new address, by invoice", placed(address="9 Oak Lane, Leeds", payment="invoice"), NEW_ADDRESS, True),
    case("the saved address kept", placed(payment="invoice"), NEW_ADDRESS, False, "address"),
    case("by card instead of invoice", placed(address="9 Oak Lane, Leeds"), NEW_ADDRESS, False, "card"),
]}
