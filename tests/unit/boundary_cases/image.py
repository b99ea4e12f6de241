"""Boundary cases of the image check library (`forge.checks.image`) on real images made with Pillow:
a width one pixel off, a height at and one past the rounding tolerance, the right picture in the
wrong encoding under a .jpg name, a flat or mirrored picture of the right size, and an EXIF date
one second off or dropped."""

from __future__ import annotations

import datetime as dt
import io
import random
from typing import Any

from PIL import Image, ImageOps

from preparers.filetypes.image import photo_jpeg
from tests.unit.boundary_cases import Case

TAKEN = dt.datetime(2024, 5, 3, 14, 22, 10)
SOURCE = photo_jpeg(random.Random(11), (1600, 1200), TAKEN)  # scaled to 640 wide: 480 tall
IN, OUT = "photos/IMG_1.jpg", "photos/web/IMG_1.jpg"


def saved(image: Image.Image, fmt: str = "JPEG", taken: dt.datetime | None = TAKEN) -> bytes:
    exif = Image.Exif()
    if taken is not None:
        exif.get_ifd(0x8769)[36867] = taken.strftime("%Y:%m:%d %H:%M:%S")
    buf = io.BytesIO()
    image.save(buf, fmt, exif=exif)
    return buf.getvalue()


def scaled(width: int, height: int) -> Image.Image:
    return Image.open(io.BytesIO(SOURCE)).resize((width, height))


def case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    paths = {"file": OUT} if "format" in options else {"file": OUT, "input_file": IN}
    return Case(label, None, {**paths, **options}, passes, says, files={OUT: output}, originals={IN: SOURCE})


RIGHT = saved(scaled(640, 480))
CASES = {
    "image.resized": [
        case("exactly 640 wide, 480 tall", RIGHT, {"width": 640}, True),
        case("one pixel narrow", saved(scaled(639, 480)), {"width": 640}, False, "639 pixels wide, expected 640"),
        case("one pixel taller: within the tolerance", saved(scaled(640, 481)), {"width": 640}, True),
        case("two pixels taller: past it", saved(scaled(640, 482)), {"width": 640}, False,
             "482 pixels tall, expected 480"),
        case("stretched to a square", saved(scaled(640, 640)), {"width": 640}, False, "expected 480"),
    ],
    "image.format": [
        case("a JPEG", RIGHT, {"format": "JPEG"}, True),
        case("a PNG named .jpg", saved(scaled(640, 480), "PNG"), {"format": "JPEG"}, False,
             "encoded as PNG, expected JPEG"),
    ],
    "image.same_picture": [
        case("the picture, smaller", RIGHT, {}, True),
        case("flat gray of the right size", saved(Image.new("RGB", (640, 480), (128, 128, 128))), {}, False,
             "differs from photos/IMG_1.jpg by"),
        case("mirrored", saved(ImageOps.mirror(scaled(640, 480))), {}, False, "(at most 12 is the same picture)"),
    ],
    "image.exif_date_kept": [
        case("the date kept", RIGHT, {}, True),
        case("one second off", saved(scaled(640, 480), taken=TAKEN + dt.timedelta(seconds=1)), {}, False,
             "has date taken 2024-05-03T14:22:11, expected 2024-05-03T14:22:10"),
        case("dropped", saved(scaled(640, 480), taken=None), {}, False, "has date taken none"),
    ],
}
