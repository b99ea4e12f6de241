"""Edit the shop's cart: quantities from a shopping list, out-of-stock items out, the dearest items
dropped until a budget fits, or the wishlist's cheaper items moved in.

Done in the browser (GUI plan: the cart's quantity fields and Remove buttons, the wishlist's Move
buttons, located on the live page) or in the terminal (the site's JSON database edited by a script
that reads it first); the check reads the site's state file either way.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from forge.models import ReferenceSolution
from forge.models.gui_plan import AppLaunch, GuiPlan, GuiStep
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
    context,
    draw_products,
    edit_script,
    encode,
    fill,
    first_page,
    money,
    open_page,
    press,
    show_script,
)

Action = Literal["quantity", "remove_unavailable", "fit_budget", "from_wishlist"]
ACTIONS: tuple[Action, ...] = ("quantity", "remove_unavailable", "fit_budget", "from_wishlist")


class Options(SkillParams):
    action: Action | None = None


class Params(Prepared):
    state: str
    shop: str = ""
    action: Action
    goal: str
    wanted: dict[str, int]
    shopping_list: list[str]
    budget_cents: int
    limit_cents: int
    budget: float | None
    limit: float | None
    removed: list[str]
    moved: list[str]
    changes: dict[str, int]
    names: dict[str, str]


@register_workflow
class ShopCart(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="web.shop_cart", apps=["browser"], params=Params, skill_params=Options,
        phrasings=[
            "In {{ shop }}, our online shop (the web app at " + SITE_URL + ", which keeps its data in {{ state }}), sort out my "
            "cart: {{ goal }} Leave everything else in the shop as it is.",
            "Could you tidy my cart at {{ shop }} (" + SITE_URL + ", its database is {{ state }})? {{ goal }} "
            "Nothing else should change.",
            "{{ shop }}, my cart ({{ state }}, served at " + SITE_URL + "): {{ goal }}",
        ],
        criteria=["The cart (and the wishlist) hold exactly the lines the request leads to.",
                  UNCHANGED],
        files=[STATE_SLOT], framed=False,
        checks=[CheckTemplate(func="shop.cart", bind={"rule": "action", "shopping_list": "shopping_list",
                                                      "budget": "budget", "limit": "limit"})],
    )

    states_values = ("wanted", "shopping_list", "budget", "limit")  # the figures the request gives

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        action = opts.action or ctx.rng.choice(ACTIONS)
        products = draw_products(ctx.rng, ctx.faker, ctx.rng.randint(14, 22))
        state = base_state(ctx.rng, ctx.faker, products)
        in_stock = [p for p in products if p["stock"] >= 4]
        while len(in_stock) < 9:  # enough stock to draw any cart from
            extra = ctx.rng.choice([p for p in products if p["stock"] < 4])
            extra["stock"] = ctx.rng.randint(4, 30)
            in_stock.append(extra)
        picked = ctx.rng.sample(in_stock, 9)
        params = DRAWS[action](ctx, state, picked)
        params = params.model_copy(update={"shop": state["shop"],
                                           "goal": f"{params.goal} {context(ctx.rng, state)}".strip()})
        names = {p["id"]: p["name"] for p in products}
        return params.model_copy(update={"names": {i: names[i] for i in [*params.removed, *params.moved, *params.changes]}}) \
            .with_files(state=encode(state))

    def reference(self, params: Params) -> ReferenceSolution:
        """Terminal: list the cart, change it by the rule read from the data, list it again. GUI: the site's forms."""
        show = show_script(params.state, WISHLIST)
        edit = edit_script(params.state, EDITS[params.action](params))
        steps = solution(
            script_step(show, f"The shop's data is {params.state}; I look at the cart first.", "Show the cart"),
            script_step(edit, f"Now I change the cart: {params.goal}", "Change the cart"),
            script_step(show, "I list the cart again to check it.", "Show the cart again"),
        )
        return steps.model_copy(update={"gui_plan": _plan(params)})


WISHLIST = """print("wishlist:", [(product[i]["name"], product[i]["price"]) for i in state["wishlist"]])"""
EDITS = {  # each reads the cart it changes; only the request's own figures are written in
    "quantity": lambda params: f"""wanted = {lit(params.wanted)}
            by_name = {{p["name"]: p["id"] for p in state["products"]}}
            state["cart"] = [{{"product": by_name[n], "qty": q}} for n, q in wanted.items()]""",
    "remove_unavailable": lambda params: """state["cart"] = [x for x in state["cart"] if product[x["product"]]["stock"] > 0]""",
    "fit_budget": lambda params: f"""cents = lambda line: round(product[line["product"]]["price"] * 100) * line["qty"]
            while sum(map(cents, state["cart"])) > {params.budget_cents}:
                state["cart"].remove(max(state["cart"], key=lambda x: product[x["product"]]["price"]))""",
    "from_wishlist": lambda params: f"""moved = [i for i in state["wishlist"] if round(product[i]["price"] * 100) < {params.limit_cents}]
            state["cart"] += [{{"product": i, "qty": 1}} for i in moved]
            state["wishlist"] = [i for i in state["wishlist"] if i not in moved]""",
}


def _quantity(ctx: WorkflowContext, state: dict[str, Any], picked: list[dict[str, Any]]) -> Params:
    rng = ctx.rng
    lines = [{"product": p["id"], "qty": rng.randint(1, 3)} for p in picked[:rng.randint(3, 5)]]
    state["cart"] = sorted(lines, key=lambda x: x["product"])
    names = {p["id"]: p["name"] for p in picked}
    before = {x["product"]: x["qty"] for x in state["cart"]}
    wanted = dict(before)
    for line in rng.sample(state["cart"], 2):  # at least two lines change: one up or down, maybe one out
        wanted[line["product"]] = rng.choice([q for q in range(4) if q != line["qty"]])
    if not any(wanted.values()):
        wanted[state["cart"][0]["product"]] = 1
    listed = {names[i]: q for i, q in wanted.items() if q}
    goal = ("make it match my shopping list exactly (anything not on it comes out): "
            + "; ".join(f"{q} x {n}" for n, q in listed.items()) + ".")
    return Params(state=STATE, action="quantity", goal=goal, wanted=listed, budget_cents=0, limit_cents=0,
                  shopping_list=[f"{q} x {n}" for n, q in listed.items()], budget=None, limit=None, removed=[i for i, q in wanted.items() if not q], moved=[],
                  changes={i: q for i, q in wanted.items() if q and q != before[i]}, names={})


def _remove_unavailable(ctx: WorkflowContext, state: dict[str, Any], picked: list[dict[str, Any]]) -> Params:
    rng = ctx.rng
    chosen = picked[:rng.randint(4, 6)]
    gone = rng.sample(chosen, rng.randint(1, 2))
    for p in gone:
        p["stock"] = 0
    state["cart"] = cart_lines(rng, chosen)
    goal = rng.choice([f"take out every item that is out of stock (of the {len(chosen)} lines), so I can check out the rest.",
                       "some things in it sold out since I added them; remove those and keep the rest as they are.",
                       "checkout fails because of sold-out items: remove exactly those, nothing else.",
                       f"drop whatever is no longer in stock from the {len(chosen)} lines; the rest stay as they are."])
    return Params(state=STATE, action="remove_unavailable", goal=goal, wanted={}, budget_cents=0, limit_cents=0,
                  shopping_list=[], budget=None, limit=None, removed=sorted(p["id"] for p in gone), moved=[],
                  changes={}, names={})


def _fit_budget(ctx: WorkflowContext, state: dict[str, Any], picked: list[dict[str, Any]]) -> Params:
    rng = ctx.rng
    chosen: list[dict[str, Any]] = []
    for p in picked:  # distinct prices, so "the dearest" is one item
        if all(server.cents(p["price"]) != server.cents(q["price"]) for q in chosen):
            chosen.append(p)
    chosen = chosen[:rng.randint(4, 6)]
    state["cart"] = cart_lines(rng, chosen)
    dearest = sorted(state["cart"], key=lambda x: -server.cents(server.product_of(state, x["product"])["price"]))
    drop = rng.randint(1, len(dearest) - 2)
    kept, last = dearest[drop:], dearest[drop - 1]  # the cheaper lines stay
    low = sum(server.cents(server.product_of(state, x["product"])["price"]) * x["qty"] for x in kept)
    high = low + server.cents(server.product_of(state, last["product"])["price"]) * last["qty"]
    budget = max(low, (rng.randint(low, high - 1) // 100) * 100)  # a round figure where one fits
    goal = (f"my budget is {money(budget)} for the items (delivery aside). Remove the most expensive items, "
            "judged by price each, one product at a time, until the subtotal is at most that.")
    return Params(state=STATE, action="fit_budget", goal=goal, wanted={}, budget_cents=budget, limit_cents=0,
                  shopping_list=[], budget=budget / 100, limit=None, removed=[x["product"] for x in dearest[:drop]], moved=[],
                  changes={}, names={})


def _from_wishlist(ctx: WorkflowContext, state: dict[str, Any], picked: list[dict[str, Any]]) -> Params:
    rng = ctx.rng
    in_cart, wished = picked[:rng.randint(1, 3)], picked[3:3 + rng.randint(4, 6)]
    state["cart"] = cart_lines(rng, in_cart)
    state["wishlist"] = [p["id"] for p in wished]
    prices = sorted({server.cents(p["price"]) for p in wished})
    cut = rng.randint(1, len(prices) - 1)
    limit = ((prices[cut - 1] // 100) + 1) * 100  # a whole-dollar limit between two prices
    limit = min(limit, prices[cut])
    moved = [p["id"] for p in wished if server.cents(p["price"]) < limit]
    goal = (f"move every wishlist item that costs less than {money(limit)} into the cart (one of each) and "
            "leave the dearer ones on the wishlist.")
    return Params(state=STATE, action="from_wishlist", goal=goal, wanted={}, budget_cents=0, limit_cents=limit,
                  shopping_list=[], budget=None, limit=limit / 100,
                  removed=[], moved=moved, changes={}, names={})


DRAWS = {"quantity": _quantity, "remove_unavailable": _remove_unavailable, "fit_budget": _fit_budget,
         "from_wishlist": _from_wishlist}


def _plan(params: Params) -> GuiPlan:
    steps: list[GuiStep] = first_page()
    name = params.names
    if params.action == "from_wishlist":
        steps += open_page("wishlist", "^Wishlist - ", "The items to move are on my wishlist; I open it.")
        for i in params.moved:
            steps += press(f"#move-{i}", "^" + re.escape(f"Added {name[i]} to the cart."), f"Move {name[i]} to the cart",
                           f"{name[i]} costs less than {money(params.limit_cents)}, so it goes into the cart.")
    elif params.action == "quantity":
        steps += open_page("cart", "^Cart - ", "I open the cart to compare it with my list.")
        for i, q in {**params.changes, **{i: 0 for i in params.removed}}.items():
            steps += fill(f"#qty-{i}", f"quantity of {name[i]}", str(q))
        steps += press("#update", "^Cart updated", "Click Update cart", "The quantities match the list; I update the cart.")
    else:
        steps += open_page("cart", "^Cart - ", "I open the cart to see what is in it.")
        for i in params.removed:
            why = ("it is out of stock" if params.action == "remove_unavailable" else
                   f"it is the dearest item left and the subtotal is still over {money(params.budget_cents)}")
            steps += press(f"#remove-{i}", "^" + re.escape(f"Removed {name[i]} from the cart."), f"Remove {name[i]}",
                           f"{name[i]} has to go: {why}.")
    return GuiPlan(opens=[AppLaunch(app="browser", file=params.state, site=SITE)], steps=steps)
