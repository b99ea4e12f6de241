"""Boundary cases of the shop's account check (workflows/web/account_check.py): an address added but
not made the default, the LAST newsletter left on, a duplicate clean-up that keeps either twin of a
group (both pass) but not the default's twin nor both twins nor none, a card one field off, a
password that is not the new one, and a change outside the account."""

from __future__ import annotations

import copy
from typing import Any

from sites.shop import server
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.shop import SHOP
from tests.unit.boundary_cases.shop import case as shop_case
from tests.unit.boundary_cases.shop_order import applied, edited

TEXTS = ["1 Elm St, Leeds", "9 Oak Lane, York", "1 ELM ST, LEEDS", "9 Oak Lane York", "4 Pine Rd, Hull"]
BASE: dict[str, Any] = {**copy.deepcopy(SHOP), "account": {
    "name": "Ann Lee", "address": TEXTS[0], "addresses": [{"id": f"a{i + 1}", "text": t} for i, t in enumerate(TEXTS)],
    "card": {"brand": "Visa", "last4": "1111", "expires": "01/27"},
    "password_sha256": server.password_hash("oldpass99"),
    "newsletters": {"Club news": True, "Deals": True, "Tips": False, "Weekly": True}}}
CARD = {"card_number": "5555555555554444", "card_expiry": "03/29", "card_name": "Ann Lee"}


def changed(handler: Any, **form: str) -> dict[str, Any]:
    return applied(BASE, handler, **form)


def kept(*ids: str) -> dict[str, Any]:
    return edited(BASE, lambda s: s["account"].update(
        addresses=[a for a in s["account"]["addresses"] if a["id"] in ids]))


def case(label: str, output: dict[str, Any], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return shop_case(label, output, options, passes, says, original=BASE)


NEW = {"change": "default_address", "address": "7 Ash Row, Bath"}
NEWS = {"change": "newsletter", "keep": "Deals"}
CLEAN = {"change": "address_cleanup"}
PASSWORD = {"change": "password", "current": "oldpass99", "password": "newpass123"}

CASES = {"shop.account": [
    case("the new address added as the default", changed(server.add_address, text="7 Ash Row, Bath", default="yes"),
         NEW, True),
    case("added but not the default", changed(server.add_address, text="7 Ash Row, Bath"), NEW, False, "address"),
    case("made the default but not saved", edited(BASE, lambda s: s["account"].update(address="7 Ash Row, Bath")), NEW,
         False, "addresses"),
    case("the new card saved", changed(server.replace_card, **CARD), {"change": "card", **CARD}, True),
    case("the card's expiry a month off", changed(server.replace_card, **{**CARD, "card_expiry": "04/29"}),
         {"change": "card", **CARD}, False, "card"),
    case("only Deals left on", changed(server.save_newsletters, **{"news-1": "on"}), NEWS, True),
    case("the last newsletter left on", changed(server.save_newsletters, **{"news-1": "on", "news-3": "on"}), NEWS,
         False, "newsletters"),
    case("Deals turned off too", changed(server.save_newsletters), NEWS, False, "newsletters"),
    case("the twins of the default and of Oak Lane deleted", kept("a1", "a2", "a5"), CLEAN, True),
    case("the other Oak Lane kept instead", kept("a1", "a4", "a5"), CLEAN, True),
    case("the default's twin kept, the default deleted", kept("a2", "a3", "a5"), CLEAN, False, "addresses"),
    case("the last twin left", kept("a1", "a2", "a4", "a5"), CLEAN, False, "addresses"),
    case("both Oak Lanes deleted", kept("a1", "a5"), CLEAN, False, "addresses"),
    case("nothing deleted", BASE, CLEAN, False, "addresses"),
    case("the password changed", changed(server.change_password, current="oldpass99", new="newpass123",
                                         confirm="newpass123"), PASSWORD, True),
    case("changed to another password", changed(server.change_password, current="oldpass99", new="newpass12",
                                                 confirm="newpass12"), PASSWORD, False, "password_sha256"),
    case("the password right but the cart emptied",
         edited(changed(server.change_password, current="oldpass99", new="newpass123", confirm="newpass123"),
                lambda s: s.update(cart=[])), PASSWORD, False, "cart"),
]}
