"""Apply a coupon to the shop's cart: a percentage off, a fixed amount that needs a minimum spend
(raise one item's quantity, as little as it takes), free delivery (valid for standard delivery
only), or the better of two codes.

Done in the browser (GUI plan: the cart's coupon field, whose refusals say what is missing, the
quantity fields and delivery choice) or in the terminal (a script that reads the coupon's terms
from the site's JSON database and meets them); the check reads the site's state file either way.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any, Literal

from forge.models import ReferenceSolution
from forge.models.gui_plan import AppLaunch, ClickStep, GuiPlan, GuiStep
from sites.shop import server
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import (
    CheckTemplate,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)
from workflows.web import checks as _checks  # noqa: F401  (registers shop.cart, which the spec names)
from workflows.web._shop import (
    SITE,
    SITE_URL,
    STATE,
    STATE_SLOT,
    UNCHANGED,
    base_state,
    cart_lines,
    code_word,
    context,
    draw_products,
    edit_script,
    encode,
    fill,
    first_page,
    open_page,
    press,
    show_script,
)

Kind = Literal["percent", "minimum_spend", "free_shipping", "best_of_two"]
KINDS: tuple[Kind, ...] = ("percent", "minimum_spend", "free_shipping", "best_of_two")


class Options(SkillParams):
    coupon: Kind | None = None


class Params(Prepared):
    state: str
    shop: str = ""
    kind: Kind
    goal: str
    code: str
    tried: list[str]
    raise_item: str | None
    raise_id: str | None
    raise_to: int | None
    shipping: Literal["standard"] | None


@register_workflow
class ShopCoupon(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="web.shop_coupon", apps=["browser"], params=Params, skill_params=Options,
        phrasings=[
            "At {{ shop }} (" + SITE_URL + ", data in {{ state }}): {{ goal }} Then check the cart's new total; "
            "do not place the order or change anything else.",
            "Before I check out at {{ shop }} (" + SITE_URL + ", its database is {{ state }}), {{ goal }} "
            "Leave the rest of my cart and account alone, and don't order yet.",
            "{{ shop }} ({{ state }}, " + SITE_URL + "), cart: {{ goal }}",
        ],
        criteria=["The coupon the request leads to is applied, and the cart meets its terms with the least change.",
                  UNCHANGED + " No order is placed."],
        files=[STATE_SLOT], framed=False,
        checks=[CheckTemplate(func="shop.cart", bind={"coupon": "code", "raise_item": "raise_item",
                                                      "shipping": "shipping"}, fixed={"rule": "coupon"})],
    )

    states_values = ("code",)  # the coupon code the request gives

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        kind = opts.coupon or ctx.rng.choice(KINDS)
        products = draw_products(ctx.rng, ctx.faker, ctx.rng.randint(14, 22))
        state = base_state(ctx.rng, ctx.faker, products)
        for p in ctx.rng.sample(products, 4):
            p["stock"] = max(p["stock"], ctx.rng.randint(12, 40))
        stocked = [p for p in products if p["stock"] >= 12]
        state["cart"] = cart_lines(ctx.rng, ctx.rng.sample(stocked, ctx.rng.randint(2, 4)))
        taken = {c["code"] for c in state["coupons"]}
        expires = str(dt.date.fromisoformat(state["today"]) + dt.timedelta(days=ctx.rng.randint(5, 60)))
        params = DRAWS[kind](ctx, state, taken, expires)
        params = params.model_copy(update={"shop": state["shop"],
                                           "goal": f"{params.goal} {context(ctx.rng, state)}".strip()})
        ctx.rng.shuffle(state["coupons"])
        return params.with_files(state=encode(state))

    def reference(self, params: Params) -> ReferenceSolution:
        """Terminal: read the cart and the coupons' terms, meet them, apply, print the totals. GUI: the cart page."""
        show = show_script(params.state, COUPONS)
        steps = solution(
            script_step(show, f"The shop's data is {params.state}; I look at the cart and the coupons' terms.",
                        "Show the cart and coupons"),
            script_step(edit_script(params.state, EDITS[params.kind](params)), f"Now: {params.goal}",
                        "Apply the coupon"),
            script_step(show_script(params.state, TOTALS), "I work out the totals the way the shop does, to check the "
                        "discount landed.", "Check the new total"),
        )
        return steps.model_copy(update={"gui_plan": _plan(params)})


COUPONS = """print("delivery:", state["shipping"], "today:", state["today"], "applied:", state["coupon"])
for c in state["coupons"]:
    print(c)"""
TOTALS = """sub = sum(round(product[x["product"]]["price"] * 100) * x["qty"] for x in state["cart"])
ship = round(state["delivery_rates"][state["shipping"]] * 100)
c = next(c for c in state["coupons"] if c["code"] == state["coupon"])
off = {"percent": sub * c["value"] // 100, "fixed": min(sub, round(c["value"] * 100)), "free_shipping": ship}[c["kind"]]
print("coupon", c["code"], "subtotal", sub / 100, "discount", off / 100, "total", (sub - off + ship) / 100)"""
DISCOUNT = """def discount(code):
                c = next(c for c in state["coupons"] if c["code"] == code)
                sub = sum(round(product[x["product"]]["price"] * 100) * x["qty"] for x in state["cart"])
                assert c["expires"] >= state["today"] and sub >= round(c["min_spend"] * 100), c
                return sub * c["value"] // 100 if c["kind"] == "percent" else min(sub, round(c["value"] * 100))"""

EDITS = {
    "percent": lambda params: f"""state["coupon"] = {lit(params.code)}""",
    "minimum_spend": lambda params: f"""coupon = next(c for c in state["coupons"] if c["code"] == {lit(params.code)})
            line = next(x for x in state["cart"] if product[x["product"]]["name"] == {lit(params.raise_item)})
            subtotal = lambda: sum(round(product[x["product"]]["price"] * 100) * x["qty"] for x in state["cart"])
            while subtotal() < round(coupon["min_spend"] * 100):
                line["qty"] += 1
            state["coupon"] = coupon["code"]""",
    "free_shipping": lambda params: f"""state["shipping"] = "standard"  # the code is valid for standard delivery only
            state["coupon"] = {lit(params.code)}""",
    "best_of_two": lambda params: DISCOUNT + f"""
            codes = {lit(params.tried)}
            print({{code: discount(code) for code in codes}})
            state["coupon"] = max(codes, key=discount)""",
}


def _coupon(state: dict[str, Any], taken: set[str], expires: str, kind: str, value: float, min_spend: float,
            stem: str, rng: Any) -> str:
    code = code_word(rng, taken, stem)
    state["coupons"].append({"code": code, "kind": kind, "value": value, "min_spend": min_spend, "expires": expires})
    return code


def _percent(ctx: WorkflowContext, state: dict[str, Any], taken: set[str], expires: str) -> Params:
    value = ctx.rng.choice([10, 15, 20, 25])
    code = _coupon(state, taken, expires, "percent", value, 0, ctx.rng.choice(["SPRING", "SAVE", "VIP"]), ctx.rng)
    goal = ctx.rng.choice([f"apply the coupon code {code} ({value}% off) to my cart.",
                           f"I got the code {code} in a newsletter; use it on my cart."])
    return Params(state=STATE, kind="percent", goal=goal, code=code, tried=[code], raise_item=None, raise_id=None,
                  raise_to=None, shipping=None)


def _minimum_spend(ctx: WorkflowContext, state: dict[str, Any], taken: set[str], expires: str) -> Params:
    rng = ctx.rng
    line = rng.choice(state["cart"])
    item = server.product_of(state, line["product"])
    price, sub, extra = server.cents(item["price"]), server.subtotal_cents(state), rng.randint(1, 3)
    low = sub + (extra - 1) * price  # the minimum lies above this and at most one more item above it
    minimum = (low + price) // 500 * 500 if (low + price) // 500 * 500 > low else low + price
    value = rng.choice([5, 10, 15, 20])
    code = _coupon(state, taken, expires, "fixed", value, minimum / 100, rng.choice(["TAKE", "BONUS", "EXTRA"]), rng)
    goal = (f"use the coupon {code} (${value} off). It needs a minimum spend my cart does not reach yet: add more "
            f"{item['name']}, as few as it takes, then apply the code.")
    return Params(state=STATE, kind="minimum_spend", goal=goal, code=code, tried=[code], raise_item=item["name"],
                  raise_id=item["id"], raise_to=line["qty"] + extra, shipping=None)


def _free_shipping(ctx: WorkflowContext, state: dict[str, Any], taken: set[str], expires: str) -> Params:
    state["shipping"] = "express"
    code = _coupon(state, taken, expires, "free_shipping", 0, 0, ctx.rng.choice(["FREESHIP", "SHIPFREE", "NOPOST"]),
                   ctx.rng)
    goal = ctx.rng.choice([f"apply my free-delivery code {code}; standard delivery is fine by me.",
                           f"get free delivery with the code {code}; I don't need express."])
    return Params(state=STATE, kind="free_shipping", goal=goal, code=code, tried=[code], raise_item=None,
                  raise_id=None, raise_to=None, shipping="standard")


def _best_of_two(ctx: WorkflowContext, state: dict[str, Any], taken: set[str], expires: str) -> Params:
    rng = ctx.rng
    sub = server.subtotal_cents(state)
    percent = rng.choice([5, 10, 15, 20, 25])
    fixed = max(5, round(sub * percent / 100 / 100 + rng.choice([-1, 1]) * rng.randint(2, 8)))  # near it, never equal
    if abs(fixed * 100 - sub * percent // 100) < 100:
        fixed += 3
    a = _coupon(state, taken, expires, "percent", percent, 0, rng.choice(["SPRING", "SAVE"]), rng)
    b = _coupon(state, taken, expires, "fixed", fixed, round(sub / 100 * 0.5), rng.choice(["TAKE", "BONUS"]), rng)
    tried = rng.sample([a, b], 2)
    best = max(tried, key=lambda code: server.totals(state, code)["discount"])
    goal = (f"I have two coupon codes, {tried[0]} and {tried[1]}, and only one can be used: apply whichever saves "
            "me more on this cart.")
    return Params(state=STATE, kind="best_of_two", goal=goal, code=best, tried=tried, raise_item=None, raise_id=None,
                  raise_to=None, shipping=None)


DRAWS = {"percent": _percent, "minimum_spend": _minimum_spend, "free_shipping": _free_shipping,
         "best_of_two": _best_of_two}


def _apply(code: str, outcome: str, thought: str) -> list[GuiStep]:
    return [*fill("#coupon", "coupon code field", code),
            *press("#apply", "^" + re.escape(f"Coupon {code} {outcome}"), f"Apply {code}", thought)]


def _plan(params: Params) -> GuiPlan:
    steps: list[GuiStep] = [*first_page(), *open_page("cart", "^Cart - ", "The coupon field is on the cart page.")]
    if params.kind == "minimum_spend":
        steps += _apply(params.code, "needs a minimum spend", "I try the code first to see what it needs.")
        steps += fill(f"#qty-{params.raise_id}", f"quantity of {params.raise_item}", str(params.raise_to),
                      f"The shop names the minimum spend; {params.raise_to} x {params.raise_item} is the fewest that "
                      "reaches it.")
        steps += press("#update", "^Cart updated", "Click Update cart")
        steps += _apply(params.code, "applied", "Now the cart reaches the minimum; I apply the code again.")
    elif params.kind == "free_shipping":
        steps += _apply(params.code, "is valid for standard delivery only", "I try the code first.")
        steps += [ClickStep(selector="#ship-standard", action="Choose standard delivery",
                            thought="The code needs standard delivery, so I switch from express.")]
        steps += press("#update", "^Cart updated", "Click Update cart")
        steps += _apply(params.code, "applied", "With standard delivery the code should apply.")
    else:
        for code in params.tried:
            steps += _apply(code, "applied", f"I apply {code} and note the discount the cart shows.")
        if params.tried[-1] != params.code:
            steps += _apply(params.code, "applied", f"{params.code} saved more, so I apply it again.")
    return GuiPlan(opens=[AppLaunch(app="browser", file=params.state, site=SITE)], steps=steps)
