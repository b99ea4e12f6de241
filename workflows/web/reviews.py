"""On a product page of the shop: change the rating of the customer's own earlier review (its words
kept), or report as spam the one review of a product that links to another website. Other products
have reviews too, one of them also with a link (a near miss: not the product named).

Done in the browser (GUI plan: search the product, its page, the review's form) or in the terminal
(a script that finds the review in the site's JSON and changes it as the site's form does).
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any, Literal

from forge.models import ReferenceSolution
from forge.models.gui_plan import AppLaunch, ClickStep, GuiPlan, GuiStep
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, SkillParams, WorkflowContext, WorkflowSpec, register_workflow
from workflows.web import reviews_check as _reviews_check  # noqa: F401  (registers shop.review)
from workflows.web._shop import (
    AFTER_SALE,
    SITE,
    SITE_URL,
    STATE,
    STATE_SLOT,
    UNCHANGED,
    base_state,
    context,
    draw_products,
    edit_script,
    encode,
    fill,
    first_page,
    press,
    show_script,
)

Action = Literal["edit", "report"]
PRAISE = ["Does exactly what it says.", "Solid build, arrived quickly.", "Good value for the price.",
          "A bit smaller than I expected but fine.", "Stopped working after a month.", "My second one, still happy."]


class Options(SkillParams):
    action: Action | None = None


class Params(Prepared):
    state: str
    shop: str = ""
    goal: str
    action: Action
    product: str
    product_id: str
    review_id: str
    rating: int | None


@register_workflow
class ShopReviews(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="web.shop_reviews", apps=["browser"], params=Params, skill_params=Options,
        phrasings=[
            "At {{ shop }} (" + SITE_URL + ", data in {{ state }}): {{ goal }} Change nothing else.",
            "Quick one on {{ shop }} ({{ state }}, " + SITE_URL + "): {{ goal }}",
            "{{ shop }} ({{ state }}, " + SITE_URL + "), reviews: {{ goal }}",
        ],
        criteria=["The review the request means is edited or reported as the shop records it.", UNCHANGED],
        files=[STATE_SLOT], framed=False,
        checks=[CheckTemplate(func="shop.review", bind={"action": "action", "product": "product",
                                                        "rating": "rating"})],
    )

    states_values = ("rating",)  # the new star rating the request gives

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng, faker = ctx.rng, ctx.faker
        action = opts.action or rng.choice(["edit", "report"])
        state = base_state(rng, faker, draw_products(rng, faker, rng.randint(8, 12)))
        today, me = dt.date.fromisoformat(state["today"]), state["account"]["name"]
        reviewed = rng.sample(state["products"], 3)
        reviews = []
        for p in reviewed:
            for _ in range(rng.randint(2, 4)):
                reviews.append({"id": "", "product": p["id"], "author": faker.name(), "rating": rng.randint(2, 5),
                                "text": rng.choice(PRAISE), "reported": None,
                                "date": str(today - dt.timedelta(days=rng.randint(5, 200)))})
        target, other = reviewed[0], reviewed[1]
        old = rng.randint(1, 5)
        mine = {"id": "", "product": target["id"], "author": me, "rating": old, "text": rng.choice(PRAISE),
                "reported": None, "date": str(today - dt.timedelta(days=rng.randint(5, 200)))}
        site = f"www.{re.sub(r'[^a-z]', '', faker.last_name().lower())}-deals.com"
        ads = [{**r, "author": faker.name(), "rating": 5, "text": f"Same thing half price at {site}, trust me."}
               for r in (dict(reviews[0]), dict(reviews[-1]))]
        ads[0]["product"], ads[1]["product"] = target["id"], other["id"]
        reviews += [mine, *ads] if action == "edit" or rng.random() < 0.5 else [*ads]
        rng.shuffle(reviews)
        for i, r in enumerate(reviews):
            r["id"] = f"r{i + 1}"
        state["reviews"] = reviews
        if action == "edit":
            rating = rng.choice([n for n in range(1, 6) if n != old])
            goal = rng.choice([f"I reviewed the {target['name']} earlier; change my review's rating to {rating} stars "
                               "and keep what I wrote.",
                               f"Update my own review of the {target['name']}: it should give {rating} stars now "
                               "(same words)."])
            review = mine
        else:
            rating, review = None, ads[0]
            goal = rng.choice([f"One review of the {target['name']} just advertises another website with a link: "
                               "report it as spam.",
                               f"Report the spam review on the {target['name']} page (the one pushing another "
                               "site's link)."])
        goal = f"{goal} {context(rng, state, AFTER_SALE)}".strip()
        return Params(state=STATE, shop=state["shop"], goal=goal, action=action,
                      product=target["name"], product_id=target["id"], review_id=review["id"],
                      rating=rating).with_files(state=encode(state))

    def reference(self, params: Params) -> ReferenceSolution:
        """Terminal: list the product's reviews, change the one meant. GUI: the product page's review forms."""
        show = show_script(params.state, LIST.replace("NAME", lit(params.product)))
        steps = solution(
            script_step(show, f"The shop's data is {params.state}; I list the reviews of {params.product}.",
                        "List the reviews"),
            script_step(edit_script(params.state, EDITS[params.action](params)), f"Now: {params.goal}",
                        "Change the review"),
            script_step(show, "I check the reviews now.", "List the reviews again"),
        )
        return steps.model_copy(update={"gui_plan": _plan(params)})


LIST = """ids = [p["id"] for p in state["products"] if p["name"] == NAME]
for r in state["reviews"]:
    if r["product"] in ids:
        print(r)"""
FIND = """import re
            ids = [p["id"] for p in state["products"] if p["name"] == {name}]
            mine = state["account"]["name"]
            review = next(r for r in state["reviews"] if r["product"] in ids and {rule})
            print(review)"""
EDITS = {
    "edit": lambda params: FIND.format(name=lit(params.product), rule='r["author"] == mine') + f"""
            review.update(rating={params.rating}, date=state["today"])""",
    "report": lambda params: FIND.format(name=lit(params.product), rule='r["author"] != mine and re.search('
                                         'r"https?://|(?<!\\w)www\\.", r["text"], re.I)') + """
            review["reported"] = "spam\"""",
}


def _plan(params: Params) -> GuiPlan:
    steps: list[GuiStep] = first_page()
    steps += fill("#search", "search box", params.product)
    steps += press("#go", "^" + re.escape(f"Catalogue: {params.product} "), "Search", "I search for the product.")
    steps += press(f"#product-{params.product_id}", f"^{re.escape(params.product)} - ", f"Open {params.product}")
    rid = params.review_id
    why = "My own review (with my name)." if params.action == "edit" else "The review with another site's link."
    steps += press(f"#review-{rid}", "^Review - ", "Open the review", why)
    if params.action == "edit":
        steps += [ClickStep(selector=f"#rating-{params.rating}", action=f"Choose {params.rating} stars",
                            thought="My review is the one with my name; its words stay.")]
        steps += press("#save-review", "^Review saved", "Click Save review")
    else:
        steps += [ClickStep(selector=f"#reason-{rid}-spam", action="Choose 'Spam or advertising'",
                            thought="This review links to another shop's website.")]
        steps += press(f"#report-{rid}", "^Review reported", "Click Report review")
    return GuiPlan(opens=[AppLaunch(app="browser", file=params.state, site=SITE)], steps=steps)
