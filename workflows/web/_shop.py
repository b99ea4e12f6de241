"""The shop's state as a task starts, drawn from the workflow's rng and Faker, and the GUI steps
every shop plan shares (open a page from the nav bar, fill a field, press a button).

The state is the site's whole database (`sites/shop/server.py` reads and saves it); totals are
never stored, the site computes them with `sites.shop.server.totals`, and so do the families.
"""

from __future__ import annotations

import datetime as dt
import json
import random
import re
import textwrap
from typing import Any

from faker import Faker

from forge.models.gui_plan import (
    ClickStep,
    GuiStep,
    KeyStep,
    TypeStep,
    WaitFocusStep,
    WaitSettledStep,
    WaitWindowStep,
)
from sites.shop import server
from workflows._steps import lit
from workflows.spec import FileSlot

SITE = "shop"
SITE_URL = "http://127.0.0.1:8000/"
STATE = "site/shop.json"
STATE_SLOT = FileSlot(param="state", type="json", role="in_place", description="The shop site's data",
                      environment=True)
UNCHANGED = "Nothing else in the shop's data changed, and it is valid JSON."
DELIVERY_RATES = {"standard": 4.95, "express": 12.95}
GOODS = {
    "Kitchen": ["Kettle", "Frying Pan", "Chef Knife", "Cutting Board", "Coffee Grinder", "Toaster", "Salad Bowl"],
    "Garden": ["Hose Reel", "Pruning Shears", "Watering Can", "Planter", "Garden Gloves", "Bird Feeder"],
    "Office": ["Desk Lamp", "Notebook Set", "Monitor Stand", "Desk Organiser", "Fountain Pen", "Stapler"],
    "Outdoor": ["Camping Stove", "Day Pack", "Head Torch", "Water Bottle", "Picnic Blanket", "Trekking Poles"],
    "Electronics": ["USB-C Charger", "Bluetooth Speaker", "Wireless Mouse", "Power Bank", "Earbuds", "Webcam"],
    "Toys": ["Puzzle Box", "Kite", "Building Blocks", "Card Game", "Plush Bear", "Marble Run"],
}
STYLES = ["Classic", "Compact", "Pro", "Deluxe", "Eco", "Mini", "Max", "Travel", "Studio", "Essential"]


def draw_products(rng: random.Random, faker: Faker, count: int) -> list[dict[str, Any]]:
    """`count` products with unique names over every category; prices, ratings and stock vary."""
    products: list[dict[str, Any]] = []
    names: set[str] = set()
    while len(products) < count:
        category = rng.choice(sorted(GOODS))
        brand = re.sub(r"[^A-Za-z]", "", faker.last_name())
        name = f"{brand} {rng.choice(STYLES)} {rng.choice(GOODS[category])}"
        if name in names or not brand:
            continue
        names.add(name)
        products.append({
            "id": f"p{len(products) + 1:02d}", "name": name, "category": category,
            "price": round(rng.uniform(4, 180), 0) - 0.01 if rng.random() < 0.6 else round(rng.uniform(4, 180), 2),
            "rating": round(rng.uniform(2.5, 5.0), 1), "reviews": rng.randint(0, 400),
            "stock": rng.choice([0, 2, 3, 5, 8, 12, 20, 35]) if rng.random() < 0.85 else rng.randint(1, 60),
            "description": faker.sentence(nb_words=10),
        })
    return products


def cart_lines(rng: random.Random, products: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A cart holding each of `products` once or twice, in product-id order as the site keeps it."""
    return sorted(({"product": p["id"], "qty": rng.randint(1, 2)} for p in products), key=lambda x: x["product"])


def code_word(rng: random.Random, taken: set[str], stem: str) -> str:
    """A coupon code people would read out (SPRING15, WELCOME-7Q), unique in the shop."""
    while True:
        code = f"{stem}{rng.choice(['', '-'])}{rng.randint(5, 99)}{rng.choice(['', 'X', 'Q', 'K'])}"
        if code not in taken:
            taken.add(code)
            return code


def base_state(rng: random.Random, faker: Faker, products: list[dict[str, Any]]) -> dict[str, Any]:
    """A shop with an account, a few past orders and some stale coupons; the cart and wishlist empty."""
    today = dt.date(2026, 1, 1) + dt.timedelta(days=rng.randrange(365))
    taken: set[str] = set()
    stale = [{"code": code_word(rng, taken, rng.choice(["SUMMER", "WELCOME", "FLASH"])), "kind": "percent",
              "value": rng.choice([10, 20]), "min_spend": 0, "expires": str(today - dt.timedelta(days=rng.randint(3, 90)))}
             for _ in range(rng.randint(1, 2))]
    past = [{"id": f"{1001 + i}", "date": str(today - dt.timedelta(days=30 * (3 - i) + rng.randint(0, 20))),
             "lines": [{"product": p["id"], "name": p["name"], "qty": 1}], "total": p["price"] + DELIVERY_RATES["standard"],
             "name": "", "address": "", "payment": "card", "shipping": "standard", "status": "delivered"}
            for i, p in enumerate(rng.sample(products, 2))]
    name = faker.name()
    for order in past:
        order["name"], order["address"] = name, faker.address().replace("\n", ", ")
    return {"shop": f"{re.sub(r'[^A-Za-z ]', '', faker.last_name())} & Co. shop", "today": str(today),
            "account": {"name": name, "address": past[0]["address"]}, "products": products, "cart": [], "wishlist": [],
            "coupons": stale, "coupon": None, "shipping": "standard", "delivery_rates": dict(DELIVERY_RATES),
            "orders": past}


REASONS = [
    "It's for a birthday present, so I'd like to order soon.", "I'm ordering for the office this time.",
    "We're setting up a new flat.", "I want to be done before the weekend.", "I'm on my phone later, so do it now.",
    "My partner asked me to sort this out.", "I'll pay with the card on the account.", "No rush, but today would be good.",
    "I keep putting this off.", "The delivery should reach us before we travel.", "",
]
AFTER_SALE = [  # for what comes after an order (orders, account, reviews): no reason to buy
    "I'm going through my account today.", "I'd like this sorted before the weekend.",
    "My partner asked me to deal with it.", "I'm on my phone later, so do it now.", "I keep putting this off.",
    "No rush, but today would be good.", "",
]


def context(rng: random.Random, state: dict[str, Any], reasons: list[str] = REASONS) -> str:
    """A line of the customer's situation and maybe their thanks: real requests carry some, and no two read
    alike. Phrasings go on after it, so never a signature that would end the message."""
    first = state["account"]["name"].split()[0]
    return " ".join(x for x in (rng.choice(reasons), rng.choice(["", "", f"Thanks, {first}."])) if x)


def encode(state: dict[str, Any]) -> bytes:
    return (json.dumps(state, indent=2, ensure_ascii=False) + "\n").encode()


def money(amount_cents: int) -> str:
    return server.money(amount_cents)


# --- terminal steps: scripts over the site's JSON database -------------------------------------------


def _block(code: str, indent: int) -> str:
    """`code` (its first line unindented, the rest indented alike) re-indented to sit at `indent` in a script."""
    first, *rest = code.strip("\n").splitlines()
    return "\n".join([first.strip()] + [" " * indent + line for line in textwrap.dedent("\n".join(rest)).splitlines()])


def show_script(path: str, extra: str) -> str:
    """A script printing the cart with prices, stock and subtotal, then `extra` (code over `state`, `product`)."""
    return f"""
        import json
        state = json.load(open({lit(path)}))
        product = {{p["id"]: p for p in state["products"]}}
        for line in state["cart"]:
            p = product[line["product"]]
            print(line["qty"], "x", p["name"], p["price"], "stock", p["stock"])
        print("subtotal", round(sum(product[x["product"]]["price"] * x["qty"] for x in state["cart"]), 2))
        {_block(extra, 8)}
    """


def edit_script(path: str, body: str) -> str:
    """A script loading the state, running `body` (code over `state`, `product`), writing the state back."""
    return f"""
        import json
        path = {lit(path)}
        state = json.load(open(path))
        product = {{p["id"]: p for p in state["products"]}}
        {_block(body, 8)}
        state["cart"].sort(key=lambda line: line["product"])
        with open(path, "w") as out:
            json.dump(state, out, indent=2)
            out.write("\\n")
    """


# --- GUI steps ------------------------------------------------------------------------------------


def open_page(nav: str, title: str, thought: str) -> list[GuiStep]:
    """Click a nav bar link and wait for its page (`title`: a regex of the window title)."""
    return [ClickStep(selector=f"#nav-{nav}", thought=thought, action=f"Open the {nav} page"),
            WaitWindowStep(title=title, timeout_s=30), WaitSettledStep(interval_s=0.3, timeout_s=20)]


def press(selector: str, title: str, action: str, thought: str = "") -> list[GuiStep]:
    """Press a button that posts a form, and wait for the page it leads to."""
    return [ClickStep(selector=selector, thought=thought, action=action),
            WaitWindowStep(title=title, timeout_s=30), WaitSettledStep(interval_s=0.3, timeout_s=20)]


def fill(selector: str, field: str, value: str, thought: str = "") -> list[GuiStep]:
    return [ClickStep(selector=selector, thought=thought or f"I click into the {field}.", action=f"Click the {field}"),
            WaitFocusStep(selector=selector),
            KeyStep(keys=["ctrl", "a"], action=f"Select the {field}'s text"),
            TypeStep(text=value, action=f"Type {value!r} into the {field}")]


def first_page() -> list[GuiStep]:
    return [WaitWindowStep(title="^Catalogue - ", timeout_s=60), WaitSettledStep(interval_s=0.3, timeout_s=20)]
