"""Find one product in the shop by a stated criterion and put it in the cart or on the wishlist:
the best-rated in a category under a price limit, the cheapest with enough stars and reviews, or
the cheapest in stock whose name has a keyword. Each catalogue holds a near miss (a better-rated
product just over the limit, a cheaper one with too few reviews, a cheaper one sold out).

Done in the browser (GUI plan: a category link or a search, then the product's page and its
button) or in the terminal (a script that ranks the catalogue it reads and edits the site's JSON).
"""

from __future__ import annotations

import re
from typing import Any, Literal

from forge.models import ReferenceSolution
from forge.models.gui_plan import AppLaunch, GuiPlan, GuiStep
from sites.shop import server
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import (
    CheckTemplate,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)
from workflows.web._shop import (
    GOODS,
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
    money,
    press,
    show_script,
)
from workflows.web._shop import STYLES as _STYLES
from workflows.web.checks import ShopCart, found_product

Filter = Literal["category_price", "rating", "keyword_cheapest"]
Outcome = Literal["cart", "wishlist"]
FILTERS: tuple[Filter, ...] = ("category_price", "rating", "keyword_cheapest")


class Options(SkillParams):
    filter: Filter | None = None
    outcome: Outcome | None = None


class Params(Prepared):
    state: str
    shop: str = ""
    find: Filter
    outcome: Outcome
    goal: str
    product: str
    product_id: str
    category: str | None
    max_price: float | None
    min_rating: float | None
    min_reviews: int | None
    keyword: str | None


@register_workflow
class ShopFindProduct(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="web.shop_find_product", apps=["browser"], params=Params, skill_params=Options,
        phrasings=[
            "In {{ shop }} (" + SITE_URL + ", which keeps its data in {{ state }}), {{ goal }} Change nothing "
            "else.",
            "I'm shopping at {{ shop }} ({{ state }}, served at " + SITE_URL + "): {{ goal }} Please leave the rest "
            "of my cart and wishlist as they are.",
            "{{ shop }} ({{ state }}, " + SITE_URL + "): {{ goal }}",
        ],
        criteria=["The one product that meets the criterion is in the cart (one more) or on the wishlist.",
                  UNCHANGED],
        files=[STATE_SLOT], framed=False,
        checks=[CheckTemplate(func="shop.cart", fixed={"rule": "find"}, bind={
            "find": "find", "outcome": "outcome", "category": "category", "max_price": "max_price",
            "min_rating": "min_rating", "min_reviews": "min_reviews", "keyword": "keyword"})],
    )

    states_values = ("max_price", "min_rating", "min_reviews")  # the figures the request gives

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        find = opts.filter or ctx.rng.choice(FILTERS)
        outcome = opts.outcome or ctx.rng.choice(["cart", "wishlist"])
        products = draw_products(ctx.rng, ctx.faker, ctx.rng.randint(10, 13))
        state = base_state(ctx.rng, ctx.faker, products)
        params = DRAWS[find](ctx, state).model_copy(update={"shop": state["shop"]})
        others = [p["id"] for p in products if p["id"] != params.product_id and p["stock"]]
        state["cart"] = [{"product": i, "qty": 1} for i in sorted(ctx.rng.sample(others, ctx.rng.randint(0, 2)))]
        state["wishlist"] = ctx.rng.sample([i for i in others if all(x["product"] != i for x in state["cart"])],
                                           ctx.rng.randint(0, 2))
        where = "add it to my cart" if outcome == "cart" else "save it to my wishlist"
        goal = f"{params.goal}; {where}. {context(ctx.rng, state)}".strip()
        return params.model_copy(update={"outcome": outcome, "goal": goal}) \
            .with_files(state=encode(state))

    def reference(self, params: Params) -> ReferenceSolution:
        """Terminal: list the catalogue, rank the products that qualify, add the first. GUI: the site's pages."""
        show = show_script(params.state, CATALOGUE)
        pick = PICKS[params.find](params)
        put = ("""state["wishlist"].append(best["id"])""" if params.outcome == "wishlist" else
               """state["cart"].append({"product": best["id"], "qty": 1})""")
        steps = solution(
            script_step(show, f"The shop's data is {params.state}; I list the catalogue first.", "List the catalogue"),
            script_step(edit_script(params.state, pick + "\n            print(best)\n            " + put),
                        "I rank the products that meet the criterion and take the first.", "Pick the product"),
            script_step(show, "I check the cart and wishlist now.", "Show the cart and wishlist"),
        )
        return steps.model_copy(update={"gui_plan": _plan(params)})


CATALOGUE = """for p in state["products"]:
    print(p["id"], p["name"], p["category"], p["price"], p["rating"], p["reviews"], "stock", p["stock"])
print("wishlist:", state["wishlist"])"""
PICKS = {
    "category_price": lambda params: f"""pool = [p for p in state["products"] if p["stock"] and p["category"] == {lit(params.category)} and p["price"] < {params.max_price}]
            best = min(pool, key=lambda p: (-p["rating"], p["price"]))""",
    "rating": lambda params: f"""pool = [p for p in state["products"] if p["stock"] and p["rating"] >= {params.min_rating} and p["reviews"] >= {params.min_reviews}]
            best = min(pool, key=lambda p: p["price"])""",
    "keyword_cheapest": lambda params: f"""import re
            pool = [p for p in state["products"] if p["stock"] and re.search(r"(?<!\\w)" + re.escape({lit(params.keyword)}) + r"(?!\\w)", p["name"], re.I)]
            best = min(pool, key=lambda p: p["price"])""",
}


def _add(rng: Any, faker: Any, state: dict[str, Any], category: str, noun: str | None = None) -> dict[str, Any]:
    """One more product in `category` (named with `noun` when given), in stock."""
    while True:
        brand = re.sub(r"[^A-Za-z]", "", faker.last_name())
        name = f"{brand} {rng.choice(_STYLES)} {noun or rng.choice(GOODS[category])}"
        if brand and all(p["name"] != name for p in state["products"]):
            break
    product = {"id": f"p{len(state['products']) + 1:02d}", "name": name, "category": category,
               "price": round(rng.uniform(8, 150), 2), "rating": round(rng.uniform(3.0, 4.8), 1),
               "reviews": rng.randint(5, 300), "stock": rng.randint(3, 20), "description": faker.sentence(nb_words=10)}
    state["products"].append(product)
    return product


def _answer(params: Params, state: dict[str, Any], goal: str) -> Params:

    opts = ShopCart(file=STATE, input_file=STATE, rule="find", **params.model_dump(
        include={"find", "category", "max_price", "min_rating", "min_reviews", "keyword"}))
    best = found_product(state, opts)  # the check's own ranking picks the answer
    return params.model_copy(update={"product": best["name"], "product_id": best["id"], "goal": goal})


def _category_price(ctx: WorkflowContext, state: dict[str, Any]) -> Params:
    rng, category = ctx.rng, ctx.rng.choice(sorted(GOODS))
    group = [_add(rng, ctx.faker, state, category) for _ in range(4)]
    prices = sorted({server.cents(p["price"]) for p in state["products"] if p["category"] == category and p["stock"]})
    cut = rng.randint(2, len(prices) - 1)
    limit = max(prices[cut - 1] + 1, (prices[cut] - 1) // 100 * 100)  # a whole dollar where one fits
    over = next(p for p in group if server.cents(p["price"]) >= limit) if any(
        server.cents(p["price"]) >= limit for p in group) else group[-1]
    over["price"], over["rating"] = round(limit / 100 + rng.uniform(1, 20), 2), 4.9  # the near miss: best-rated, too dear
    under = [p for p in state["products"] if p["category"] == category and server.cents(p["price"]) < limit]
    for p, rating in zip(under, rng.sample([x / 10 for x in range(30, 49)], len(under)), strict=False):
        p["rating"] = rating  # distinct ratings under the limit: one best
    params = Params(state=STATE, find="category_price", outcome="cart", goal="", product="", product_id="",
                    category=category, max_price=limit / 100, min_rating=None, min_reviews=None, keyword=None)
    return _answer(params, state, f"find the best-rated product in the {category} category that costs less than "
                                  f"{money(limit)} (and is in stock)")


def _rating(ctx: WorkflowContext, state: dict[str, Any]) -> Params:
    rng = ctx.rng
    stars, reviews = rng.choice([4.0, 4.2, 4.5]), rng.choice([25, 50, 80, 100, 150, 200])
    good = [_add(rng, ctx.faker, state, rng.choice(sorted(GOODS))) for _ in range(3)]
    for p in good:
        p["rating"], p["reviews"] = round(rng.uniform(stars, 5.0), 1), rng.randint(reviews, reviews * 3)
    cheapest = min(server.cents(p["price"]) for p in good)
    trap = _add(rng, ctx.faker, state, rng.choice(sorted(GOODS)))  # cheaper, well rated, too few reviews
    trap.update(price=round(max(cheapest / 100 - rng.uniform(1, 5), 2.5), 2), rating=5.0, reviews=rng.randint(1, reviews - 1))
    for p in state["products"]:  # one cheapest qualifying product: nudge a tie apart
        if p not in good and p is not trap and p["rating"] >= stars and p["reviews"] >= reviews:
            p["reviews"] = reviews - 1 if server.cents(p["price"]) <= cheapest else p["reviews"]
    params = Params(state=STATE, find="rating", outcome="cart", goal="", product="", product_id="", category=None,
                    max_price=None, min_rating=stars, min_reviews=reviews, keyword=None)
    return _answer(params, state, rng.choice([
        f"find the cheapest product rated at least {stars:g} stars with at least {reviews} reviews (in stock)",
        (f"I only trust ratings of {stars:g} stars or more backed by {reviews}+ reviews: find the cheapest product "
         "in stock that has both"),
        f"look for the lowest-priced item in stock with a rating of {stars:g} or better from {reviews}+ reviews"]))


def _keyword(ctx: WorkflowContext, state: dict[str, Any]) -> Params:
    rng, category = ctx.rng, ctx.rng.choice(sorted(GOODS))
    noun = rng.choice(GOODS[category])
    group = [_add(rng, ctx.faker, state, category, noun) for _ in range(rng.randint(3, 4))]
    cheapest = min(group, key=lambda p: server.cents(p["price"]))
    if rng.random() < 0.6:  # the near miss: the cheapest one is sold out
        cheapest["stock"] = 0
    params = Params(state=STATE, find="keyword_cheapest", outcome="cart", goal="", product="", product_id="",
                    category=None, max_price=None, min_rating=None, min_reviews=None, keyword=noun.lower())
    return _answer(params, state, rng.choice([f"find the cheapest {noun.lower()} the shop has in stock",
                                              f"I need a {noun.lower()}, whichever is cheapest as long as it is in stock",
                                              f"search for {noun.lower()} and pick the lowest price among those in stock"]))


DRAWS = {"category_price": _category_price, "rating": _rating, "keyword_cheapest": _keyword}


def _plan(params: Params) -> GuiPlan:
    steps: list[GuiStep] = first_page()
    if params.find == "category_price":
        steps += press(f"#cat-{params.category}", f"^Catalogue: {params.category} ", f"Open the {params.category} "
                       "category", "I narrow the catalogue to the category.")
    elif params.find == "keyword_cheapest":
        steps += fill("#search", "search box", params.keyword or "")
        steps += press("#go", "^" + re.escape(f"Catalogue: {params.keyword} "), "Search", "I search the catalogue for it.")
    steps += press(f"#product-{params.product_id}", f"^{re.escape(params.product)} - ",
                   f"Open {params.product}", f"{params.product} is the one that meets the criterion; I open it.")
    if params.outcome == "cart":
        steps += press("#add", f"^Added {re.escape(params.product)} to the cart", "Click Add to cart")
    else:
        steps += press("#wish", f"^Saved {re.escape(params.product)} to the wishlist", "Click Add to wishlist")
    return GuiPlan(opens=[AppLaunch(app="browser", file=params.state, site=SITE)], steps=steps)
