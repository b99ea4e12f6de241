"""Check out the shop's cart: standard or express delivery to the saved address, pickup at the
store nearest the customer, or delivery to a new address; paid with the saved card, a new card, by
invoice, or part by gift card and the rest by the saved card; with or without gift wrap and a
message. The cart's delivery is drawn either way, so the checkout's choice may have to change it.

Done in the browser (GUI plan: cart, checkout, its delivery, store, address, payment and gift
fields, Place order) or in the terminal (a script that records the order as the site does: takes
the stock, spends the gift card, empties the cart); the check replays the site's own checkout.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from forge.models import ReferenceSolution
from forge.models.gui_plan import AppLaunch, ClickStep, GuiPlan, GuiStep
from sites.shop import server
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, SkillParams, WorkflowContext, WorkflowSpec, register_workflow
from workflows.web import order_check as _order_check  # noqa: F401  (registers shop.order, which the spec names)
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
    open_page,
    press,
    show_script,
)

Delivery = Literal["standard", "express", "pickup", "new_address"]
Payment = Literal["saved_card", "new_card", "invoice", "gift_card_split"]
SITE_PAYMENT = {"saved_card": "card", "new_card": "new_card", "invoice": "invoice", "gift_card_split": "gift_card"}


class Options(SkillParams):
    delivery: Delivery | None = None
    payment: Payment | None = None
    gift: bool | None = None


class Params(Prepared):
    state: str
    shop: str = ""
    goal: str
    order_id: str
    delivery: Literal["standard", "express", "pickup"]
    address: str | None
    payment: Literal["card", "new_card", "invoice", "gift_card"]
    card_number: str | None
    card_expiry: str | None
    card_name: str | None
    gift_card: str | None
    gift_message: str | None
    store_id: str | None


@register_workflow
class ShopCheckout(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="web.shop_checkout", apps=["browser"], params=Params, skill_params=Options,
        phrasings=[
            "Please place my order at {{ shop }} (" + SITE_URL + ", its data is in {{ state }}): {{ goal }} Order "
            "what is in the cart as it is.",
            "My cart at {{ shop }} ({{ state }}, " + SITE_URL + ") is ready. Check it out: {{ goal }}",
            "{{ shop }} ({{ state }}, " + SITE_URL + "): order the cart. {{ goal }}",
        ],
        criteria=["One order holds the cart with the delivery, address, payment and gift options the request asks.",
                  UNCHANGED + " The stock, gift card balance and cart change as the shop's checkout changes them."],
        files=[STATE_SLOT], framed=False,
        checks=[CheckTemplate(func="shop.order", bind={
            "delivery": "delivery", "address": "address", "payment": "payment", "card_number": "card_number",
            "card_expiry": "card_expiry", "card_name": "card_name", "gift_card": "gift_card",
            "gift_message": "gift_message"})],
    )

    states_values = ("address", "card_number", "card_expiry", "gift_card", "gift_message")  # what the request gives

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng, faker = ctx.rng, ctx.faker
        delivery = opts.delivery or rng.choice(["standard", "express", "pickup", "new_address"])
        payment = opts.payment or rng.choice(list(SITE_PAYMENT))
        gift = rng.random() < 0.5 if opts.gift is None else opts.gift
        products = draw_products(rng, faker, rng.randint(12, 18))
        state = base_state(rng, faker, products)
        for p in rng.sample(products, 4):
            p["stock"], p["price"] = max(p["stock"], rng.randint(6, 30)), max(p["price"], round(rng.uniform(12, 90), 2))
        state["cart"] = cart_lines(rng, rng.sample([p for p in products if p["stock"] >= 6], rng.randint(1, 3)))
        state["shipping"] = rng.choice(["standard", "express"])
        state["delivery_rates"]["pickup"] = 0.0
        state["gift_wrap_fee"] = rng.choice([2.95, 3.5, 3.95, 4.5])
        state["account"]["card"] = {"brand": rng.choice(["Visa", "Mastercard"]), "last4": f"{rng.randint(0, 9999):04d}",
                                    "expires": f"{rng.randint(1, 12):02d}/{rng.randint(28, 31)}"}
        distances = rng.sample([x / 10 for x in range(8, 260)], rng.randint(3, 4))
        city = faker.city()
        state["stores"] = [{"id": f"s{i + 1}", "name": f"{state['shop'].split(' &')[0]} {city} {where}",
                            "address": faker.street_address(), "distance_km": d}
                           for i, (where, d) in enumerate(zip(["Centre", "North", "Retail Park", "Station"], distances,
                                                              strict=False))]
        state["gift_cards"] = [{"code": _gift_code(rng), "balance": float(rng.choice([10, 25, 50]))}
                               for _ in range(rng.randint(1, 3))]
        parts: list[str] = []
        params: dict[str, Any] = {"address": None, "card_number": None, "card_expiry": None, "card_name": None,
                                  "gift_card": None, "gift_message": None, "store_id": None}
        parts.append(DELIVERY_ASKS[delivery](rng))
        if delivery == "new_address":
            params["address"] = faker.address().replace("\n", ", ")
            parts[-1] = parts[-1].format(address=params["address"])
        else:
            parts[-1] = parts[-1].format(address="")
        if delivery == "pickup":
            params["store_id"] = min(state["stores"], key=lambda s: s["distance_km"])["id"]
        if payment == "new_card":
            params.update(card_number=faker.credit_card_number(card_type="visa16"), card_name=state["account"]["name"],
                          card_expiry=f"{rng.randint(1, 12):02d}/{int(state['today'][2:4]) + rng.randint(1, 4)}")
        if payment == "gift_card_split":
            subtotal = server.subtotal_cents(state)
            balance = rng.choice([b for b in (5, 10, 15, 20, 25, 30, 40, 50) if b * 100 < subtotal] or [5])
            if balance * 100 >= subtotal:
                state["cart"][0]["qty"] += 1
            params["gift_card"] = _gift_code(rng)
            state["gift_cards"].append({"code": params["gift_card"], "balance": float(balance)})
            rng.shuffle(state["gift_cards"])
        parts.append(PAYMENT_ASKS[payment](rng).format(**params))
        if gift:
            params["gift_message"] = rng.choice(MESSAGES).format(friend=faker.first_name(),
                                                                 me=state["account"]["name"].split()[0])
            parts.append(rng.choice(GIFT_ASKS).format(message=params["gift_message"]))
        goal = " ".join(parts + [context(rng, state)]).strip()
        return Params(state=STATE, shop=state["shop"], goal=goal, order_id=f"{1001 + len(state['orders'])}",
                      delivery="standard" if delivery == "new_address" else delivery, payment=SITE_PAYMENT[payment],
                      **params).with_files(state=encode(state))

    def reference(self, params: Params) -> ReferenceSolution:
        """Terminal: show the cart and checkout options, then record the order as the site does. GUI: the checkout."""
        show = show_script(params.state, OPTIONS)
        steps = solution(
            script_step(show, f"The shop's data is {params.state}; I look at the cart, stores, card and gift cards.",
                        "Show the cart and checkout options"),
            script_step(edit_script(params.state, _order_script(params)), f"Now I place the order: {params.goal}",
                        "Place the order"),
            script_step(show_script(params.state, LAST_ORDER), "I check the order the shop now holds.",
                        "Show the new order"),
        )
        return steps.model_copy(update={"gui_plan": _plan(params)})


def _gift_code(rng: Any) -> str:
    return "GC-" + "-".join("".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(4)) for _ in range(2))


DELIVERY_ASKS = {
    "standard": lambda rng: rng.choice(["Standard delivery to my saved address.",
                                        "Send it standard delivery to the address on my account."]),
    "express": lambda rng: rng.choice(["Express delivery to my saved address, please.",
                                       "I need it quickly: express delivery to the address on my account."]),
    "pickup": lambda rng: rng.choice(["I'll collect it myself from whichever of your stores is nearest to me.",
                                      "No delivery: store pickup at the closest store."]),
    "new_address": lambda rng: rng.choice(["Standard delivery, but to {address} rather than my saved address.",
                                           "Ship it (standard) to this address instead of mine: {address}."]),
}
PAYMENT_ASKS = {
    "saved_card": lambda rng: rng.choice(["Pay with the card saved on my account.", "Use my saved card."]),
    "new_card": lambda rng: rng.choice(["Pay with my new card: {card_number}, expiry {card_expiry}, name on card "
                                        "{card_name}.", "My old card is cancelled, so pay with the new one "
                                        "({card_number}, expires {card_expiry}, in the name {card_name})."]),
    "invoice": lambda rng: rng.choice(["Choose payment by invoice.", "I'd like to pay by invoice this time."]),
    "gift_card_split": lambda rng: rng.choice([
        "Use my gift card {gift_card} for as much as it covers and put the rest on my saved card.",
        "I have a gift card, {gift_card}: spend it on this order first; the saved card pays the remainder."]),
}
GIFT_ASKS = ['It is a present: gift-wrap it with the message "{message}".',
             'Have it gift-wrapped, and the gift message should read "{message}".']
MESSAGES = ["Happy birthday, {friend}! Love, {me}", "Congratulations on the new home, {friend}!",
            "Thank you for everything, {friend}. {me}", "Get well soon, {friend}",
            "Merry Christmas, {friend}! From {me}"]

OPTIONS = """print("cart delivery:", state["shipping"], "rates:", state["delivery_rates"])
print("gift wrap fee:", state["gift_wrap_fee"], "gift cards:", state["gift_cards"])
print("account:", state["account"])
for s in state["stores"]:
    print("store", s)"""
LAST_ORDER = """print(state["orders"][-1])
print("cart:", state["cart"])"""


def _order_script(params: Params) -> str:
    """The site's checkout as a script: delivery and store, total with wrap fee, payment, the order, stock, cart."""
    return f"""delivery, address, note = {lit(params.delivery)}, {lit(params.address)}, {lit(params.gift_message)}
            address, store = address or state["account"]["address"], None
            if delivery == "pickup":
                store = min(state["stores"], key=lambda s: s["distance_km"])
                address = store["name"] + ", " + store["address"]
                print("nearest store:", store)
            assert state["coupon"] is None, state["coupon"]
            state["shipping"] = delivery
            total = sum(round(product[x["product"]]["price"] * 100) * x["qty"] for x in state["cart"])
            total += round(state["delivery_rates"][delivery] * 100)
            total += round(state["gift_wrap_fee"] * 100) if note is not None else 0
            order = {{"id": str(1001 + len(state["orders"])), "date": state["today"], "total": total / 100,
                     "lines": [{{"product": x["product"], "name": product[x["product"]]["name"], "qty": x["qty"]}}
                               for x in state["cart"]],
                     "name": state["account"]["name"], "address": address, "payment": {lit(params.payment)},
                     "shipping": delivery, "status": "placed", "store": store["id"] if store else None, "card": None,
                     "gift_card": None, "gift_card_amount": 0, "gift_wrap": note is not None,
                     "gift_message": note or ""}}
            {PAY[params.payment](params)}
            for x in state["cart"]:
                product[x["product"]]["stock"] -= x["qty"]
            state["orders"].append(order)
            state["cart"] = []
            print(order)"""


PAY = {
    "card": lambda params: """order["card"] = state["account"]["card"]["last4"]""",
    "new_card": lambda params: f"""number = {lit(params.card_number)}.replace(" ", "")
            order["card"], order["card_name"] = number[-4:], {lit(params.card_name)}""",
    "invoice": lambda params: "pass  # an invoice needs no card",
    "gift_card": lambda params: f"""gift = next(g for g in state["gift_cards"] if g["code"] == {lit(params.gift_card)})
            paid = min(round(gift["balance"] * 100), total)
            gift["balance"] = (round(gift["balance"] * 100) - paid) / 100
            order.update(gift_card=gift["code"], gift_card_amount=paid / 100)
            order["card"] = state["account"]["card"]["last4"] if paid < total else None""",
}


def _plan(params: Params) -> GuiPlan:
    steps: list[GuiStep] = [*first_page(), *open_page("cart", "^Cart - ", "I start from the cart.")]
    steps += press("#checkout", "^Checkout - ", "Go to checkout", "The cart is as it should be; on to checkout.")
    steps.append(ClickStep(selector=f"#delivery-{params.delivery}", action=f"Choose {params.delivery} delivery",
                           thought=f"The request asks for {params.delivery}."))
    if params.store_id:
        steps.append(ClickStep(selector=f"#store-{params.store_id}", action="Choose the nearest store",
                               thought="Of the stores listed, this one has the smallest distance."))
    if params.address:
        steps += fill("#address", "address field", params.address, "The order goes to the new address.")
    steps.append(ClickStep(selector=f"#payment-{params.payment}", action=f"Choose {params.payment} payment"))
    for selector, field, value in (("#card-number", "card number", params.card_number),
                                   ("#card-expiry", "card expiry", params.card_expiry),
                                   ("#card-name", "name on card", params.card_name),
                                   ("#gift-code", "gift card code", params.gift_card)):
        steps += fill(selector, field, value) if value else []
    if params.gift_message is not None:
        steps.append(ClickStep(selector="#gift-wrap", action="Tick gift-wrap"))
        steps += fill("#gift-message", "gift message", params.gift_message)
    steps += press("#place", "^" + re.escape(f"Order {params.order_id} placed"), "Click Place order")
    return GuiPlan(opens=[AppLaunch(app="browser", file=params.state, site=SITE)], steps=steps)
