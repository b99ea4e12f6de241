"""The shop's rules, shared by its program and by Forge's web families (standard library only).

The money rules (`totals`, `coupon_problem`), the lookups, the reasons a form may give and the
state file's load and atomic save: a family computes what the site shows and saves with the code
the site runs. Nothing runs at import.
"""

import json
import os
import tempfile


# --- the money rules (shared with the workflows) ---------------------------------------------------


def cents(amount):
    return round(float(amount) * 100)


def money(amount_cents):
    return f"${amount_cents / 100:,.2f}"


def product_of(state, product_id):
    return next((p for p in state["products"] if p["id"] == product_id), None)


def subtotal_cents(state):
    return sum(cents(product_of(state, line["product"])["price"]) * line["qty"] for line in state["cart"])


def coupon_problem(state, code):
    """Why `code` cannot apply to the cart now, or "" when it can."""
    coupon = next((c for c in state["coupons"] if c["code"].upper() == code.strip().upper()), None)
    if coupon is None:
        return f"{code.strip() or 'That'} is not a valid coupon code."
    if coupon["expires"] < state["today"]:
        return f"Coupon {coupon['code']} expired on {coupon['expires']}."
    if subtotal_cents(state) < cents(coupon.get("min_spend", 0)):
        return f"Coupon {coupon['code']} needs a minimum spend of {money(cents(coupon['min_spend']))}."
    if coupon["kind"] == "free_shipping" and state["shipping"] != "standard":
        return f"Coupon {coupon['code']} is valid for standard delivery only."
    return ""


def totals(state, code=None):
    """The cart's subtotal, discount, delivery and total in cents, with coupon `code` (default: the applied one)."""
    code = state.get("coupon") if code is None else code
    sub = subtotal_cents(state)
    delivery = cents(state["delivery_rates"][state["shipping"]]) if state["cart"] else 0
    discount = 0
    if code and not coupon_problem(state, code):
        coupon = next(c for c in state["coupons"] if c["code"].upper() == code.upper())
        if coupon["kind"] == "percent":
            discount = sub * coupon["value"] // 100
        elif coupon["kind"] == "fixed":
            discount = min(sub, cents(coupon["value"]))
        else:
            discount = delivery
    return {"subtotal": sub, "discount": discount, "delivery": delivery, "total": sub - discount + delivery}


# --- the state file --------------------------------------------------------------------------------


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def save(path, state):
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(os.path.abspath(path)), prefix=".shop-", suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump(state, out, indent=2, ensure_ascii=False)
        out.write("\n")
    os.replace(tmp, path)


# --- what a form may give ---------------------------------------------------------------------------

REPORT_REASONS = {"spam": "Spam or advertising", "offensive": "Offensive", "off_topic": "Not about the product"}
RETURN_REASONS = {"damaged": "Arrived damaged", "wrong_item": "Wrong item sent", "not_needed": "No longer needed",
                  "not_as_described": "Not as described"}
REFUNDS = {"original": "Refund to the original payment", "credit": "Store credit"}


def order_of(state, order_id):
    return next((o for o in state["orders"] if o["id"] == order_id), None)
