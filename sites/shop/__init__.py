"""The shop: a catalogue with search and categories, product pages, a wishlist, a cart with
delivery choice and coupons, checkout and an orders list.

Its state is one JSON document (`products`, `cart`, `wishlist`, `coupons`, `coupon`, `shipping`,
`orders`, ...); each saved form rewrites it atomically, so a check reads the site's own database.
The program is `server.py` (the forms), with `pages.py` (the HTML) and `rules.py` (money, lookups,
the state file) beside it. The `web.shop_*` families import the rules and the forms, so a task's
expected totals and states come from the code the site runs.
"""

from __future__ import annotations

from sites import Site, program_of, register_site

TITLE = "Catalogue"  # the home page's title begins with it, then the shop's name


@register_site
def shop() -> Site:
    return Site(name="shop", title=TITLE, program=program_of(__file__, "server.py"),
                modules={name: program_of(__file__, name) for name in ("pages.py", "rules.py")})
