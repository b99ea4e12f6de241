"""Boundary cases of the shop check (workflows/web/checks.py): the last cart line is where a loop
that stops one short lets a wrong cart through; a budget met to the cent and missed by one; a
wishlist item priced exactly at the limit (not "less than"); a quantity one over the minimum spend;
and any change outside the cart."""

from __future__ import annotations

import copy
import json
from typing import Any

from tests.unit.boundary_cases import Case

SHOP: dict[str, Any] = {
    "shop": "Test shop", "today": "2026-05-01",
    "products": [
        {"id": "p01", "name": "Ash Kettle", "category": "Kitchen", "price": 10.0, "stock": 5},
        {"id": "p02", "name": "Birch Pan", "category": "Kitchen", "price": 25.5, "stock": 2},
        {"id": "p03", "name": "Cedar Lamp", "category": "Office", "price": 40.0, "stock": 0},
        {"id": "p04", "name": "Dune Kite", "category": "Toys", "price": 5.0, "stock": 9},
        {"id": "p05", "name": "Elm Stove", "category": "Outdoor", "price": 60.0, "stock": 4},
    ],
    "cart": [{"product": "p01", "qty": 2}, {"product": "p02", "qty": 1}, {"product": "p03", "qty": 1}],
    "wishlist": ["p04", "p05"],
    "coupons": [{"code": "BIG5", "kind": "fixed", "value": 5, "min_spend": 100, "expires": "2099-01-01"}],
    "coupon": None, "shipping": "express", "delivery_rates": {"standard": 4.95, "express": 12.95},
}


def lines(*pairs: tuple[str, int]) -> list[dict[str, Any]]:
    return [{"product": p, "qty": q} for p, q in pairs]


def shop(**changes: Any) -> dict[str, Any]:
    state = copy.deepcopy(SHOP)
    state.update(changes)
    return state


def case(label: str, output: dict[str, Any], options: dict[str, Any], passes: bool, says: str = "",
         original: dict[str, Any] = SHOP) -> Case:
    return Case(label, None, {"file": "site/shop.json", "input_file": "site/shop.json", **options}, passes, says,
                files={"site/shop.json": json.dumps(output).encode()},
                originals={"site/shop.json": json.dumps(original).encode()})


REMOVE = {"rule": "remove_unavailable"}
BUDGET = {"rule": "fit_budget", "budget": 45.5}
LIST = {"rule": "quantity", "shopping_list": ["3 x Ash Kettle", "1 x Birch Pan"]}
WISH = {"rule": "from_wishlist", "limit": 60}
COUPON = {"rule": "coupon", "coupon": "BIG5", "raise_item": "Ash Kettle", "shipping": "standard"}
FIND_CATEGORY = {"rule": "find", "find": "category_price", "category": "Kitchen", "max_price": 25.5, "outcome": "cart"}
FIND_RATING = {"rule": "find", "find": "rating", "min_rating": 4.5, "min_reviews": 10, "outcome": "wishlist"}
FIND_WORD = {"rule": "find", "find": "keyword_cheapest", "keyword": "lamp", "outcome": "cart"}
RATED = copy.deepcopy(SHOP["products"])
for product, (rating, reviews) in zip(RATED, [(4.5, 10), (4.9, 50), (5.0, 80), (4.6, 9), (4.5, 12)], strict=True):
    product.update(rating=rating, reviews=reviews)
RATED_SHOP = {**copy.deepcopy(SHOP), "products": RATED, "wishlist": []}
LAMPS = {**copy.deepcopy(SHOP), "products": [
    *copy.deepcopy(SHOP["products"]), {"id": "p06", "name": "Fir Lamp", "category": "Office", "price": 55.0, "stock": 1},
    {"id": "p07", "name": "Lampshade Kit", "category": "Office", "price": 1.0, "stock": 7}]}
RESTOCKED = copy.deepcopy(SHOP["products"])
RESTOCKED[2]["stock"] = 3

CASES = {"shop.cart": [
    case("the sold-out last line removed", shop(cart=lines(("p01", 2), ("p02", 1))), REMOVE, True),
    case("the same lines in another order", shop(cart=lines(("p02", 1), ("p01", 2))), REMOVE, True),
    case("the sold-out last line kept", SHOP, REMOVE, False, "cart"),
    case("an in-stock line removed too", shop(cart=lines(("p01", 2))), REMOVE, False, "cart"),
    case("the cart right but a stock figure edited", shop(cart=lines(("p01", 2), ("p02", 1)), products=RESTOCKED),
         REMOVE, False, "products"),
    case("a subtotal of exactly the budget", shop(cart=lines(("p01", 2), ("p02", 1))), BUDGET, True),
    case("a cent under what the cart costs", shop(cart=lines(("p01", 2), ("p02", 1))), {**BUDGET, "budget": 45.49},
         False, "cart"),
    case("a cheaper line dropped instead of the dearest", shop(cart=lines(("p01", 2), ("p03", 1))), BUDGET, False),
    case("the cart matches the list", shop(cart=lines(("p01", 3), ("p02", 1))), LIST, True),
    case("a line not on the list left in", shop(cart=lines(("p01", 3), ("p02", 1), ("p03", 1))), LIST, False, "cart"),
    case("the last listed quantity one short", shop(cart=lines(("p01", 3))), LIST, False, "cart"),
    case("the item under the limit moved, the one at it kept",
         shop(cart=lines(("p01", 2), ("p02", 1), ("p03", 1), ("p04", 1)), wishlist=["p05"]), WISH, True),
    case("the item priced at the limit moved too",
         shop(cart=lines(("p01", 2), ("p02", 1), ("p03", 1), ("p04", 1), ("p05", 1)), wishlist=[]), WISH, False),
    case("moved to the cart but left on the wishlist",
         shop(cart=lines(("p01", 2), ("p02", 1), ("p03", 1), ("p04", 1))), WISH, False, "wishlist"),
    case("just enough raised for the minimum spend",
         shop(cart=lines(("p01", 4), ("p02", 1), ("p03", 1)), coupon="BIG5", shipping="standard"), COUPON, True),
    case("one more than the minimum needs",
         shop(cart=lines(("p01", 5), ("p02", 1), ("p03", 1)), coupon="BIG5", shipping="standard"), COUPON, False),
    case("the coupon never applied",
         shop(cart=lines(("p01", 4), ("p02", 1), ("p03", 1)), shipping="standard"), COUPON, False, "coupon"),
    case("the delivery left on express",
         shop(cart=lines(("p01", 4), ("p02", 1), ("p03", 1)), coupon="BIG5"), COUPON, False, "shipping"),
    # Kitchen under 25.50: the better-rated Birch Pan costs exactly the limit, so Ash Kettle (one more)
    case("the best-rated product under the limit added", {**RATED_SHOP, "cart": lines(("p01", 3), ("p02", 1), ("p03", 1))},
         FIND_CATEGORY, True, original=RATED_SHOP),
    case("the product priced at the limit added", {**RATED_SHOP, "cart": lines(("p01", 2), ("p02", 2), ("p03", 1))},
         FIND_CATEGORY, False, "cart", original=RATED_SHOP),
    # 4.5 stars and 10 reviews, both just met, make Ash Kettle the cheapest; Dune Kite has one review too few
    case("the cheapest qualifying item wishlisted", {**RATED_SHOP, "wishlist": ["p01"]}, FIND_RATING, True,
         original=RATED_SHOP),
    case("one review short wishlisted instead", {**RATED_SHOP, "wishlist": ["p04"]}, FIND_RATING, False, "wishlist",
         original=RATED_SHOP),
    case("the sold-out best-rated item wishlisted", {**RATED_SHOP, "wishlist": ["p03"]}, FIND_RATING, False,
         "wishlist", original=RATED_SHOP),
    case("the cheapest lamp in stock added (the sold-out Cedar Lamp passed over)",
         {**LAMPS, "cart": lines(("p01", 2), ("p02", 1), ("p03", 1), ("p06", 1))}, FIND_WORD, True, original=LAMPS),
    case("the sold-out lamp added", {**LAMPS, "cart": lines(("p01", 2), ("p02", 1), ("p03", 2))}, FIND_WORD, False,
         "cart", original=LAMPS),
    case("a name that only contains the word added",
         {**LAMPS, "cart": lines(("p01", 2), ("p02", 1), ("p03", 1), ("p07", 1))}, FIND_WORD, False, "cart",
         original=LAMPS),
]}
