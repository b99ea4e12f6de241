"""Photo folders for the EXIF families: a phone's dump of photos whose names do not tell when
they were taken.

    files = phone_dump(ctx.rng, ctx.faker)
"""

from __future__ import annotations

import datetime as dt
import random

from faker import Faker

from preparers.filetypes.image import photo_jpeg


def phone_dump(rng: random.Random, faker: Faker) -> dict[str, bytes]:
    """A phone's photos: camera names with no date, chat photos named after the day they were
    received (days to weeks after they were taken, often in another month), a few without any date
    taken, and a note and a PDF that are not photos."""
    files: dict[str, bytes] = {}
    start = dt.datetime(rng.choice([2023, 2024]), rng.randint(1, 10), 1, 8)
    for n in range(rng.randint(8, 13)):
        taken = start + dt.timedelta(days=rng.randrange(150), seconds=rng.randrange(40_000))
        size = (rng.choice([48, 64]), rng.choice([36, 48]))
        if n % 3 == 1:  # a chat photo: named after the day it arrived
            received = taken + dt.timedelta(days=rng.randint(10, 40))
            name = f"WhatsApp Images/IMG-{received:%Y%m%d}-WA{n:04d}.jpg"
        else:
            name = f"DSC{rng.randint(1000, 9999):05d}.{rng.choice(['JPG', 'jpg'])}"
        files[name] = photo_jpeg(rng, size, taken)
    for n in range(rng.randint(1, 3)):
        name = rng.choice([f"Screenshot_{n}_{faker.word()}.jpg", f"edited_{faker.word()}_{n}.jpg"])
        files[name] = photo_jpeg(rng, (40, 30), None)
    files["notes.txt"] = (faker.sentence() + "\n").encode()
    files[f"{faker.word()}_tickets.pdf"] = b"%PDF-1.4\n" + rng.randbytes(300)
    return files
