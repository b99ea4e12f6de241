"""The shop web app: `python3 server.py STATE.json PORT` (standard library only).

Runs inside the episode's sandbox on 127.0.0.1 over one JSON state file (products, cart,
wishlist, coupons, orders). Pages: the catalogue (search, categories), a product page, the
wishlist, the cart (quantities, delivery, coupon, totals), checkout and the orders list. Every
form POST validates, rewrites the state file atomically (temporary file, then rename) and
redirects; a refused form (an expired coupon, too many items) shows the reason and saves nothing.

The money rules (`totals`, `coupon_problem`) are importable, so a workflow computes what the
site shows from the same code; nothing runs at import.
"""

import hashlib
import html
import json
import os
import re
import sys
import tempfile
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlencode

PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>{title}</title><style>
body {{ font-family: sans-serif; margin: 20px 40px; font-size: 16px; }} nav a {{ margin-right: 18px; }}
table {{ border-collapse: collapse; }} td, th {{ border: 1px solid #bbb; padding: 6px 12px; text-align: left; }}
input[type=text], input[type=number], select {{ font-size: 16px; padding: 3px; }} input[type=number] {{ width: 5em; }}
button {{ font-size: 16px; padding: 4px 14px; margin: 4px; }} .note {{ color: #060; }} .problem {{ color: #a00; }}
</style></head><body><nav><a id="nav-home" href="/">Catalogue</a><a id="nav-wishlist" href="/wishlist">Wishlist</a>
<a id="nav-cart" href="/cart">Cart ({count})</a><a id="nav-orders" href="/orders">Orders</a>
<a id="nav-account" href="/account">Account</a></nav>
<h1>{heading}</h1>{message}{body}</body></html>"""


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


# --- pages -----------------------------------------------------------------------------------------

E = html.escape


def page(state, title, heading, body, message=""):
    count = sum(line["qty"] for line in state["cart"])
    shown = f'<p class="note" id="message">{E(message)}</p>' if message else ""
    if message.startswith("!"):
        shown = f'<p class="problem" id="problem">{E(message[1:])}</p>'
    if message:  # the outcome of the last form leads the title, so a waiting user (or plan) sees it arrive
        title = f"{message.lstrip('!')} | {title}"
    return PAGE.format(title=E(title), heading=E(heading), body=body, message=shown, count=count)


def catalogue(state, query):
    words = query.get("q", [""])[0].strip()
    category = query.get("category", [""])[0]
    found = [p for p in state["products"] if (not category or p["category"] == category)
             and all(w in (p["name"] + " " + p["description"]).lower() for w in words.lower().split())]
    options = "".join(f'<option value="{E(c)}"{" selected" if c == category else ""}>{E(c)}</option>'
                      for c in sorted({p["category"] for p in state["products"]}))
    rows = "".join(
        f'<tr><td><a id="product-{p["id"]}" href="/product/{p["id"]}">{E(p["name"])}</a></td><td>{E(p["category"])}'
        f'</td><td>{money(cents(p["price"]))}</td><td>{p["rating"]:.1f} ({p["reviews"]} reviews)</td>'
        f'<td>{"in stock" if p["stock"] else "out of stock"}</td></tr>' for p in found)
    links = " ".join(f'<a id="cat-{E(c)}" href="/?{urlencode({"category": c})}">{E(c)}</a>'
                     for c in sorted({p["category"] for p in state["products"]}))
    body = (f'<p>Categories: {links}</p><form method="get" action="/"><input type="text" id="search" name="q" '
            f'value="{E(words, quote=True)}"><select id="category" name="category"><option value="">All categories'
            f'</option>{options}</select><button id="go" type="submit">Search</button></form><p>{len(found)} products</p>'
            f'<table><tr><th>Product</th><th>Category</th><th>Price</th><th>Rating</th><th>Stock</th></tr>{rows}</table>')
    shown = ", ".join(x for x in (words, category) if x)  # a search or category leads the title: "Catalogue: kettle - ..."
    title = f'Catalogue: {shown} - {state["shop"]}' if shown else f'Catalogue - {state["shop"]}'
    return page(state, title, state["shop"], body, query.get("m", [""])[0])


def product(state, p, message):
    stock = f'{p["stock"]} in stock' if p["stock"] else "Out of stock"
    body = (f'<p>{E(p["description"])}</p><p>Category: {E(p["category"])}</p><p id="price">{money(cents(p["price"]))}</p>'
            f'<p>{p["rating"]:.1f} stars from {p["reviews"]} reviews</p><p id="stock">{stock}</p>'
            f'<form method="post" action="/cart/add"><input type="hidden" name="product" value="{p["id"]}">'
            f'<input type="number" id="qty" name="qty" value="1" min="1"><button id="add" type="submit">Add to cart'
            f'</button></form><form method="post" action="/wishlist/add"><input type="hidden" name="product" '
            f'value="{p["id"]}"><button id="wish" type="submit">Add to wishlist</button></form>{reviews(state, p)}')
    return page(state, f'{p["name"]} - {state["shop"]}', p["name"], body, message)


REPORT_REASONS = {"spam": "Spam or advertising", "offensive": "Offensive", "off_topic": "Not about the product"}


def reviews(state, p):
    """The product's reviews, one row each: the account's own one links to its edit form, any other to a report."""
    rows = ""
    for r in (r for r in state.get("reviews", []) if r["product"] == p["id"]):
        act = "Edit" if r["author"] == state["account"]["name"] else "" if r.get("reported") else "Report"
        link = f'<a id="review-{r["id"]}" href="/review/{r["id"]}">{act}</a>' if act else "reported"
        rows += (f'<tr><td>{r["rating"]} stars</td><td>{E(r["author"])}</td><td>{E(r["date"])}</td>'
                 f'<td>{E(r["text"])}</td><td>{link}</td></tr>')
    return f'<h2>Reviews</h2><table>{rows}</table>' if rows else ""


def review_page(state, r, message):
    """The edit form of the account's own review (rating and text), or the report form of another's."""
    hidden = f'<input type="hidden" name="id" value="{r["id"]}">'
    shown = f'<p>{r["rating"]} stars by {E(r["author"])}: {E(r["text"])}</p>'
    if r["author"] == state["account"]["name"]:
        form = (f'<form method="post" action="/review/edit">{hidden}'
                f'{_radios("rating", [(str(n), f"{n} stars") for n in range(1, 6)], str(r["rating"]))}<input '
                f'type="text" id="review-text" name="text" size="70" value="{E(r["text"], quote=True)}"><button '
                f'id="save-review" type="submit">Save review</button></form>')
    else:
        form = (f'<form method="post" action="/review/report">{hidden}'
                f'{_radios("reason-" + r["id"], REPORT_REASONS.items(), None)}<button id="report-{r["id"]}" '
                f'type="submit">Report review</button></form>')
    return page(state, f'Review - {state["shop"]}', "Review", shown + form, message)


def wishlist(state, message):
    rows = "".join(
        f'<tr><td>{E(p["name"])}</td><td>{money(cents(p["price"]))}</td><td><form method="post" action="/wishlist/move">'
        f'<input type="hidden" name="product" value="{p["id"]}"><button id="move-{p["id"]}" type="submit">Move to cart'
        f'</button></form></td></tr>' for p in (product_of(state, i) for i in state["wishlist"]))
    body = f'<table><tr><th>Product</th><th>Price</th><th></th></tr>{rows}</table>' if rows else "<p>Empty.</p>"
    return page(state, f'Wishlist - {state["shop"]}', "Wishlist", body, message)


def cart(state, message):
    rows = ""
    for line in state["cart"]:
        p = product_of(state, line["product"])
        stock = "" if p["stock"] else ' <strong class="problem">out of stock</strong>'
        rows += (f'<tr><td>{E(p["name"])}{stock}</td><td>{money(cents(p["price"]))}</td><td><input type="number" '
                 f'id="qty-{p["id"]}" name="qty-{p["id"]}" value="{line["qty"]}" min="0"></td><td>'
                 f'<button id="remove-{p["id"]}" type="submit" name="remove" value="{p["id"]}">Remove</button></td></tr>')
    t = totals(state)
    ship = "".join(f'<label><input type="radio" id="ship-{k}" name="shipping" value="{k}"'
                   f'{" checked" if k == state["shipping"] else ""}> {k} ({money(cents(v))})</label> '
                   for k, v in state["delivery_rates"].items())
    applied = state.get("coupon") or "none"
    body = (f'<form method="post" action="/cart/update"><table><tr><th>Product</th><th>Price</th><th>Quantity</th>'
            f'<th></th></tr>{rows}</table><p>Delivery: {ship}</p><button id="update" type="submit">Update cart'
            f'</button></form><form method="post" action="/cart/coupon"><label for="coupon">Coupon code</label> '
            f'<input type="text" id="coupon" name="code"><button id="apply" type="submit">Apply</button></form>'
            f'<p>Coupon applied: <span id="applied">{E(applied)}</span></p><table id="totals">'
            f'<tr><td>Subtotal</td><td id="subtotal">{money(t["subtotal"])}</td></tr>'
            f'<tr><td>Discount</td><td id="discount">-{money(t["discount"])}</td></tr>'
            f'<tr><td>Delivery</td><td id="delivery">{money(t["delivery"])}</td></tr>'
            f'<tr><th>Total</th><th id="total">{money(t["total"])}</th></tr></table>'
            f'<p><a id="checkout" href="/checkout">Go to checkout</a></p>')
    return page(state, f'Cart - {state["shop"]}', "Your cart", body, message)


def _radios(name, options, checked):
    """Radio buttons `name-<value>` for (value, label) pairs, `checked` selected."""
    return "".join(f'<label><input type="radio" id="{name}-{v}" name="{name}" value="{v}"'
                   f'{" checked" if v == checked else ""}> {E(label)}</label><br>' for v, label in options)


def checkout(state, message):
    """Delivery (with the stores for pickup), the address, the payment and gift options; the form posts them all."""
    account, card = state["account"], state["account"].get("card")
    deliveries = [(k, f"{k} ({money(cents(v))})") for k, v in state["delivery_rates"].items()]
    stores = [(s["id"], f'{s["name"]}, {s["address"]} ({s["distance_km"]:.1f} km)') for s in state.get("stores", [])]
    saved = f'Saved card ({card["brand"]} ending {card["last4"]})' if card else "Saved card"
    payments = [("card", saved), ("new_card", "New card"), ("invoice", "Invoice")]
    payments += [("gift_card", "Gift card (the rest by the saved card)")] if state.get("gift_cards") is not None else []
    fee = cents(state.get("gift_wrap_fee", 0))
    body = (f'<form method="post" action="/checkout"><p><label>Name <input type="text" id="name" name="name" '
            f'value="{E(account["name"], quote=True)}"></label></p><h2>Delivery</h2>'
            f'{_radios("delivery", deliveries, state["shipping"])}'
            + (f'<p>Pickup store:</p>{_radios("store", stores, None)}' if stores else "")
            + f'<p><label>Address <input type="text" id="address" name="address" size="60" '
            f'value="{E(account["address"], quote=True)}"></label></p><h2>Payment</h2>'
            f'{_radios("payment", payments, "card")}'
            f'<p><label>Card number <input type="text" id="card-number" name="card_number"></label> <label>Expiry '
            f'(MM/YY) <input type="text" id="card-expiry" name="card_expiry"></label> <label>Name on card <input '
            f'type="text" id="card-name" name="card_name"></label></p><p><label>Gift card code <input type="text" '
            f'id="gift-code" name="gift_code"></label></p><h2>Gift</h2><p><label><input type="checkbox" id="gift-wrap" '
            f'name="gift_wrap" value="yes"> Gift-wrap the order ({money(fee)})</label></p><p><label>Gift message '
            f'<input type="text" id="gift-message" name="gift_message" size="60"></label></p>'
            f'<p>Total before gift wrap: {money(totals(state)["total"])}</p>'
            f'<button id="place" type="submit">Place order</button></form>')
    return page(state, f'Checkout - {state["shop"]}', "Checkout", body, message)


def _items(order):
    return ", ".join(f"{line['qty']} x {line['name']}" for line in order["lines"])


def orders(state, message):
    rows = "".join(
        f'<tr><td><a id="order-{E(o["id"])}" href="/order/{E(o["id"])}">{E(o["id"])}</a></td><td>{E(o["date"])}</td>'
        f'<td>{E(_items(o))}</td><td>{money(cents(o["total"]))}</td><td>{E(o["status"])}</td></tr>'
        for o in reversed(state["orders"]))
    body = f'<table><tr><th>Order</th><th>Date</th><th>Items</th><th>Total</th><th>Status</th></tr>{rows}</table>'
    return page(state, f'Orders - {state["shop"]}', "Your orders", body, message)


RETURN_REASONS = {"damaged": "Arrived damaged", "wrong_item": "Wrong item sent", "not_needed": "No longer needed",
                  "not_as_described": "Not as described"}
REFUNDS = {"original": "Refund to the original payment", "credit": "Store credit"}


def order_of(state, order_id):
    return next((o for o in state["orders"] if o["id"] == order_id), None)


def order_page(state, o, message):
    """One order: its lines (a delivered one offers a return and a missing-item report per line), cancel, reorder."""
    links = lambda x: (f'<a id="return-{x["product"]}" href="/order/{o["id"]}/return/{x["product"]}">Return</a> '
                       f'<a id="missing-{x["product"]}" href="/order/{o["id"]}/missing/{x["product"]}">Report missing'
                       '</a>') if o["status"] == "delivered" else ""
    rows = "".join(f'<tr><td>{E(x["name"])}</td><td>{x["qty"]}</td><td>{links(x)}</td></tr>' for x in o["lines"])
    hidden = f'<input type="hidden" name="order" value="{E(o["id"])}">'
    cancel = (f'<form method="post" action="/order/cancel">{hidden}<button id="cancel" type="submit">Cancel order'
              '</button></form>') if o["status"] == "placed" else ""
    body = (f'<p>Placed on {E(o["date"])} for {E(o.get("address", ""))}; status <span id="status">{E(o["status"])}'
            f'</span>; total {money(cents(o["total"]))}</p><table><tr><th>Item</th><th>Quantity</th><th></th></tr>'
            f'{rows}</table>{cancel}<form method="post" action="/order/reorder">{hidden}<button id="reorder" '
            'type="submit">Buy these again</button></form>')
    return page(state, f'Order {o["id"]} - {state["shop"]}', f'Order {o["id"]}', body, message)


def _hidden(o, p):
    return (f'<input type="hidden" name="order" value="{E(o["id"])}">'
            f'<input type="hidden" name="product" value="{p["id"]}">')


def return_page(state, o, p, message):
    hidden = _hidden(o, p)
    body = (f'<form method="post" action="/order/return">{hidden}<p>Return from order {E(o["id"])}: {E(p["name"])}</p>'
            f'<p><label>Quantity <input type="number" id="return-qty" name="qty" value="1" min="1"></label></p>'
            f'<p>Reason:</p>{_radios("reason", RETURN_REASONS.items(), None)}<p>Refund:</p>'
            f'{_radios("refund", REFUNDS.items(), None)}<button id="send-return" type="submit">Request return'
            '</button></form>')
    return page(state, f'Return - {state["shop"]}', f'Return {p["name"]}', body, message)


def missing_page(state, o, p, message):
    hidden = _hidden(o, p)
    body = (f'<form method="post" action="/order/missing">{hidden}<p>Order {E(o["id"])}: {E(p["name"])} did not arrive.'
            f'</p><p><label>What happened <input type="text" id="details" name="details" size="70"></label></p>'
            f'<button id="send-report" type="submit">Send report</button></form>')
    return page(state, f'Report a missing item - {state["shop"]}', "Report a missing item", body, message)


def account(state, message):
    """Saved addresses (default, delete, add), the saved card, newsletters and the password."""
    acct = state["account"]
    rows = "".join(
        f'<tr><td>{E(a["text"])}{" <strong>(default)</strong>" if a["text"] == acct["address"] else ""}</td><td>'
        f'<form method="post" action="/account/address/default"><input type="hidden" name="id" value="{a["id"]}">'
        f'<button id="default-{a["id"]}" type="submit">Make default</button></form><form method="post" '
        f'action="/account/address/delete"><input type="hidden" name="id" value="{a["id"]}"><button '
        f'id="delete-{a["id"]}" type="submit">Delete</button></form></td></tr>' for a in acct.get("addresses", []))
    card = acct.get("card")
    shown = f'{card["brand"]} ending {card["last4"]}, expires {card["expires"]}' if card else "None"
    news = "".join(f'<label><input type="checkbox" id="news-{i}" name="news-{i}" value="on"{" checked" if on else ""}>'
                   f' {E(name)}</label><br>' for i, (name, on) in enumerate(sorted(acct.get("newsletters", {}).items())))
    body = (f'<h2>Addresses</h2><table>{rows}</table><form method="post" action="/account/address/add"><label>New '
            f'address <input type="text" id="new-address" name="text" size="60"></label><label><input type="checkbox" '
            f'id="make-default" name="default" value="yes"> Make it the default</label><button id="add-address" '
            f'type="submit">Add address</button></form><h2>Saved card</h2><p id="card">'
            f'{E(shown)}</p>'
            f'<form method="post" action="/account/card"><label>Card number <input type="text" id="card-number" '
            f'name="card_number"></label> <label>Expiry (MM/YY) <input type="text" id="card-expiry" name="card_expiry">'
            f'</label> <label>Name on card <input type="text" id="card-name" name="card_name"></label><button '
            f'id="save-card" type="submit">Replace card</button></form><h2>Newsletters</h2><form method="post" '
            f'action="/account/newsletters">{news}<button id="save-news" type="submit">Save preferences</button>'
            f'</form><h2>Password</h2><form method="post" action="/account/password"><label>Current <input '
            f'type="password" id="current-password" name="current"></label> <label>New <input type="password" '
            f'id="new-password" name="new"></label> <label>Repeat <input type="password" id="confirm-password" '
            f'name="confirm"></label><button id="change-password" type="submit">Change password</button></form>')
    return page(state, f'Account - {state["shop"]}', "Your account", body, message)


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
