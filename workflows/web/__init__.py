"""The web app (plugin `web`): tasks on the local web sites of `sites/`, done in Chromium or on the
site's JSON database from a terminal.

A site's state is a JSON file of the task, so the json check library reads what the site saved;
the skills are the ready blocks of `data/skills/spec/web.toml`.
"""

from forge.checks import json as _checks  # noqa: F401
from preparers.filetypes import json as _json  # noqa: F401
from workflows.web import (
    account,
    account_check,
    cart,
    checkout,
    checks,
    coupon,
    find_product,
    order_check,
    orders,
    orders_check,
    reviews,
    reviews_check,
)

__all__ = ["account", "account_check", "cart", "checkout", "checks", "coupon", "find_product", "order_check", "orders",
           "orders_check", "reviews", "reviews_check"]
