"""The shop site as a program (run on 127.0.0.1 over a state file, driven by HTTP forms as a
browser posts them) and the web.shop_* families' terminal references, one per skill value, solved
in the real sandbox and judged on the state they leave."""

from __future__ import annotations

import copy
import json
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

import workflows
from forge.desktop.browser import WebApp
from forge.harness import HARNESSES, ReplayTeacher, run_episode
from forge.judge import ProgrammaticJudge
from forge.models import Skill
from forge.plugins import ensure_loaded
from forge.sandbox import SandboxLimits
from sites import SITES, Site
from sites.shop import server
from tests.conftest import require
from tests.unit.boundary_cases.shop import SHOP

STATE: dict[str, Any] = {**copy.deepcopy(SHOP), "account": {"name": "Ann Lee", "address": "1 Elm St"}, "orders": [],
                         "coupons": [*SHOP["coupons"],
                                     {"code": "OLD10", "kind": "percent", "value": 10, "min_spend": 0,
                                      "expires": "2026-04-30"},
                                     {"code": "FREE", "kind": "free_shipping", "value": 0, "min_spend": 0,
                                      "expires": "2099-01-01"}]}
for p in STATE["products"]:
    p.update(rating=4.0, reviews=3, description=f"A fine {p['name'].lower()}")


@pytest.fixture
def shop(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """The site's program serving a copy of STATE on a free loopback port."""
    path = tmp_path / "shop.json"
    path.write_text(json.dumps(STATE))
    program = SITES.get("shop").write_to(tmp_path)  # the program and its modules, as the desktop lays them out
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, str(program), str(path), str(port)], stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(url + "/cart", timeout=2)
                break
            except OSError:
                time.sleep(0.05)
        yield url, path
    finally:
        proc.terminate()
        proc.wait(10)


def post(url: str, form: dict[str, str]) -> str:
    """Post a form as the browser does (following the redirect); the page it lands on."""
    with urllib.request.urlopen(urllib.request.Request(url, data=urllib.parse.urlencode(form).encode())) as reply:
        return reply.read().decode()


def get(url: str) -> str:
    with urllib.request.urlopen(url) as reply:
        return reply.read().decode()


def test_a_refused_coupon_says_why_and_saves_nothing(shop: tuple[str, Path]) -> None:
    url, path = shop
    before = path.read_bytes()
    assert "OLD10 expired on 2026-04-30" in post(url + "/cart/coupon", {"code": "old10"})
    assert "needs a minimum spend of $100.00" in post(url + "/cart/coupon", {"code": "BIG5"})
    assert "valid for standard delivery only" in post(url + "/cart/coupon", {"code": "FREE"})
    assert "NOPE is not a valid coupon code" in post(url + "/cart/coupon", {"code": "NOPE"})
    assert path.read_bytes() == before


def test_the_cart_keeps_the_shops_rules_and_totals(shop: tuple[str, Path]) -> None:
    url, path = shop
    assert "Only 2 of Birch Pan in stock" in post(url + "/cart/update", {"qty-p01": "2", "qty-p02": "3", "qty-p03": "1"})
    post(url + "/cart/update", {"qty-p01": "4", "qty-p02": "1", "qty-p03": "1", "shipping": "standard"})
    page = post(url + "/cart/coupon", {"code": "BIG5"})  # 4 x 10 + 25.50 + 40 = 105.50: the minimum is met
    state = json.loads(path.read_text())
    assert state["coupon"] == "BIG5" and state["shipping"] == "standard"
    assert server.totals(state) == {"subtotal": 10550, "discount": 500, "delivery": 495, "total": 10545}
    assert '<th id="total">$105.45</th>' in page
    post(url + "/cart/update", {"remove": "p03"})  # below the minimum again: the coupon stops counting
    assert server.totals(json.loads(path.read_text()))["discount"] == 0


def test_search_wishlist_checkout_and_orders(shop: tuple[str, Path]) -> None:
    url, path = shop
    found = get(url + "/?" + urllib.parse.urlencode({"q": "kite", "category": "Toys"}))
    assert "Dune Kite" in found and "Ash Kettle" not in found and "1 products" in found
    assert "Ash Kettle" not in get(url + "/?category=Office") and "Cedar Lamp" in get(url + "/?category=Office")
    assert "Dune Kite" in get(url + "/product/p04")
    assert "Added Dune Kite to the cart." in post(url + "/wishlist/move", {"product": "p04"})
    post(url + "/cart/update", {"remove": "p03"})
    assert "Order 1001 placed." in post(url + "/checkout", {"name": "Ann Lee", "address": "2 Oak Rd", "payment": "invoice"})
    state = json.loads(path.read_text())
    assert state["cart"] == [] and state["wishlist"] == ["p05"]
    order = state["orders"][0]
    assert [(line["product"], line["qty"]) for line in order["lines"]] == [("p01", 2), ("p02", 1), ("p04", 1)]
    assert order["total"] == pytest.approx(2 * 10 + 25.5 + 5 + 12.95)
    assert state["products"][0]["stock"] == 3 and state["products"][3]["stock"] == 8
    assert "2 x Ash Kettle" in get(url + "/orders")
    with pytest.raises(urllib.error.HTTPError):
        get(url + "/product/p99")


CHECKOUT = {**copy.deepcopy(STATE), "gift_wrap_fee": 3.5, "gift_cards": [{"code": "GC-AAAA-1111", "balance": 20.0}],
            "stores": [{"id": "s1", "name": "Test North", "address": "3 Hill Rd", "distance_km": 4.9}],
            "delivery_rates": {"standard": 4.95, "express": 12.95, "pickup": 0.0}}
CHECKOUT["account"]["card"] = {"brand": "Visa", "last4": "1111", "expires": "01/30"}
CHECKOUT["cart"] = [{"product": "p01", "qty": 2}, {"product": "p02", "qty": 1}]


def test_checkout_refuses_what_it_cannot_take_and_records_a_split_gift_order(tmp_path: Path) -> None:
    def place(**form: str) -> tuple[str, dict[str, Any]]:
        state = copy.deepcopy(CHECKOUT)
        message, _ = server.place_order(state, {"name": "Ann Lee", "address": "1 Elm St", **form})
        return message, state

    assert place(delivery="pickup")[0] == "!Choose the store to pick the order up from."
    assert place(payment="new_card", card_number="4111111111111112", card_expiry="04/29", card_name="A")[0] == \
        "!The card number is not valid."
    assert "expiry" in place(payment="new_card", card_number="4111111111111111", card_expiry="04/26", card_name="A")[0]
    assert "gift wrapping" in place(gift_message="Hi")[0]
    assert "not a gift card" in place(payment="gift_card", gift_code="GC-NOPE")[0]
    message, state = place(delivery="pickup", store="s1", payment="gift_card", gift_code="gc-aaaa-1111",
                           gift_wrap="yes", gift_message="  Happy   birthday ")
    order = state["orders"][-1]  # 2 x 10 + 25.50, pickup free, wrap 3.50: 49.00, 20.00 of it by gift card
    assert message == "Order 1001 placed." and order["total"] == 49.0 and order["address"] == "Test North, 3 Hill Rd"
    assert (order["gift_card"], order["gift_card_amount"], order["card"]) == ("GC-AAAA-1111", 20.0, "1111")
    assert state["gift_cards"][0]["balance"] == 0 and order["gift_message"] == "Happy birthday"
    assert state["cart"] == [] and state["shipping"] == "pickup" and state["products"][1]["stock"] == 1


def test_order_pages_and_their_forms(shop: tuple[str, Path]) -> None:
    url, path = shop
    post(url + "/cart/update", {"remove": "p03"})
    post(url + "/checkout", {"name": "Ann Lee", "address": "2 Oak Rd", "payment": "invoice"})
    assert 'id="cancel"' in get(url + "/order/1001") and 'id="return-p01"' not in get(url + "/order/1001")
    assert "Only an item of a delivered order" in post(url + "/order/return", {"order": "1001", "product": "p01"})
    assert "Order 1001 cancelled." in post(url + "/order/cancel", {"order": "1001"})
    state = json.loads(path.read_text())
    assert state["orders"][0]["status"] == "cancelled" and state["products"][0]["stock"] == 5
    assert "Only an order that has not shipped" in post(url + "/order/cancel", {"order": "1001"})
    state["orders"][0]["status"] = "delivered"
    path.write_text(json.dumps(state))
    assert "Return Ash Kettle" in get(url + "/order/1001/return/p01")
    form = {"order": "1001", "product": "p01", "qty": "3", "reason": "damaged", "refund": "credit"}
    assert "Return between 1 and 2 of Ash Kettle" in post(url + "/order/return", form)
    assert "Choose a reason" in post(url + "/order/return", {**form, "qty": "1", "reason": "bored"})
    assert "Return of 2 x Ash Kettle requested." in post(url + "/order/return", {**form, "qty": "2"})
    assert "Say what happened" in post(url + "/order/missing", {"order": "1001", "product": "p02", "details": " "})
    post(url + "/order/missing", {"order": "1001", "product": "p02", "details": " Not  in the box "})
    assert "The items of order 1001 are in the cart again." in post(url + "/order/reorder", {"order": "1001"})
    state = json.loads(path.read_text())
    assert state["orders"][0]["returns"][0]["qty"] == 2 and state["support"][0]["details"] == "Not in the box"
    assert [(x["product"], x["qty"]) for x in state["cart"]] == [("p01", 2), ("p02", 1)]


def test_account_forms_refuse_what_they_cannot_save(shop: tuple[str, Path]) -> None:
    url, path = shop
    state = json.loads(path.read_text())
    state["account"].update(addresses=[{"id": "a1", "text": "1 Elm St"}], newsletters={"Deals": True, "Tips": True},
                            password_sha256=server.password_hash("oldpass99"))
    path.write_text(json.dumps(state))
    assert "default address cannot be deleted" in post(url + "/account/address/delete", {"id": "a1"})
    assert "current password is not right" in post(url + "/account/password", {"current": "x", "new": "newpass123",
                                                                              "confirm": "newpass123"})
    assert "8 characters or more" in post(url + "/account/password", {"current": "oldpass99", "new": "short",
                                                                    "confirm": "short"})
    assert "card number is not valid" in post(url + "/account/card", {"card_number": "1234", "card_expiry": "01/30"})
    post(url + "/account/address/add", {"text": " 2  Oak Rd ", "default": "yes"})
    post(url + "/account/address/delete", {"id": "a1"})
    post(url + "/account/newsletters", {"news-1": "on"})
    page = post(url + "/account/card", {"card_number": "5555 5555 5555 4444", "card_expiry": "03/29", "card_name": "A"})
    account = json.loads(path.read_text())["account"]
    assert account["addresses"] == [{"id": "a2", "text": "2 Oak Rd"}] and account["address"] == "2 Oak Rd"
    assert account["newsletters"] == {"Deals": False, "Tips": True} and "Mastercard ending 4444" in page


def test_reviews_can_be_edited_by_their_author_and_reported_by_others(shop: tuple[str, Path]) -> None:
    url, path = shop
    state = json.loads(path.read_text())
    state["reviews"] = [{"id": "r1", "product": "p01", "author": "Ann Lee", "rating": 2, "text": "Meh.",
                         "reported": None, "date": "2026-01-01"},
                        {"id": "r2", "product": "p01", "author": "Bo Day", "rating": 5, "text": "See www.x.example",
                         "reported": None, "date": "2026-01-02"}]
    path.write_text(json.dumps(state))
    page = get(url + "/product/p01")
    assert 'href="/review/r1">Edit' in page and 'href="/review/r2">Report' in page
    assert 'id="save-review"' in get(url + "/review/r1") and 'id="report-r2"' in get(url + "/review/r2")
    assert "only your own review" in post(url + "/review/edit", {"id": "r2", "rating": "1", "text": "x"})
    assert "Give 1 to 5 stars" in post(url + "/review/edit", {"id": "r1", "rating": "6", "text": "Meh."})
    assert "Choose why" in post(url + "/review/report", {"id": "r2"})
    post(url + "/review/edit", {"id": "r1", "rating": "4", "text": "Meh."})
    post(url + "/review/report", {"id": "r2", "reason-r2": "spam"})
    reviews = json.loads(path.read_text())["reviews"]
    assert (reviews[0]["rating"], reviews[0]["date"], reviews[1]["reported"]) == (4, "2026-05-01", "spam")


SKILLS = [*[("web.shop_cart", {"action": a}) for a in ("quantity", "remove_unavailable", "fit_budget", "from_wishlist")],
          *[("web.shop_coupon", {"coupon": c}) for c in ("percent", "minimum_spend", "free_shipping", "best_of_two")],
          *[("web.shop_find_product", {"filter": f, "outcome": o})
            for f, o in (("category_price", "cart"), ("rating", "wishlist"), ("keyword_cheapest", "cart"))],
          ("web.shop_checkout", {"delivery": "pickup", "payment": "gift_card_split", "gift": True}),
          ("web.shop_checkout", {"delivery": "new_address", "payment": "new_card", "gift": False}),
          ("web.shop_orders", {"which": "searched", "action": "return"}),
          ("web.shop_orders", {"which": "latest", "action": "cancel"}),
          *[("web.shop_account", {"change": c}) for c in ("address_cleanup", "password", "card")],
          *[("web.shop_reviews", {"action": a}) for a in ("edit", "report")]]


@require(shutil.which("bwrap") is not None, "bubblewrap (bwrap) is not installed")
@pytest.mark.parametrize(("family", "params"), SKILLS, ids=[f"{f}-{'-'.join(map(str, p.values()))}" for f, p in SKILLS])
def test_each_skill_value_is_solved_in_the_terminal(family: str, params: dict[str, str], tmp_path: Path) -> None:
    ensure_loaded()
    skill = Skill(id="web.shop.unit", apps=["browser"], category="web.shop", description="shop task", workflow=family,
                  params=params)
    seen = set()
    for seed in (1, 2):
        task = workflows.WORKFLOWS.get(family).build(skill, seed)
        seen.add(task.instruction)
        episode = run_episode(task, HARNESSES.get("terminal"), ReplayTeacher(), ProgrammaticJudge(),
                              scratch_root=tmp_path, limits=SandboxLimits())
        assert episode.passed, (seed, episode.error, episode.rubric)
    assert len(seen) == 2


@pytest.mark.parametrize("name", ["../rules.py", "rules", "pages.sh", "Rules.py", "a b.py", "x/y.py"])
def test_a_sites_module_is_a_plain_python_file_name_beside_its_program(name: str) -> None:
    """Module names go into the shell line that writes them into the sandbox: nothing but `name.py`."""
    with pytest.raises(ValidationError):
        Site(name="x", title="T", program="pass", modules={name: ""})
    with pytest.raises(ValidationError):
        WebApp(name="x", program="pass", modules={name: ""}, port=8000)
    assert WebApp(name="x", program="pass", modules={"rules.py": ""}, port=8000).modules == {"rules.py": ""}
