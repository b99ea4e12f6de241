"""Boundary cases of the shop's review check (workflows/web/reviews_check.py): the own review's
rating one star off or its words changed, another author's review edited, the link review of the
NEXT product reported, the right review reported for another reason, and a change outside."""

from __future__ import annotations

import copy
from typing import Any

from sites.shop import server
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.shop import SHOP
from tests.unit.boundary_cases.shop import case as shop_case
from tests.unit.boundary_cases.shop_order import applied, edited


def _review(rid: str, product: str, author: str, rating: int, text: str) -> dict[str, Any]:
    return {"id": rid, "product": product, "author": author, "rating": rating, "text": text, "reported": None,
            "date": "2026-02-01"}


BASE: dict[str, Any] = {**copy.deepcopy(SHOP), "account": {"name": "Ann Lee", "address": "1 Elm St"}, "reviews": [
    _review("r1", "p01", "Bo Day", 4, "Good value."), _review("r2", "p01", "Ann Lee", 2, "Stopped working."),
    _review("r3", "p01", "Cy Fox", 5, "Half price at www.cheap-deals.com"),
    _review("r4", "p02", "Di Ng", 5, "More at http://x.example"), _review("r5", "p01", "Ed Lu", 3, "Fine kettle.")]}


def done(handler: Any, **form: str) -> dict[str, Any]:
    return applied(BASE, handler, **form)


def case(label: str, output: dict[str, Any], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return shop_case(label, output, options, passes, says, original=BASE)


EDIT = {"action": "edit", "product": "Ash Kettle", "rating": 4}
REPORT = {"action": "report", "product": "Ash Kettle"}
EDITED = done(server.edit_review, id="r2", rating="4", text="Stopped working.")

CASES = {"shop.review": [
    case("my review at 4 stars, same words", EDITED, EDIT, True),
    case("at 5 stars", done(server.edit_review, id="r2", rating="5", text="Stopped working."), EDIT, False, "r2"),
    case("the words changed too", done(server.edit_review, id="r2", rating="4", text="Works now."), EDIT, False,
         "r2"),
    case("the rating set by hand, the date left", edited(BASE, lambda s: s["reviews"][1].update(rating=4)), EDIT,
         False, "r2"),
    case("another author's review changed as well", edited(EDITED, lambda s: s["reviews"][0].update(rating=1)), EDIT,
         False, "r1"),
    case("nothing edited", BASE, EDIT, False, "r2"),
    case("the kettle's link review reported as spam", done(server.report_review, id="r3", **{"reason-r3": "spam"}),
         REPORT, True),
    case("reported as offensive", done(server.report_review, id="r3", **{"reason-r3": "offensive"}), REPORT, False,
         "r3"),
    case("the pan's link review reported instead", done(server.report_review, id="r4", **{"reason-r4": "spam"}),
         REPORT, False, "r3"),
    case("the last review reported too", edited(done(server.report_review, id="r3", **{"reason-r3": "spam"}),
                                                 lambda s: s["reviews"][4].update(reported="spam")), REPORT, False,
         "r5"),
    case("reported, and the cart emptied", edited(done(server.report_review, id="r3", **{"reason-r3": "spam"}),
                                                   lambda s: s.update(cart=[])), REPORT, False, "cart"),
]}
