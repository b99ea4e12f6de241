"""The seeded Faker every workflow and preparer draws its content from.

One per thread, reseeded per bundle: constructing `Faker()` loads every provider, the slow part.
Its lorem words leave out the few that read as template leftovers to the file gate: "none" opens
about one Faker sentence in a thousand as "None", and a shop's catalogue of fifty descriptions
then failed its own bundle (1 task of 100 in a measured batch, one web task in eight).
"""

from __future__ import annotations

import threading

from faker import Faker
from faker.providers.lorem.en_US import Provider as EnglishLorem

LEFTOVER_WORDS = frozenset({"none"})  # the only word of Faker's English list the file gate's leftover check matches


class _Lorem(EnglishLorem):
    word_list = tuple(w for w in EnglishLorem.word_list if w not in LEFTOVER_WORDS)


_THREAD = threading.local()


def thread_faker(seed: int) -> Faker:
    """This thread's Faker, reseeded: the same seed gives the same content, whatever came before."""
    faker = getattr(_THREAD, "faker", None)
    if faker is None:
        faker = _THREAD.faker = Faker()
        faker.add_provider(_Lorem)
    faker.seed_instance(seed)
    return faker
