"""Act on one order of the shop's history: cancel it before it ships, return one item of it (with a
reason and a refund method), buy its items again, or report an item missing from it. The order is
the most recent one, or the one of a given month holding a given product: the history holds that
product in another month too, and another order in the same month, as near misses.

Done in the browser (GUI plan: the orders list, the order's page, its buttons and forms) or in the
terminal (a script that finds the order in the site's JSON and records what the site records).
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any, Literal

from forge.models import ReferenceSolution
from forge.models.gui_plan import AppLaunch, ClickStep, GuiPlan, GuiStep
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, SkillParams, WorkflowContext, WorkflowSpec, register_workflow
from workflows.web._shop import (
    AFTER_SALE,
    SITE,
    SITE_URL,
    STATE,
    STATE_SLOT,
    UNCHANGED,
    base_state,
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
from workflows.web import orders_check as _orders_check  # noqa: F401  (registers shop.order_action)
from workflows.web.orders_check import Action

Which = Literal["latest", "searched"]
ACTIONS: tuple[Action, ...] = ("cancel", "return", "reorder", "report_missing")


class Options(SkillParams):
    which: Which | None = None
    action: Action | None = None


class Params(Prepared):
    state: str
    shop: str = ""
    goal: str
    which: Which
    action: Action
    product: str | None
    month: str | None
    item: str | None
    reason: Literal["damaged", "wrong_item", "not_needed", "not_as_described"] | None
    refund: Literal["original", "credit"] | None
    order_id: str
    item_id: str | None
    details: str


@register_workflow
class ShopOrders(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="web.shop_orders", apps=["browser"], params=Params, skill_params=Options,
        phrasings=[
            "In my account at {{ shop }} (" + SITE_URL + ", data in {{ state }}): {{ goal }} Leave my other orders "
            "alone.",
            "Could you sort out an order at {{ shop }} for me ({{ state }}, " + SITE_URL + ")? {{ goal }}",
            "{{ shop }} ({{ state }}, " + SITE_URL + "), order history: {{ goal }}",
        ],
        criteria=["The order the request means, and only it, is cancelled, returned from, bought again or reported "
                  "as the shop records it.", UNCHANGED],
        files=[STATE_SLOT], framed=False,
        checks=[CheckTemplate(func="shop.order_action", bind={
            "which": "which", "product": "product", "month": "month", "action": "action", "item": "item",
            "reason": "reason", "refund": "refund"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        which = opts.which or rng.choice(["latest", "searched"])
        action = opts.action or rng.choice(ACTIONS)
        products = draw_products(rng, ctx.faker, rng.randint(14, 20))
        state = base_state(rng, ctx.faker, products)
        for p in products:
            p["stock"] = max(p["stock"], rng.randint(4, 25))
        state["orders"], index = _history(rng, state, which, action)
        state["cart"] = [{"product": p["id"], "qty": 1} for p in rng.sample(products, rng.randint(0, 1))]
        order = state["orders"][index]
        searched = order["lines"][0]  # the product the request finds the order by; the item acted on is another
        line = rng.choice(order["lines"][1:] if which == "searched" and len(order["lines"]) > 1 else order["lines"])
        month = f"{dt.date.fromisoformat(order['date']):%B %Y}"
        named = ("my most recent order" if which == "latest" else
                 f"my order from {month} with the {searched['name']} in it")
        reason, refund = rng.choice(["damaged", "wrong_item", "not_needed", "not_as_described"]), \
            rng.choice(["original", "credit"])
        details = rng.choice(["The parcel arrived without it.", "It was not in the box; everything else was there.",
                              "Only the other items were delivered."])
        goal = GOALS[action](rng).format(order=named, item=line["name"], reason=REASON_WORDS[reason],
                                          refund=REFUND_WORDS[refund])
        has_item = action in ("return", "report_missing")
        goal = f"{goal} {context(rng, state, AFTER_SALE)}".strip()
        return Params(state=STATE, shop=state["shop"], goal=goal, which=which,
                      action=action, product=searched["name"] if which == "searched" else None,
                      month=month if which == "searched" else None, item=line["name"] if has_item else None,
                      reason=reason if action == "return" else None, refund=refund if action == "return" else None,
                      order_id=order["id"], item_id=line["product"] if has_item else None,
                      details=details).with_files(state=encode(state))

    def reference(self, params: Params) -> ReferenceSolution:
        """Terminal: list the orders, find the one meant, record the action as the site does. GUI: its page."""
        show = show_script(params.state, HISTORY)
        steps = solution(
            script_step(show, f"The shop's data is {params.state}; I list the order history first.", "List the orders"),
            script_step(edit_script(params.state, _find(params) + "\n            " + ACT[params.action](params)),
                        f"I find the order and act on it: {params.goal}", f"{params.action} on the order"),
            script_step(show_script(params.state, HISTORY), "I check the history and the cart now.", "Show the result"),
        )
        return steps.model_copy(update={"gui_plan": _plan(params)})


def _history(rng: Any, state: dict[str, Any], which: str, action: str) -> tuple[list[dict[str, Any]], int]:
    """Six to eight delivered orders weeks apart and the index of the one meant. A `searched` one shares its month
    with another order and its first product with an order of another month; it alone of its month holds that
    product. A cancel's target (and, as a near miss, the newest order) has not shipped."""
    today, products = dt.date.fromisoformat(state["today"]), state["products"]
    price = {p["id"]: p["price"] for p in products}
    while True:
        count = rng.randint(6, 8)
        dates = sorted(today - dt.timedelta(days=d) for d in rng.sample(range(2, 300), count))
        orders = [{"id": "", "date": str(day), "status": "delivered", "name": state["account"]["name"],
                   "address": state["account"]["address"], "payment": "card", "shipping": "standard",
                   "lines": [{"product": p["id"], "name": p["name"], "qty": rng.randint(1, 2)}
                             for p in sorted(rng.sample(products, rng.randint(2, 3)), key=lambda p: p["id"])]}
                  for day in dates]
        target = orders[-1] if which == "latest" else orders[rng.randrange(1, count - 1)]
        if which == "searched":
            held = {x["product"] for x in target["lines"]}
            twin = rng.choice([o for o in orders if o is not target])
            twin["date"] = target["date"][:8] + f"{rng.randint(1, int(target['date'][8:])):02d}"
            twin["lines"] = [x for x in twin["lines"] if x["product"] not in held] or [
                {"product": p["id"], "name": p["name"], "qty": 1} for p in products if p["id"] not in held][:1]
            others = [o for o in orders if o["date"][:7] != target["date"][:7]]
            if not others:
                continue
            near = rng.choice(others)
            near["lines"] = sorted([*(x for x in near["lines"] if x["product"] != target["lines"][0]["product"]),
                                    dict(target["lines"][0])], key=lambda x: x["product"])
        orders.sort(key=lambda o: o["date"])
        for i, o in enumerate(orders):
            o["id"] = str(1001 + i)
            o["total"] = round(sum(price[x["product"]] * x["qty"] for x in o["lines"]) + 4.95, 2)
        if action == "cancel":
            target["status"] = orders[-1]["status"] = "placed"
        if which == "searched" and [o for o in orders if o["date"][:7] == target["date"][:7] and any(
                x["product"] == target["lines"][0]["product"] for x in o["lines"])] != [target]:
            continue
        return orders, orders.index(target)


GOALS = {
    "cancel": lambda rng: rng.choice(["Cancel {order}; it has not shipped yet.",
                                      "I changed my mind about {order}: please cancel it before it ships."]),
    "return": lambda rng: rng.choice([
        "Return one {item} from {order}. Reason: {reason}; I want {refund}.",
        "From {order}, send back one {item} ({reason}), and ask for {refund}."]),
    "reorder": lambda rng: rng.choice(["Put the items of {order} in my cart again, same quantities. Don't check out.",
                                       "I want to buy {order} again: add its items to the cart (no need to order)."]),
    "report_missing": lambda rng: rng.choice([
        "The {item} from {order} never arrived: report it as missing through the support form.",
        "Use the support form to tell the shop that the {item} was missing from {order}."]),
}
REASON_WORDS = {"damaged": "it arrived damaged", "wrong_item": "they sent the wrong item",
                "not_needed": "I no longer need it", "not_as_described": "it is not as described"}
REFUND_WORDS = {"original": "the money back on my original payment", "credit": "store credit"}
HISTORY = """for o in state["orders"]:
    print(o["id"], o["date"], o["status"], [(x["qty"], x["name"]) for x in o["lines"]], o.get("returns", ""))
print("support:", state.get("support", []))"""


def _find(params: Params) -> str:
    if params.which == "latest":
        return """order = max(state["orders"], key=lambda o: (o["date"], int(o["id"])))"""
    return f"""import datetime
            month = datetime.datetime.strptime({lit(params.month)}, "%B %Y").strftime("%Y-%m")
            order = next(o for o in state["orders"] if o["date"].startswith(month)
                         and any(x["name"] == {lit(params.product)} for x in o["lines"]))"""


ACT = {
    "cancel": lambda params: """assert order["status"] == "placed", order
            for x in order["lines"]:
                product[x["product"]]["stock"] += x["qty"]
            order["status"] = "cancelled\"""",
    "return": lambda params: f"""line = next(x for x in order["lines"] if x["name"] == {lit(params.item)})
            order.setdefault("returns", []).append({{"product": line["product"], "qty": 1,
                                                    "reason": {lit(params.reason)}, "refund": {lit(params.refund)},
                                                    "date": state["today"]}})""",
    "reorder": lambda params: """for x in order["lines"]:
                line = next((c for c in state["cart"] if c["product"] == x["product"]), None)
                assert (line["qty"] if line else 0) + x["qty"] <= product[x["product"]]["stock"], x
                if line:
                    line["qty"] += x["qty"]
                else:
                    state["cart"].append({"product": x["product"], "qty": x["qty"]})""",
    "report_missing": lambda params: f"""line = next(x for x in order["lines"] if x["name"] == {lit(params.item)})
            state.setdefault("support", []).append({{"order": order["id"], "product": line["product"],
                                                    "topic": "missing item", "details": {lit(params.details)},
                                                    "date": state["today"]}})""",
}


def _plan(params: Params) -> GuiPlan:
    oid, item = params.order_id, params.item or ""
    steps: list[GuiStep] = [*first_page(), *open_page("orders", "^Orders - ", "The orders list shows dates and items.")]
    steps += press(f"#order-{oid}", f"^Order {oid} - ", f"Open order {oid}", f"Order {oid} is the one meant.")
    if params.action == "cancel":
        steps += press("#cancel", f"^Order {oid} cancelled", "Click Cancel order")
    elif params.action == "reorder":
        steps += press("#reorder", f"^The items of order {oid} are in the cart again", "Click Buy these again")
    elif params.action == "return":
        steps += press(f"#return-{params.item_id}", "^Return - ", f"Return {item}")
        steps += [ClickStep(selector=f"#reason-{params.reason}", action="Choose the reason"),
                  ClickStep(selector=f"#refund-{params.refund}", action="Choose the refund method")]
        steps += press("#send-return", "^" + re.escape(f"Return of 1 x {item} requested"), "Click Request return")
    else:
        steps += press(f"#missing-{params.item_id}", "^Report a missing item - ", f"Report {item} missing")
        steps += fill("#details", "description field", params.details)
        steps += press("#send-report", f"^Report sent for order {oid}", "Click Send report")
    return GuiPlan(opens=[AppLaunch(app="browser", file=params.state, site=SITE)], steps=steps)
