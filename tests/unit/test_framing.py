"""Request framing: context around every instruction, so a skill's tasks are not near twins of each
other (a skill must yield 50 distinct accepted tasks), without a digit or a word about the task."""

from __future__ import annotations

import re

from gates import NearDuplicateIndex
from preparers._corpora import corpus
from skills import derive_seed, load_taxonomy
from workflows import WORKFLOWS
from workflows.framing import frame


def _words(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [w for v in value.values() for w in _words(v)]
    return [w for v in value for w in _words(v)] if isinstance(value, list) else []


def test_framing_wraps_the_instruction_whole_and_is_seeded() -> None:
    core = "Sort orders.xlsx by Date, newest first, and save it as sorted.xlsx."
    framed = {seed: frame(core, ["spreadsheet"], seed) for seed in range(40)}
    assert all(core in text for text in framed.values())
    assert framed[3] == frame(core, ["spreadsheet"], 3) and len(set(framed.values())) >= 35
    assert all(not re.search(r"\d", text.replace(core, "")) for text in framed.values())
    spreadsheet_only = set(corpus("requests")["situations"]["spreadsheet"])
    code_texts = " ".join(frame(core, ["code"], seed) for seed in range(200))
    assert not any(s in code_texts for s in spreadsheet_only)  # each app draws its own context


def test_a_request_ending_in_a_list_gets_its_sign_off_on_its_own_line() -> None:
    core = "Please fix these:\n- the header\n- the totals"
    tails = [frame(core, ["text"], seed).split(core, 1)[1] for seed in range(30)]
    assert any(tails) and all(t == "" or t.startswith("\n\n") for t in tails)


def test_the_words_hold_no_digit_and_no_empty_pool() -> None:
    words = corpus("requests")
    assert not [w for w in _words({k: v for k, v in words.items() if k != "_about"}) if re.search(r"\d", w)]
    assert all(words["audiences"]["any"]) and all(words["situations"]["any"]) and words["needs"] and words["whens"]


def test_a_skill_whose_phrasings_barely_vary_still_yields_fifty_distinct_tasks() -> None:
    """Every task of this skill says the same long request but for the file's folder; unframed, 54
    of 60 draws were near twins. Framed, fewer than 10% are lost to the near-duplicate gate."""
    skill = load_taxonomy().get("text.markdown.link_style.to_reference_with_images_in_place")
    index, lost = NearDuplicateIndex(0.9), 0
    for i in range(60):
        bundle = WORKFLOWS.get(skill.workflow).build(skill, derive_seed(0, i))
        lost += index.claim(bundle) is not None
    assert lost < 6 and len(index) >= 54


def test_a_family_that_writes_its_own_context_is_not_framed_again() -> None:
    """The web shop's requests carry their own situation and sign-off (`framed=False`)."""
    taxonomy, words = load_taxonomy(), corpus("requests")
    shop = taxonomy.get(next(s for s in sorted(taxonomy.ready) if s.startswith("web.shop_orders")))
    assert WORKFLOWS.get(shop.workflow).spec.framed is False
    framing = [*_words(words["situations"]), *words["needs"]]
    texts = [WORKFLOWS.get(shop.workflow).build(shop, seed).instruction for seed in range(30)]
    assert not [t for t in texts if any(w in t for w in framing)]
    sheet = taxonomy.get(next(s for s in sorted(taxonomy.ready) if s.startswith("spreadsheet.")))
    framed = [WORKFLOWS.get(sheet.workflow).build(sheet, seed).instruction for seed in range(30)]
    assert all(any(w in t for w in framing) for t in framed)  # every reason is a situation or a need


def test_a_phrasing_that_greets_or_thanks_keeps_its_own() -> None:
    greeted = "Hi! Could you sort orders.xlsx by Date? Thanks, Sam."
    framed = [frame(greeted, ["spreadsheet"], seed) for seed in range(40)]
    openers = tuple(o for o in corpus("requests")["openers"] if o)
    assert all(t.count("Hi!") == 1 and not t.split(greeted)[0].startswith(openers) for t in framed)
    closers = [c for c in corpus("requests")["closers"] if c]
    assert not [t for t in framed if any(t.endswith(c) for c in closers)]
    plain = [frame("Sort orders.xlsx by Date.", ["spreadsheet"], seed) for seed in range(40)]
    assert any(t.endswith(tuple(closers)) for t in plain) and any(t.startswith("Hello!") for t in plain)

