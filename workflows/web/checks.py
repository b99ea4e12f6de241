"""The shop check: what the shop's saved state must hold after a cart or coupon task.

The expected cart, wishlist, coupon and delivery are worked out from the task's ORIGINAL state by
the rule the request states (remove what is out of stock, drop the dearest items until a budget
fits, ...), with only the figures the request gives (a shopping list, a budget, a price limit, a
coupon code); the rest of the shop's data must be exactly as it was. Cart lines are compared as a
set of (product, quantity), since the order of the lines is no part of what the user did.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import Any, Literal

from pydantic import Field

from forge.checks.json import same_json
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import JsonView

Rule = Literal["quantity", "remove_unavailable", "fit_budget", "from_wishlist", "coupon", "find"]


class ShopCart(CheckOptions):
    file: OutputPath
    input_file: InputPath
    rule: Rule = Field(description="What the request asks of the cart.")
    shopping_list: list[str] = Field(default_factory=list, description="quantity: lines 'N x Product name'.")
    budget: float | None = Field(default=None, description="fit_budget: the most the items may cost, in dollars.")
    limit: float | None = Field(default=None, description="from_wishlist: items cheaper than this move to the cart.")
    coupon: str | None = Field(default=None, description="coupon: the code that must end up applied.")
    raise_item: str | None = Field(default=None, description="coupon: the product whose quantity rises to the minimum.")
    shipping: Literal["standard", "express"] | None = Field(default=None, description="coupon: the delivery to end on.")
    find: Literal["category_price", "rating", "keyword_cheapest"] | None = Field(default=None, description=(
        "find: the best-rated in a category under max_price; the cheapest with min_rating and min_reviews; "
        "the cheapest whose name has keyword. In stock only; ties go to the lower price, then the first listed."))
    category: str | None = None
    max_price: float | None = None
    min_rating: float | None = None
    min_reviews: int | None = None
    keyword: str | None = None
    outcome: Literal["cart", "wishlist"] | None = Field(default=None, description="find: where the product goes.")


def _cents(price: Any) -> int:
    return round(float(price) * 100)


def _by_id(state: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {p["id"]: p for p in state["products"]}


def _line_cents(state: dict[str, Any], line: dict[str, Any]) -> int:
    return _cents(_by_id(state)[line["product"]]["price"]) * line["qty"]


def _quantity(state: dict[str, Any], opts: ShopCart) -> None:
    by_name = {p["name"]: p["id"] for p in state["products"]}
    cart = []
    for entry in opts.shopping_list:
        match = re.fullmatch(r"(\d+) x (.+)", entry.strip())
        if not match or match.group(2) not in by_name:
            raise CheckError(f"shop.cart: shopping list entry {entry!r} is not 'N x <a product of the shop>'")
        cart.append({"product": by_name[match.group(2)], "qty": int(match.group(1))})
    state["cart"] = cart


def _remove_unavailable(state: dict[str, Any], opts: ShopCart) -> None:
    state["cart"] = [x for x in state["cart"] if _by_id(state)[x["product"]]["stock"] > 0]


def _fit_budget(state: dict[str, Any], opts: ShopCart) -> None:
    while state["cart"] and sum(_line_cents(state, x) for x in state["cart"]) > _cents(opts.budget or 0):
        state["cart"].remove(max(state["cart"], key=lambda x: _cents(_by_id(state)[x["product"]]["price"])))


def _from_wishlist(state: dict[str, Any], opts: ShopCart) -> None:
    moved = [i for i in state["wishlist"] if _cents(_by_id(state)[i]["price"]) < _cents(opts.limit or 0)]
    state["cart"] += [{"product": i, "qty": 1} for i in moved if all(x["product"] != i for x in state["cart"])]
    state["wishlist"] = [i for i in state["wishlist"] if i not in moved]


def _coupon(state: dict[str, Any], opts: ShopCart) -> None:
    coupon = next((c for c in state["coupons"] if c["code"] == opts.coupon), None)
    if coupon is None:
        raise CheckError(f"shop.cart: the shop has no coupon {opts.coupon!r}")
    if opts.shipping:
        state["shipping"] = opts.shipping
    if opts.raise_item:
        line = next(x for x in state["cart"] if _by_id(state)[x["product"]]["name"] == opts.raise_item)
        while sum(_line_cents(state, x) for x in state["cart"]) < _cents(coupon.get("min_spend", 0)):
            line["qty"] += 1
    state["coupon"] = coupon["code"]


def found_product(state: dict[str, Any], opts: ShopCart) -> dict[str, Any]:
    """The one product the stated criterion picks, among those in stock."""
    stocked = [p for p in state["products"] if p["stock"] > 0]
    if opts.find == "category_price":
        pool = [p for p in stocked if p["category"] == opts.category and _cents(p["price"]) < _cents(opts.max_price or 0)]
        rank = lambda p: (-p["rating"], _cents(p["price"]))
    elif opts.find == "rating":
        pool = [p for p in stocked if p["rating"] >= (opts.min_rating or 0) and p["reviews"] >= (opts.min_reviews or 0)]
        rank = lambda p: (_cents(p["price"]),)
    else:
        word = re.compile(rf"(?<!\w){re.escape(opts.keyword or '')}(?!\w)", re.IGNORECASE)
        pool = [p for p in stocked if opts.keyword and word.search(p["name"])]
        rank = lambda p: (_cents(p["price"]),)
    if not pool:
        raise CheckError(f"shop.cart: no product in stock meets the {opts.find} criterion of the check's options")
    return min(pool, key=rank)


def _find(state: dict[str, Any], opts: ShopCart) -> None:
    chosen = found_product(state, opts)["id"]
    if opts.outcome == "wishlist":
        state["wishlist"] += [] if chosen in state["wishlist"] else [chosen]
        return
    line = next((x for x in state["cart"] if x["product"] == chosen), None)
    if line:
        line["qty"] += 1
    else:
        state["cart"].append({"product": chosen, "qty": 1})


RULES: dict[str, Callable[[dict[str, Any], ShopCart], None]] = {
    "quantity": _quantity, "remove_unavailable": _remove_unavailable, "fit_budget": _fit_budget,
    "from_wishlist": _from_wishlist, "coupon": _coupon, "find": _find}


def _comparable(state: Any) -> Any:
    if not isinstance(state, dict) or not isinstance(state.get("cart"), list):
        return state
    out = dict(state)
    out["cart"] = sorted(state["cart"], key=lambda x: str(x.get("product")) if isinstance(x, dict) else "")
    return out


@register_check("shop.cart", ShopCart, view="json")
def shop_cart(state: FinalState, opts: ShopCart) -> Verdict:
    """The shop's cart (and wishlist, coupon and delivery) hold what the stated rule makes of the original
    state, and every other value of the shop's data is unchanged."""
    expected = copy.deepcopy(input_view(state, opts.input_file, JsonView).value)
    RULES[opts.rule](expected, opts)
    got = output_view(state, opts.file, JsonView).value
    if not isinstance(got, dict):
        return Verdict.of(False, f"{opts.file} is not the shop's data (a JSON object)")
    for key in ("cart", "wishlist", "coupon", "shipping"):
        want, have = _comparable(expected)[key], _comparable(got).get(key)
        if not same_json(want, have):
            return Verdict.of(False, f"{key} in {opts.file} is {have!r}, expected {want!r}")
    rest = {k: v for k, v in got.items() if k not in ("cart", "wishlist", "coupon", "shipping")}
    if not same_json(rest, {k: v for k, v in expected.items() if k not in ("cart", "wishlist", "coupon", "shipping")}):
        changed = sorted(k for k in set(rest) | set(expected) if k not in ("cart", "wishlist", "coupon", "shipping")
                         and not same_json(rest.get(k), expected.get(k)))
        return Verdict.of(False, f"{opts.file} changed more than the cart: {', '.join(changed)}")
    return Verdict.of(True, f"the cart follows the rule {opts.rule!r}; the rest of the shop is unchanged")
