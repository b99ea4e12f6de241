"""The shop: a catalogue with search and categories, product pages, a wishlist, a cart with
delivery choice and coupons, checkout and an orders list.

Its state is one JSON document (`products`, `cart`, `wishlist`, `coupons`, `coupon`, `shipping`,
`orders`, ...); each saved form rewrites it atomically, so a check reads the site's own database.
The money rules live in `server.py` and are imported by the `web.shop_*` families, so a task's
expected totals come from the code the site runs.
"""

from __future__ import annotations

from sites import Site, program_of, register_site

TITLE = "Catalogue"  # the home page's title begins with it, then the shop's name


@register_site
def shop() -> Site:
    return Site(name="shop", title=TITLE, program=program_of(__file__, "server.py"))
