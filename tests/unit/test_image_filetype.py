"""The image file type: bounds refuse an oversized or bomb-shaped image BEFORE any pixel is
decoded, with a message that names the bound and the fix; the view reads what Pillow sees."""

from __future__ import annotations

import datetime as dt
import io
import random
import struct
import zlib

import pytest
from PIL import Image

from forge.errors import CheckError, PreparerError
from forge.filetypes import FILE_TYPES, inspect_file, read_view
from forge.views import ImageView
from preparers.filetypes.image import MAX_BYTES, MAX_PIXELS, photo_jpeg

TAKEN = dt.datetime(2024, 5, 3, 14, 22, 10)


def png_declaring(width: int, height: int) -> bytes:
    """A tiny PNG whose header declares `width` x `height` (1-bit gray) with a few rows of data:
    what a decompression bomb looks like before it is decoded."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    rows = zlib.compress(b"\x00" * (width // 8 + 2) * 4)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", rows) + chunk(b"IEND", b"")


def encoded(image: Image.Image, fmt: str) -> bytes:
    buf = io.BytesIO()
    image.save(buf, fmt)
    return buf.getvalue()


@pytest.mark.parametrize("side", [6400, 30000])  # ours (41M > 40M pixels); far past Pillow's own guard too
def test_a_bomb_shaped_image_is_refused_before_decoding_with_the_bound(side: int) -> None:
    data = png_declaring(side, side)
    assert len(data) < 100_000
    with pytest.raises(CheckError, match=rf"bomb\.png .*{MAX_PIXELS}-pixel bound .*refused before decoding"):
        read_view(data, "bomb.png", ImageView)
    with pytest.raises(PreparerError, match="refused before decoding"):  # the file gate's way in
        inspect_file("image", data)


def test_just_inside_the_pixel_bound_is_read() -> None:
    side = int(MAX_PIXELS ** 0.5)  # 6324 x 6324 = 39,992,976 pixels
    data = encoded(Image.new("1", (side, side)), "PNG")
    view = read_view(data, "big.png", ImageView)
    assert (view.width, view.height, view.format, view.mode) == (side, side, "PNG", "1")


def test_an_image_over_the_byte_bound_is_refused_before_opening() -> None:
    data = photo_jpeg(random.Random(1), (64, 48)) + b"\x00" * MAX_BYTES
    with pytest.raises(CheckError, match=f"over the {MAX_BYTES}-byte bound"):
        FILE_TYPES.get("image").check_bounds(data, "huge.jpg")


def test_not_an_image_and_a_truncated_one_say_what_is_wrong() -> None:
    with pytest.raises(CheckError, match="not an image Pillow can read"):
        read_view(b"%PDF-1.7 not a picture", "fake.jpg", ImageView)
    whole = photo_jpeg(random.Random(2), (320, 240), TAKEN)
    with pytest.raises(CheckError, match="does not decode as an image"):
        read_view(whole[: len(whole) // 2], "cut.jpg", ImageView)


def test_the_view_has_format_size_mode_digest_thumbnail_and_exif_date() -> None:
    data = photo_jpeg(random.Random(3), (400, 300), TAKEN)
    view = read_view(data, "photos/IMG_1.jpg", ImageView)
    assert (view.format, view.width, view.height, view.mode) == ("JPEG", 400, 300, "RGB")
    assert view.exif_taken == "2024-05-03T14:22:10" and len(view.thumbnail) == 256
    assert read_view(photo_jpeg(random.Random(3), (400, 300)), "b.jpg", ImageView).exif_taken is None
    other = read_view(photo_jpeg(random.Random(4), (400, 300), TAKEN), "c.jpg", ImageView)
    assert other.pixel_sha256 != view.pixel_sha256
    png = read_view(encoded(Image.open(io.BytesIO(data)), "PNG"), "d.png", ImageView)  # same pixels, other encoding
    assert png.format == "PNG" and png.pixel_sha256 == view.pixel_sha256 and png.thumbnail == view.thumbnail
    report = inspect_file("image", data)
    assert report.summary == {"format": "JPEG", "width": 400, "height": 300, "mode": "RGB",
                              "exif_taken": "2024-05-03T14:22:10"}


def test_photos_are_seeded() -> None:
    assert photo_jpeg(random.Random(5), (200, 100), TAKEN) == photo_jpeg(random.Random(5), (200, 100), TAKEN)
    assert photo_jpeg(random.Random(5), (200, 100), TAKEN) != photo_jpeg(random.Random(6), (200, 100), TAKEN)
