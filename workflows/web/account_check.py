"""The shop's account check: the account setting the request changes is what the site saves when the
form the request implies is posted on the ORIGINAL state, and nothing else in the shop changed.

A new default address, a replacement card, one newsletter kept and a new password replay the site's
own handlers. A duplicate clean-up leaves the user a choice: each group of addresses that read the
same (case, spaces and punctuation aside) keeps exactly one, the default's own when it is in the
group, and every address without a twin stays.
"""

from __future__ import annotations

import copy
import re
from typing import Any, Literal

from pydantic import Field

from forge.checks.json import same_json
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import JsonView
from sites.shop import server

Change = Literal["default_address", "card", "newsletter", "address_cleanup", "password"]


class ShopAccount(CheckOptions):
    file: OutputPath
    input_file: InputPath
    change: Change
    address: str | None = Field(default=None, description="default_address: the address added as the default.")
    card_number: str | None = None
    card_expiry: str | None = None
    card_name: str | None = None
    keep: str | None = Field(default=None, description="newsletter: the one newsletter left subscribed.")
    current: str | None = Field(default=None, description="password: the password now.")
    password: str | None = Field(default=None, description="password: the new password.")


def same_address(text: str) -> str:
    return re.sub(r"[\W_]+", "", text.casefold())


def _one_left(group: list[dict[str, Any]], kept: list[Any], default: str) -> bool:
    """One address of `group` kept, and it is the default when the default is in the group."""
    left = [a for a in group if a in kept]
    return len(left) == 1 and (all(a["text"] != default for a in group) or left[0]["text"] == default)


def _cleanup(state: dict[str, Any], got: Any) -> None:
    """The addresses the user kept when they are a valid clean-up, else one valid clean-up (the default and the first
    of each other group), which the output then fails to match."""
    acct, kept = state["account"], got.get("account", {}).get("addresses") if isinstance(got, dict) else None
    groups: dict[str, list[dict[str, Any]]] = {}
    for a in acct["addresses"]:
        groups.setdefault(same_address(a["text"]), []).append(a)
    first = [next((a for a in g if a["text"] == acct["address"]), g[0]) for g in groups.values()]
    valid = isinstance(kept, list) and all(a in acct["addresses"] for a in kept) and all(
        _one_left(g, kept, acct["address"]) for g in groups.values())
    acct["addresses"] = [a for a in acct["addresses"] if a in (kept if valid else first)]


def _form(state: dict[str, Any], opts: ShopAccount) -> dict[str, str]:
    if opts.change == "newsletter":
        names = sorted(state["account"].get("newsletters", {}))
        if opts.keep not in names:
            raise CheckError(f"shop.account: the shop has no newsletter {opts.keep!r}")
        return {f"news-{names.index(opts.keep)}": "on"}
    return {"text": opts.address or "", "default": "yes", "card_number": opts.card_number or "",
            "card_expiry": opts.card_expiry or "", "card_name": opts.card_name or "", "current": opts.current or "",
            "new": opts.password or "", "confirm": opts.password or ""}


HANDLERS = {"default_address": server.add_address, "card": server.replace_card, "newsletter": server.save_newsletters,
            "password": server.change_password}


@register_check("shop.account", ShopAccount, view="json")
def shop_account(state: FinalState, opts: ShopAccount) -> Verdict:
    """The account changed as the site changes it for the request, and nothing else in the shop."""
    expected = copy.deepcopy(input_view(state, opts.input_file, JsonView).value)
    got = output_view(state, opts.file, JsonView).value
    if opts.change == "address_cleanup":
        _cleanup(expected, got)
    else:
        message, _ = HANDLERS[opts.change](expected, _form(expected, opts))
        if message.startswith("!"):
            raise CheckError(f"shop.account: the site refuses the change the options describe: {message[1:]}")
    if not isinstance(got, dict) or not isinstance(got.get("account"), dict):
        return Verdict.of(False, f"{opts.file} is not the shop's data (a JSON object with an account)")
    for key in sorted(set(got["account"]) | set(expected["account"])):
        if not same_json(got["account"].get(key), expected["account"].get(key)):
            return Verdict.of(False, f"the account's {key} in {opts.file} is not what the {opts.change} change makes "
                                     "of it")
    changed = sorted(k for k in set(got) | set(expected) if not same_json(got.get(k), expected.get(k)))
    if changed:
        return Verdict.of(False, f"{opts.file} changed outside the account: {', '.join(changed)}")
    return Verdict.of(True, f"the account's {opts.change} change is saved; the rest of the shop is unchanged")
