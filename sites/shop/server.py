"""The shop web app: `python3 server.py STATE.json PORT` (standard library only).

Runs inside the episode's sandbox on 127.0.0.1 over one JSON state file (products, cart,
wishlist, coupons, orders). Pages: the catalogue (search, categories), a product page, the
wishlist, the cart (quantities, delivery, coupon, totals), checkout and the orders list. Every
form POST validates, rewrites the state file atomically (temporary file, then rename) and
redirects; a refused form (an expired coupon, too many items) shows the reason and saves nothing.

The money rules (`totals`, `coupon_problem`) live in `rules.py` and the HTML in `pages.py`, beside
this file; the forms and the rules are importable, so a workflow computes what the site shows and
saves from the same code; nothing runs at import.
"""

import hashlib
import re
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlencode

# The families reach the rules through this module too (`server.cents`, `server.totals`, ...).
if __package__:  # imported by Forge: the web families run the forms' code on a task's state
    from sites.shop.pages import (account, cart, catalogue, checkout, missing_page, order_page, orders, page, product,
                                  return_page, review_page, wishlist)
    from sites.shop.rules import (REFUNDS, REPORT_REASONS, RETURN_REASONS, cents, coupon_problem, load, money,
                                  order_of, product_of, save, subtotal_cents, totals)
else:  # the site's program, its modules beside it
    from pages import (account, cart, catalogue, checkout, missing_page, order_page, orders, page, product, return_page,
                       review_page, wishlist)
    from rules import (REFUNDS, REPORT_REASONS, RETURN_REASONS, cents, coupon_problem, load, money, order_of,
                       product_of, save, subtotal_cents, totals)


# --- form handling: each returns (message, next page); a message starting with "!" is a refusal ---


def _qty(text):
    return int(text) if re.fullmatch(r"\d{1,4}", text.strip()) else None


def add_to_cart(state, form):
    p = product_of(state, form.get("product", ""))
    qty = _qty(form.get("qty", "1"))
    if p is None or not qty:
        return "!Choose a product and a quantity of at least 1.", "/"
    line = next((x for x in state["cart"] if x["product"] == p["id"]), None)
    have = (line["qty"] if line else 0) + qty
    if have > p["stock"]:
        return f'!Only {p["stock"]} of {p["name"]} in stock.', f'/product/{p["id"]}'
    if line:
        line["qty"] = have
    else:
        state["cart"].append({"product": p["id"], "qty": qty})
        state["cart"].sort(key=lambda x: x["product"])
    return f'Added {p["name"]} to the cart.', "/cart"


def update_cart(state, form):
    if form.get("remove"):
        gone = product_of(state, form["remove"])
        state["cart"] = [x for x in state["cart"] if x["product"] != form["remove"]]
        return f'Removed {gone["name"] if gone else "the item"} from the cart.', "/cart"
    for line in state["cart"]:
        qty = _qty(form.get(f'qty-{line["product"]}', str(line["qty"])))
        p = product_of(state, line["product"])
        if qty is None:
            return f'!The quantity of {p["name"]} must be a whole number.', "/cart"
        if qty > line["qty"] and qty > p["stock"]:
            return f'!Only {p["stock"]} of {p["name"]} in stock.', "/cart"
        line["qty"] = qty
    state["cart"] = [x for x in state["cart"] if x["qty"] > 0]
    if form.get("shipping") in state["delivery_rates"]:
        state["shipping"] = form["shipping"]
    return "Cart updated.", "/cart"


def apply_coupon(state, form):
    code = form.get("code", "")
    problem = coupon_problem(state, code)
    if problem:
        return "!" + problem, "/cart"
    state["coupon"] = next(c["code"] for c in state["coupons"] if c["code"].upper() == code.strip().upper())
    return f'Coupon {state["coupon"]} applied.', "/cart"


def add_to_wishlist(state, form):
    p = product_of(state, form.get("product", ""))
    if p is None:
        return "!No such product.", "/"
    if p["id"] not in state["wishlist"]:
        state["wishlist"].append(p["id"])
    return f'Saved {p["name"]} to the wishlist.', "/wishlist"


def move_to_cart(state, form):
    if form.get("product") not in state["wishlist"]:
        return "!That item is not on the wishlist.", "/wishlist"
    message, _ = add_to_cart(state, {"product": form["product"], "qty": "1"})
    if not message.startswith("!"):
        state["wishlist"].remove(form["product"])
    return message, "/wishlist"


def _luhn(number):
    digits = [int(d) for d in reversed(number)]
    return sum(d if i % 2 == 0 else (d * 2 - 9 if d > 4 else d * 2) for i, d in enumerate(digits)) % 10 == 0


def _saved_card(state, form, total):
    card = state["account"].get("card")
    return ("", {"card": card["last4"]}) if card else ("There is no saved card on the account.", {})


def _new_card(state, form, total):
    number = re.sub(r"[ -]", "", form.get("card_number", ""))
    expiry = re.fullmatch(r"(\d\d)/(\d\d)", form.get("card_expiry", "").strip())
    if not re.fullmatch(r"\d{13,19}", number) or not _luhn(number):
        return "The card number is not valid.", {}
    if not expiry or not 1 <= int(expiry.group(1)) <= 12 or \
            f"20{expiry.group(2)}-{expiry.group(1)}" < state["today"][:7]:
        return "The card's expiry date must be a month to come, as MM/YY.", {}
    if not form.get("card_name", "").strip():
        return "Give the name on the card.", {}
    return "", {"card": number[-4:], "card_name": form["card_name"].strip()}


def _invoice(state, form, total):
    return "", {}


def _gift_card(state, form, total):
    code = form.get("gift_code", "").strip().upper()
    gift = next((g for g in state.get("gift_cards", []) if g["code"].upper() == code), None)
    if gift is None or cents(gift["balance"]) == 0:
        return f"{code or 'That'} is not a gift card with money on it.", {}
    amount = min(cents(gift["balance"]), total)
    rest = {}
    if amount < total:
        problem, rest = _saved_card(state, form, total)
        if problem:
            return problem, {}
    gift["balance"] = (cents(gift["balance"]) - amount) / 100
    return "", {**rest, "gift_card": gift["code"], "gift_card_amount": amount / 100}


PAYMENTS = {"card": _saved_card, "new_card": _new_card, "invoice": _invoice, "gift_card": _gift_card}


def place_order(state, form):
    """Validate the checkout form, then record the order (delivery, payment, gift), take the stock and empty the cart."""
    if not state["cart"]:
        return "!The cart is empty.", "/cart"
    name, address = form.get("name", "").strip(), form.get("address", "").strip()
    delivery, store = form.get("delivery") or state["shipping"], None
    if delivery not in state["delivery_rates"]:
        return "!Choose a delivery option.", "/checkout"
    if delivery == "pickup":
        store = next((s for s in state.get("stores", []) if s["id"] == form.get("store")), None)
        if store is None:
            return "!Choose the store to pick the order up from.", "/checkout"
        address = f'{store["name"]}, {store["address"]}'
    if not name or not address:
        return "!Name and address must not be empty.", "/checkout"
    wrap, note = bool(form.get("gift_wrap")), " ".join(form.get("gift_message", "").split())
    if note and not wrap:
        return "!A gift message goes with gift wrapping: tick gift-wrap too.", "/checkout"
    state["shipping"] = delivery
    total = totals(state)["total"] + (cents(state.get("gift_wrap_fee", 0)) if wrap else 0)
    payment = form.get("payment", "card")
    if payment not in PAYMENTS:
        return "!Choose a payment method.", "/checkout"
    problem, paid = PAYMENTS[payment](state, form, total)
    if problem:
        return "!" + problem, "/checkout"
    lines = [{"product": x["product"], "name": product_of(state, x["product"])["name"], "qty": x["qty"]}
             for x in state["cart"]]
    for x in state["cart"]:
        product_of(state, x["product"])["stock"] -= x["qty"]
    state["orders"].append({"id": f'{1001 + len(state["orders"])}', "date": state["today"], "lines": lines,
                            "total": total / 100, "name": name, "address": address, "payment": payment,
                            "shipping": delivery, "status": "placed", "store": store["id"] if store else None,
                            "card": None, "gift_card": None, "gift_card_amount": 0, **paid, "gift_wrap": wrap,
                            "gift_message": note})
    state["cart"], state["coupon"] = [], None
    return f'Order {state["orders"][-1]["id"]} placed.', "/orders"


def cancel_order(state, form):
    o = order_of(state, form.get("order", ""))
    if o is None or o["status"] != "placed":
        return "!Only an order that has not shipped yet can be cancelled.", "/orders"
    for x in o["lines"]:
        product_of(state, x["product"])["stock"] += x["qty"]
    o["status"] = "cancelled"
    return f'Order {o["id"]} cancelled.', f'/order/{o["id"]}'


def reorder(state, form):
    o = order_of(state, form.get("order", ""))
    if o is None:
        return "!No such order.", "/orders"
    for x in o["lines"]:
        message, _ = add_to_cart(state, {"product": x["product"], "qty": str(x["qty"])})
        if message.startswith("!"):
            return message, f'/order/{o["id"]}'
    return f'The items of order {o["id"]} are in the cart again.', "/cart"


def _delivered_line(state, form):
    o = order_of(state, form.get("order", ""))
    line = next((x for x in o["lines"] if x["product"] == form.get("product")), None) if o else None
    return (o, line) if line and o["status"] == "delivered" else (None, None)


def request_return(state, form):
    o, line = _delivered_line(state, form)
    if o is None:
        return "!Only an item of a delivered order can be returned.", "/orders"
    qty, back = _qty(form.get("qty", "")), f'/order/{o["id"]}/return/{line["product"]}'
    returned = sum(r["qty"] for r in o.get("returns", []) if r["product"] == line["product"])
    if not qty or qty + returned > line["qty"]:
        return f'!Return between 1 and {line["qty"] - returned} of {line["name"]}.', back
    if form.get("reason") not in RETURN_REASONS or form.get("refund") not in REFUNDS:
        return "!Choose a reason and a refund method.", back
    o.setdefault("returns", []).append({"product": line["product"], "qty": qty, "reason": form["reason"],
                                        "refund": form["refund"], "date": state["today"]})
    return f'Return of {qty} x {line["name"]} requested.', f'/order/{o["id"]}'


def report_missing(state, form):
    o, line = _delivered_line(state, form)
    details = " ".join(form.get("details", "").split())
    if o is None:
        return "!Report a missing item of a delivered order.", "/orders"
    if not details:
        return "!Say what happened.", f'/order/{o["id"]}/missing/{line["product"]}'
    state.setdefault("support", []).append({"order": o["id"], "product": line["product"], "topic": "missing item",
                                            "details": details, "date": state["today"]})
    return f'Report sent for order {o["id"]}.', f'/order/{o["id"]}'


def _address(state, form):
    return next((a for a in state["account"].get("addresses", []) if a["id"] == form.get("id")), None)


def add_address(state, form):
    text, acct = " ".join(form.get("text", "").split()), state["account"]
    if not text:
        return "!Type the address to add.", "/account"
    taken = [int(a["id"][1:]) for a in acct.setdefault("addresses", [])]
    acct["addresses"].append({"id": f"a{max(taken, default=0) + 1}", "text": text})
    if form.get("default"):
        acct["address"] = text
    return "Address added.", "/account"


def default_address(state, form):
    found = _address(state, form)
    if found is None:
        return "!No such address.", "/account"
    state["account"]["address"] = found["text"]
    return "Default address set.", "/account"


def delete_address(state, form):
    found = _address(state, form)
    if found is None or found["text"] == state["account"]["address"]:
        return "!The default address cannot be deleted; make another one the default first.", "/account"
    state["account"]["addresses"].remove(found)
    return "Address deleted.", "/account"


def replace_card(state, form):
    problem, card = _new_card(state, form, 0)
    if problem:
        return "!" + problem, "/account"
    brand = {"4": "Visa", "5": "Mastercard", "3": "American Express"}.get(form["card_number"].strip()[:1], "Card")
    state["account"]["card"] = {"brand": brand, "last4": card["card"], "expires": form["card_expiry"].strip(),
                                "name": card["card_name"]}
    return "Saved card replaced.", "/account"


def save_newsletters(state, form):
    news = state["account"].get("newsletters", {})
    for i, name in enumerate(sorted(news)):
        news[name] = bool(form.get(f"news-{i}"))
    return "Newsletter preferences saved.", "/account"


def password_hash(text):
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def change_password(state, form):
    acct, new = state["account"], form.get("new", "")
    if password_hash(form.get("current", "")) != acct.get("password_sha256"):
        return "!The current password is not right.", "/account"
    if len(new) < 8 or new != form.get("confirm"):
        return "!The new password needs 8 characters or more, typed the same twice.", "/account"
    acct["password_sha256"] = password_hash(new)
    return "Password changed.", "/account"


def _review(state, form):
    return next((r for r in state.get("reviews", []) if r["id"] == form.get("id")), None)


def edit_review(state, form):
    r, text = _review(state, form), " ".join(form.get("text", "").split())
    if r is None or r["author"] != state["account"]["name"]:
        return "!You can edit only your own review.", "/"
    if form.get("rating") not in {"1", "2", "3", "4", "5"} or not text:
        return "!Give 1 to 5 stars and some words.", f'/product/{r["product"]}'
    r.update(rating=int(form["rating"]), text=text, date=state["today"])
    return "Review saved.", f'/product/{r["product"]}'


def report_review(state, form):
    r = _review(state, form)
    reason = form.get(f'reason-{form.get("id")}')
    if r is None or r["author"] == state["account"]["name"]:
        return "!No such review to report.", "/"
    if reason not in REPORT_REASONS:
        return "!Choose why the review breaks the rules.", f'/product/{r["product"]}'
    r["reported"] = reason
    return "Review reported.", f'/product/{r["product"]}'


POSTS = {"/cart/add": add_to_cart, "/cart/update": update_cart, "/cart/coupon": apply_coupon,
         "/wishlist/add": add_to_wishlist, "/wishlist/move": move_to_cart, "/checkout": place_order,
         "/order/cancel": cancel_order, "/order/reorder": reorder, "/order/return": request_return,
         "/order/missing": report_missing, "/account/address/add": add_address,
         "/account/address/default": default_address, "/account/address/delete": delete_address,
         "/account/card": replace_card, "/account/newsletters": save_newsletters, "/account/password": change_password,
         "/review/edit": edit_review, "/review/report": report_review}
PAGES = {"/wishlist": wishlist, "/cart": cart, "/checkout": checkout, "/orders": orders, "/account": account}


def make_handler(path):
    class Handler(BaseHTTPRequestHandler):
        def _send(self, status, text, location=None):
            data = text.encode("utf-8")
            self.send_response(status)
            if location:
                self.send_header("Location", location)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):
            state = load(path)
            where, _, raw = self.path.partition("?")
            query = parse_qs(raw)
            message = query.get("m", [""])[0]
            if where == "/":
                return self._send(200, catalogue(state, query))
            if where in PAGES:
                return self._send(200, PAGES[where](state, message))
            found = re.fullmatch(r"/review/(\w+)", where)
            if found and _review(state, {"id": found.group(1)}):
                return self._send(200, review_page(state, _review(state, {"id": found.group(1)}), message))
            match = re.fullmatch(r"/order/(\w+)(?:/(return|missing)/([\w-]+))?", where)
            o = order_of(state, match.group(1)) if match else None
            if o and not match.group(2):
                return self._send(200, order_page(state, o, message))
            if o and product_of(state, match.group(3)) and any(x["product"] == match.group(3) for x in o["lines"]):
                show = return_page if match.group(2) == "return" else missing_page
                return self._send(200, show(state, o, product_of(state, match.group(3)), message))
            match = re.fullmatch(r"/product/([\w-]+)", where)
            if match and product_of(state, match.group(1)):
                return self._send(200, product(state, product_of(state, match.group(1)), message))
            return self._send(404, page(state, "Not found", "Not found", ""))

        def do_POST(self):
            state = load(path)
            act = POSTS.get(self.path.split("?")[0])
            if act is None:
                return self._send(404, page(state, "Not found", "Not found", ""))
            length = min(int(self.headers.get("Content-Length") or 0), 65536)
            form = {k: v[0] for k, v in parse_qs(self.rfile.read(length).decode("utf-8"), keep_blank_values=True).items()}
            message, where = act(state, form)
            if not message.startswith("!"):
                save(path, state)
            return self._send(303, "", location=f"{where}?{urlencode({'m': message})}")

        def log_message(self, format, *args):
            sys.stderr.write("%s\n" % (format % args))

    return Handler


if __name__ == "__main__":
    ThreadingHTTPServer(("127.0.0.1", int(sys.argv[2]) if len(sys.argv) > 2 else 8000),
                        make_handler(sys.argv[1] if len(sys.argv) > 1 else "shop.json")).serve_forever()
