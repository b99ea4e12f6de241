"""The shop's review check: the account's own review of a named product carries the new rating (its
words kept), or the one review of a named product that links to another website is reported as
spam; the shop's data is what the site's own form handler makes of the ORIGINAL state.

The check finds the review itself: the author is the account's name, or the text holds a web link
(http:// or www.); a link in a review of another product is no part of the request.
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

LINK = re.compile(r"https?://|(?<!\w)www\.", re.IGNORECASE)


class ShopReview(CheckOptions):
    file: OutputPath
    input_file: InputPath
    action: Literal["edit", "report"]
    product: str = Field(description="The product's name whose review is meant.")
    rating: int | None = Field(default=None, description="edit: the new star rating.")


def target_review(state: dict[str, Any], opts: ShopReview) -> dict[str, Any]:
    ids = {p["id"] for p in state["products"] if p["name"] == opts.product}
    own = state["account"]["name"]
    found = [r for r in state.get("reviews", []) if r["product"] in ids
             and ((r["author"] == own) if opts.action == "edit" else (r["author"] != own and LINK.search(r["text"])))]
    if len(found) != 1:
        raise CheckError(f"shop.review: {len(found)} reviews of {opts.product!r} fit the {opts.action}, not one")
    return found[0]


@register_check("shop.review", ShopReview, view="json")
def shop_review(state: FinalState, opts: ShopReview) -> Verdict:
    """The review the request means is edited or reported as the site does it, and nothing else in the shop."""
    expected = copy.deepcopy(input_view(state, opts.input_file, JsonView).value)
    review = target_review(expected, opts)
    if opts.action == "edit":
        message, _ = server.edit_review(expected, {"id": review["id"], "rating": str(opts.rating),
                                                   "text": review["text"]})
    else:
        message, _ = server.report_review(expected, {"id": review["id"], f"reason-{review['id']}": "spam"})
    if message.startswith("!"):
        raise CheckError(f"shop.review: the site refuses the {opts.action} the options describe: {message[1:]}")
    got = output_view(state, opts.file, JsonView).value
    if not isinstance(got, dict):
        return Verdict.of(False, f"{opts.file} is not the shop's data (a JSON object)")
    if isinstance(got.get("reviews"), list) and not same_json(got["reviews"], expected["reviews"]):
        pairs = zip(expected["reviews"], got["reviews"], strict=False)
        wrong = next((w["id"] for w, g in pairs if not same_json(w, g)), "the count")
        return Verdict.of(False, f"reviews in {opts.file}: review {wrong} is not what the {opts.action} makes of it")
    changed = sorted(k for k in set(got) | set(expected) if not same_json(got.get(k), expected.get(k)))
    if changed:
        return Verdict.of(False, f"{opts.file} differs from the shop after the {opts.action} in: {', '.join(changed)}")
    return Verdict.of(True, f"review {review['id']}: {opts.action} done as the site does it; the rest unchanged")
