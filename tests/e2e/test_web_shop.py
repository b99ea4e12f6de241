"""The shop site's tasks in real Chromium under Xvfb, solved GUI-only by the replay teacher (clicks at
DOM boxes located on the live page, quantities typed into the cart's fields): the rubric passes on
the state file the site itself saved, for every cart action and every coupon kind, and two checkouts
(pickup at the nearest store paid part by gift card, gift-wrapped; a new address and a new card),
two orders of the history (a return from a searched order; a missing item of the newest) and two
account changes (duplicate addresses deleted; one newsletter kept), a spam review reported and an own
review re-rated."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import workflows
from forge.harness import HARNESSES, ReplayTeacher, run_episode
from forge.judge import ProgrammaticJudge
from forge.models import Skill
from forge.plugins import ensure_loaded
from forge.sandbox import SandboxLimits
from tests.conftest import require

CHROMIUM = shutil.which("chromium") or Path("/usr/lib/chromium/chromium").exists()
pytestmark = [pytest.mark.gui, require(all(shutil.which(t) for t in ("Xvfb", "openbox", "xdotool")) and CHROMIUM,
                                       "browser episodes need Xvfb, openbox, xdotool and chromium")]

CASES = [*[("web.shop_cart", {"action": a}) for a in ("quantity", "remove_unavailable", "fit_budget", "from_wishlist")],
         *[("web.shop_coupon", {"coupon": c}) for c in ("percent", "minimum_spend", "free_shipping", "best_of_two")],
         *[("web.shop_find_product", {"filter": f, "outcome": o})
           for f, o in (("category_price", "cart"), ("rating", "wishlist"), ("keyword_cheapest", "cart"))],
         ("web.shop_checkout", {"delivery": "pickup", "payment": "gift_card_split", "gift": True}),
         ("web.shop_checkout", {"delivery": "new_address", "payment": "new_card", "gift": False}),
         ("web.shop_orders", {"which": "searched", "action": "return"}),
         ("web.shop_orders", {"which": "latest", "action": "report_missing"}),
         ("web.shop_account", {"change": "address_cleanup"}), ("web.shop_account", {"change": "newsletter"}),
         ("web.shop_reviews", {"action": "report"}), ("web.shop_reviews", {"action": "edit"})]


@pytest.mark.parametrize(("family", "params"), CASES, ids=[f"{f}-{'-'.join(map(str, p.values()))}" for f, p in CASES])
def test_a_shop_task_solved_in_the_browser(family: str, params: dict[str, str], tmp_path: Path) -> None:
    ensure_loaded()
    skill = Skill(id="web.shop.gui_e2e", apps=["browser"], category="web.shop", description="shop task",
                  workflow=family, params=params)
    task = workflows.WORKFLOWS.get(family).build(skill, 3)
    plan = task.reference.gui_plan
    assert plan is not None and plan.opens[0].site == "shop"
    episode = run_episode(task, HARNESSES.get("gui"), ReplayTeacher(), ProgrammaticJudge(), scratch_root=tmp_path,
                          limits=SandboxLimits(cpu_seconds=300))
    assert episode.passed, f"{episode.error} | rubric: {episode.rubric}"  # a string: pytest shows it whole
    assert {s.channel for s in episode.steps} == {"gui"}
    clicks = [s.tool_call.arguments for s in episode.steps if s.tool_call.arguments["action"] == "left_click"]
    assert len(clicks) >= 2 and all(0 <= v <= 999 for c in clicks for v in c["coordinate"])
