"""The seeded Faker every workflow and preparer draws its content from.

One per thread, reseeded per bundle: constructing `Faker()` loads every provider, the slow part.
Its lorem words leave out the few that read as template leftovers to the file gate: "none" opens
about one Faker sentence in a thousand as "None", and a shop's catalogue of fifty descriptions
then failed its own bundle (1 task of 100 in a measured batch, one web task in eight).

Dates come from `day_between`, `moment_between` and `month_name`, never from Faker's date methods:
those count from the real clock (a day between 30 years ago and today, this year's dates, a month
read off a random moment before now), so a seed drew another task the next day, or the next second,
and a rerun could not know it had made it. Here "today" is the fixed `TODAY`.
"""

from __future__ import annotations

import datetime as dt
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


TODAY = dt.date(2026, 6, 30)


def day_between(faker: Faker, start: dt.date | int, end: dt.date | int = 0) -> dt.date:
    """A day from `start` to `end` inclusive, each a date or days from `TODAY` (negative: before it)."""
    first, last = (TODAY + dt.timedelta(days=d) if isinstance(d, int) else d for d in (start, end))
    return first + dt.timedelta(days=faker.random.randint(0, (last - first).days))


def moment_between(faker: Faker, start: dt.date | int, end: dt.date | int = 0) -> dt.datetime:
    """A moment, to the second, on a day `day_between` would draw."""
    return dt.datetime.combine(day_between(faker, start, end), dt.time()) + dt.timedelta(
        seconds=faker.random.randrange(24 * 3600))


MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")  # written out: calendar.month_name follows the process's locale


def month_name(faker: Faker) -> str:
    return MONTHS[faker.random.randint(1, 12) - 1]
