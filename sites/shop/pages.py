"""The shop's pages: each takes the state (and what the page is about) and returns its HTML.

Standard library only; the rules come from `rules.py` beside it (`sites.shop.rules` when Forge imports it).
"""

import html
from urllib.parse import urlencode

if __package__:  # imported by Forge
    from sites.shop.rules import REFUNDS, REPORT_REASONS, RETURN_REASONS, cents, money, product_of, totals
else:  # the site's program, its modules beside it
    from rules import REFUNDS, REPORT_REASONS, RETURN_REASONS, cents, money, product_of, totals

PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>{title}</title><style>
body {{ font-family: sans-serif; margin: 20px 40px; font-size: 16px; }} nav a {{ margin-right: 18px; }}
table {{ border-collapse: collapse; }} td, th {{ border: 1px solid #bbb; padding: 6px 12px; text-align: left; }}
input[type=text], input[type=number], select {{ font-size: 16px; padding: 3px; }} input[type=number] {{ width: 5em; }}
button {{ font-size: 16px; padding: 4px 14px; margin: 4px; }} .note {{ color: #060; }} .problem {{ color: #a00; }}
</style></head><body><nav><a id="nav-home" href="/">Catalogue</a><a id="nav-wishlist" href="/wishlist">Wishlist</a>
<a id="nav-cart" href="/cart">Cart ({count})</a><a id="nav-orders" href="/orders">Orders</a>
<a id="nav-account" href="/account">Account</a></nav>
<h1>{heading}</h1>{message}{body}</body></html>"""

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
