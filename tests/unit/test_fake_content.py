"""The seeded Faker workflows draw from: reproducible, and free of words the file gate reads as leftovers."""

from __future__ import annotations

import re

from faker import Faker

from gates.file_gate import LEFTOVER
from preparers.fake import LEFTOVER_WORDS, thread_faker


def _sentences(faker: Faker, seed: int, n: int) -> list[str]:
    faker.seed_instance(seed)
    return [faker.sentence(nb_words=10) for _ in range(n)]


def test_its_sentences_never_read_as_a_template_leftover_where_fakers_own_do() -> None:
    ours = _sentences(thread_faker(0), 3, 3000)
    theirs = _sentences(Faker(), 3, 3000)  # the same draws from Faker's own list: some open with "None"
    assert any(LEFTOVER.search(s) for s in theirs)
    assert not [s for s in ours if LEFTOVER.search(s)]


def test_it_leaves_out_every_word_the_leftover_check_matches_and_only_those() -> None:
    words = Faker().get_words_list()
    flagged = {w for w in words if LEFTOVER.search(w.capitalize()) or LEFTOVER.search(w)}
    assert flagged == LEFTOVER_WORDS
    assert set(thread_faker(1).get_words_list()) == set(words) - LEFTOVER_WORDS


def test_the_same_seed_gives_the_same_content_whatever_came_before() -> None:
    first = thread_faker(11).paragraph()
    thread_faker(12).paragraph()
    assert thread_faker(11).paragraph() == first
    assert re.fullmatch(r"[A-Z][a-z ,]+\.( [A-Z][a-z ,]+\.)*", first)
