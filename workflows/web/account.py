"""Change a setting of the shop account: add an address and make it the default, replace the saved
card, stay subscribed to one newsletter only, delete the saved addresses that are duplicates (the
same address typed with other case, spaces or punctuation; the default's twin goes, the default
stays), or change the password.

Done in the browser (GUI plan: the account page's forms and buttons) or in the terminal (a script
that edits the account in the site's JSON as the site's forms do); the check replays the site.
"""

from __future__ import annotations

from typing import Any, Literal

from forge.models import ReferenceSolution
from forge.models.gui_plan import AppLaunch, ClickStep, GuiPlan, GuiStep
from sites.shop import server
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, SkillParams, WorkflowContext, WorkflowSpec, register_workflow
from workflows.web import account_check as _account_check  # noqa: F401  (registers shop.account)
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
    open_page,
    press,
    show_script,
)
from workflows.web.account_check import Change, same_address

CHANGES: tuple[Change, ...] = ("default_address", "card", "newsletter", "address_cleanup", "password")
NEWSLETTERS = ["Weekly deals", "New arrivals", "Kitchen tips", "Garden club", "Member offers", "Gift ideas"]


class Options(SkillParams):
    change: Change | None = None


class Params(Prepared):
    state: str
    shop: str = ""
    goal: str
    change: Change
    address: str | None = None
    card_number: str | None = None
    card_expiry: str | None = None
    card_name: str | None = None
    keep: str | None = None
    current: str | None = None
    password: str | None = None
    clicks: list[str] = []  # GUI: the checkboxes to toggle, or the addresses to delete


@register_workflow
class ShopAccount(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="web.shop_account", apps=["browser"], params=Params, skill_params=Options,
        phrasings=[
            "In my {{ shop }} account (" + SITE_URL + ", data in {{ state }}): {{ goal }} Change nothing else.",
            "Could you update my account at {{ shop }} ({{ state }}, " + SITE_URL + ")? {{ goal }}",
            "{{ shop }} ({{ state }}, " + SITE_URL + "), account settings: {{ goal }}",
        ],
        criteria=["The account setting the request names holds what the shop saves for it.", UNCHANGED],
        files=[STATE_SLOT], framed=False,
        checks=[CheckTemplate(func="shop.account", bind={
            "change": "change", "address": "address", "card_number": "card_number", "card_expiry": "card_expiry",
            "card_name": "card_name", "keep": "keep", "current": "current", "password": "password"})],
    )

    states_values = ("address", "card_number", "card_expiry", "current", "password")  # what the request gives

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng, faker = ctx.rng, ctx.faker
        change = opts.change or rng.choice(CHANGES)
        state = base_state(rng, faker, draw_products(rng, faker, rng.randint(8, 12)))
        acct = state["account"]
        texts = [acct["address"], *(faker.address().replace("\n", ", ") for _ in range(rng.randint(2, 3)))]
        if change == "address_cleanup":
            texts += [_retyped(rng, acct["address"]), _retyped(rng, texts[rng.randrange(1, len(texts))])]
            rng.shuffle(texts)
        acct["addresses"] = [{"id": f"a{i + 1}", "text": t} for i, t in enumerate(texts)]
        acct["card"] = {"brand": "Visa", "last4": f"{rng.randint(0, 9999):04d}",
                        "expires": f"{rng.randint(1, 12):02d}/{int(state['today'][2:4]) + rng.randint(0, 2)}"}
        names = sorted(rng.sample(NEWSLETTERS, rng.randint(4, 6)))
        acct["newsletters"] = {n: rng.random() < 0.7 for n in names}
        current = faker.password(length=12, special_chars=False)
        acct["password_sha256"] = server.password_hash(current)
        params = DRAWS[change](rng, faker, state)
        params = params.model_copy(update={
            "shop": state["shop"], "current": current if change == "password" else None,
            "goal": f"{params.goal.format(current=current)} {context(rng, state, AFTER_SALE)}".strip()})
        return params.with_files(state=encode(state))

    def reference(self, params: Params) -> ReferenceSolution:
        """Terminal: show the account, change it as the site's form does. GUI: the account page."""
        show = show_script(params.state, """print(state["account"])""")
        steps = solution(
            script_step(show, f"The shop's data is {params.state}; I look at the account first.", "Show the account"),
            script_step(edit_script(params.state, EDITS[params.change](params)), f"Now: {params.goal}",
                        "Change the account"),
            script_step(show, "I check the account now.", "Show the account again"),
        )
        return steps.model_copy(update={"gui_plan": _plan(params)})


def _retyped(rng: Any, text: str) -> str:
    """The same address as typed another time: other case, spacing or punctuation."""
    return rng.choice([text.upper(), text.lower(), text.replace(", ", " , "), text.replace(",", ""), text + "."])


def _default_address(rng: Any, faker: Any, state: dict[str, Any]) -> Params:
    address = faker.address().replace("\n", ", ")
    goal = rng.choice([f"Add the address {address} and make it my default.",
                       f"We moved: save {address} as a new address and set it as the default one."])
    return Params(state=STATE, goal=goal, change="default_address", address=address)


def _card(rng: Any, faker: Any, state: dict[str, Any]) -> Params:
    number, name = faker.credit_card_number(card_type=rng.choice(["visa16", "mastercard"])), state["account"]["name"]
    expiry = f"{rng.randint(1, 12):02d}/{int(state['today'][2:4]) + rng.randint(1, 4)}"
    goal = rng.choice([f"Replace my saved card with the new one: {number}, expires {expiry}, name {name}.",
                       f"My bank sent a new card ({number}, valid to {expiry}, in the name {name}); put it on the "
                       "account instead of the old one."])
    return Params(state=STATE, goal=goal, change="card", card_number=number, card_expiry=expiry, card_name=name)


def _newsletter(rng: Any, faker: Any, state: dict[str, Any]) -> Params:
    news = state["account"]["newsletters"]
    keep = rng.choice(sorted(news))
    news[keep] = True
    for name in rng.sample([n for n in sorted(news) if n != keep], 2):
        news[name] = True  # at least two to leave
    clicks = [f"#news-{i}" for i, name in enumerate(sorted(news)) if news[name] != (name == keep)]
    goal = rng.choice([f"Unsubscribe me from every newsletter except {keep}.",
                       f"Too much email: keep only the {keep} newsletter and turn the others off."])
    return Params(state=STATE, goal=goal, change="newsletter", keep=keep, clicks=clicks)


def _cleanup(rng: Any, faker: Any, state: dict[str, Any]) -> Params:
    acct, seen, gone = state["account"], {}, []
    default = next(a for a in acct["addresses"] if a["text"] == acct["address"])
    seen[same_address(default["text"])] = default
    for a in acct["addresses"]:
        if same_address(a["text"]) in seen and seen[same_address(a["text"])] is not a:
            gone.append(f"#delete-{a['id']}")
        seen.setdefault(same_address(a["text"]), a)
    goal = rng.choice(["Some of my saved addresses are the same address typed twice: delete the duplicates, "
                       "keeping one of each (and my default).",
                       "Tidy my address book: remove the addresses that repeat another one; keep the default."])
    return Params(state=STATE, goal=goal, change="address_cleanup", clicks=gone)


def _password(rng: Any, faker: Any, state: dict[str, Any]) -> Params:
    new = faker.password(length=14, special_chars=False)
    goal = rng.choice([f"Change my password from {{current}} to {new}.",
                       f"My password is {{current}}; change it to {new} please."])
    return Params(state=STATE, goal=goal, change="password", password=new)


DRAWS = {"default_address": _default_address, "card": _card, "newsletter": _newsletter, "address_cleanup": _cleanup,
         "password": _password}
EDITS = {
    "default_address": lambda params: f"""acct = state["account"]
            acct["addresses"].append({{"id": "a" + str(max(int(a["id"][1:]) for a in acct["addresses"]) + 1),
                                      "text": {lit(params.address)}}})
            acct["address"] = {lit(params.address)}""",
    "card": lambda params: f"""number = {lit(params.card_number)}
            brand = {{"4": "Visa", "5": "Mastercard", "3": "American Express"}}.get(number[0], "Card")
            state["account"]["card"] = {{"brand": brand, "last4": number[-4:], "expires": {lit(params.card_expiry)},
                                        "name": {lit(params.card_name)}}}""",
    "newsletter": lambda params: f"""news = state["account"]["newsletters"]
            for name in news:
                news[name] = name == {lit(params.keep)}""",
    "address_cleanup": lambda params: """import re
            acct, seen, kept = state["account"], set(), []
            key = lambda a: re.sub(r"[\\W_]+", "", a["text"].casefold())
            seen.add(key({"text": acct["address"]}))
            for a in acct["addresses"]:
                if a["text"] == acct["address"] or key(a) not in seen:
                    kept.append(a)
                    seen.add(key(a))
                else:
                    print("duplicate:", a)
            acct["addresses"] = kept""",
    "password": lambda params: f"""import hashlib
            acct = state["account"]
            assert hashlib.sha256({lit(params.current)}.encode()).hexdigest() == acct["password_sha256"]
            acct["password_sha256"] = hashlib.sha256({lit(params.password)}.encode()).hexdigest()""",
}


def _plan(params: Params) -> GuiPlan:
    steps: list[GuiStep] = [*first_page(), *open_page("account", "^Account - ", "The settings are on the account "
                                                                                  "page.")]
    if params.change == "default_address":
        steps += fill("#new-address", "new address field", params.address or "")
        steps += [ClickStep(selector="#make-default", action="Tick 'Make it the default'")]
        steps += press("#add-address", "^Address added", "Click Add address")
    elif params.change == "card":
        for selector, field, value in (("#card-number", "card number", params.card_number),
                                       ("#card-expiry", "card expiry", params.card_expiry),
                                       ("#card-name", "name on card", params.card_name)):
            steps += fill(selector, field, value or "")
        steps += press("#save-card", "^Saved card replaced", "Click Replace card")
    elif params.change == "newsletter":
        steps += [ClickStep(selector=s, action="Toggle a newsletter box") for s in params.clicks]
        steps += press("#save-news", "^Newsletter preferences saved", "Click Save preferences",
                       f"Only {params.keep} is ticked now.")
    elif params.change == "address_cleanup":
        for selector in params.clicks:
            steps += press(selector, "^Address deleted", "Delete a duplicate address",
                           "This one repeats an address above it (or the default).")
    else:
        steps += fill("#current-password", "current password field", params.current or "")
        steps += fill("#new-password", "new password field", params.password or "")
        steps += fill("#confirm-password", "repeat field", params.password or "")
        steps += press("#change-password", "^Password changed", "Click Change password")
    return GuiPlan(opens=[AppLaunch(app="browser", file=params.state, site=SITE)], steps=steps)
