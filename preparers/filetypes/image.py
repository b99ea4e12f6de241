"""Images, end to end: bound, inspect, read as an `ImageView`, write seeded photos, mutate.

- `check_bounds`: BEFORE any pixel is decoded, the byte size, then the header (Pillow reads only
  that on open): a known format and a pixel count within `MAX_PIXELS`. A decompression bomb (a
  small file declaring a huge canvas) is refused with the count, never decoded;
- `inspect` / `read` -> `ImageView`: format, size, mode, a digest of the decoded pixels, a 16x16
  grayscale thumbnail (for "the same picture" checks) and the EXIF date taken;
- `photo_jpeg`: a seeded, photo-like JPEG with an EXIF date, for workflows;
- mutators for an image output: one pixel narrower, another encoding under the same name, a flat
  gray picture of the same size.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import random
from typing import Any

from forge.errors import CheckError, PreparerError
from forge.filetypes import (
    FileReport,
    FileTypeBase,
    MutantFiles,
    MutationInput,
    register_file_type,
    register_mutator,
)
from forge.views import ImageView, View

MAX_BYTES = 20 * 1024 * 1024
MAX_PIXELS = 40_000_000  # 8000 x 5000; Pillow's own bomb guard is far higher
FORMATS = ("JPEG", "PNG", "WEBP", "GIF")
IMAGE = {"image"}
_EXIF_IFD, _TAKEN, _DATETIME = 0x8769, 36867, 306


def _opened(data: bytes, path: str) -> Any:
    """The image with only its header read, once the header is within bounds; CheckError otherwise."""
    from PIL import Image, UnidentifiedImageError

    if len(data) > MAX_BYTES:
        raise CheckError(f"{path} is {len(data)} bytes, over the {MAX_BYTES}-byte bound for an image")
    try:
        image = Image.open(io.BytesIO(data), formats=FORMATS)
    except Image.DecompressionBombError as exc:  # Pillow's own guard, far above ours, fired on open
        raise CheckError(f"{path} declares more pixels than the {MAX_PIXELS}-pixel bound (a decompression "
                         f"bomb?): refused before decoding; make the image smaller ({exc})") from exc
    except (UnidentifiedImageError, OSError, ValueError) as exc:
        raise CheckError(f"{path} is not an image Pillow can read as {'/'.join(FORMATS)}: {exc}") from exc
    width, height = image.size
    if width < 1 or height < 1 or width * height > MAX_PIXELS:
        raise CheckError(f"{path} declares {width}x{height} = {width * height} pixels, over the {MAX_PIXELS}-pixel "
                         "bound (a decompression bomb?): refused before decoding; make the image smaller")
    return image


def _taken(image: Any) -> str | None:
    exif = image.getexif()
    raw = exif.get_ifd(_EXIF_IFD).get(_TAKEN) or exif.get(_DATETIME)
    try:
        return dt.datetime.strptime(str(raw).strip("\x00 "), "%Y:%m:%d %H:%M:%S").isoformat() if raw else None
    except ValueError:
        return None


def read_image(data: bytes, path: str) -> ImageView:
    from PIL import Image

    image = _opened(data, path)
    try:
        image.load()
        gray = image.convert("L").resize((16, 16), Image.Resampling.BOX)
        digest = hashlib.sha256(f"{image.mode}:{image.size}:".encode() + image.tobytes()).hexdigest()
        return ImageView(source=path, format=image.format or "", width=image.width, height=image.height,
                         mode=image.mode, pixel_sha256=digest, thumbnail=list(gray.tobytes()), exif_taken=_taken(image))
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as exc:  # truncated, corrupt
        raise CheckError(f"{path} does not decode as an image: {type(exc).__name__}: {exc}") from exc


@register_file_type("image")
class ImageFile(FileTypeBase):
    """Raster images (JPEG, PNG, WebP, GIF), read with Pillow, bounded before decoding."""

    extensions = (".jpg", ".jpeg", ".png", ".webp", ".gif")
    views = ("image",)
    max_bytes = MAX_BYTES

    def inspect(self, data: bytes) -> FileReport:
        try:
            view = read_image(data, "image")
        except CheckError as exc:
            raise PreparerError(str(exc)) from exc
        return FileReport(type="image", summary={"format": view.format, "width": view.width, "height": view.height,
                                                 "mode": view.mode, "exif_taken": view.exif_taken})

    def check_bounds(self, data: bytes, path: str) -> None:
        _opened(data, path)

    def read(self, data: bytes, path: str, view: str) -> View:
        return read_image(data, path)


def photo_jpeg(rng: random.Random, size: tuple[int, int], taken: dt.datetime | None = None) -> bytes:
    """A seeded, photo-like JPEG (a sky-to-ground gradient and a few shapes; no two seeds alike),
    with `taken` as its EXIF DateTimeOriginal."""
    from PIL import Image, ImageDraw

    width, height = size
    top, bottom = [tuple(rng.randrange(256) for _ in range(3)) for _ in range(2)]
    column = Image.linear_gradient("L").resize((1, height))
    image = Image.composite(Image.new("RGB", (1, height), bottom), Image.new("RGB", (1, height), top), column)
    image = image.resize((width, height))
    draw = ImageDraw.Draw(image)
    for _ in range(rng.randint(4, 9)):
        x, y = rng.randrange(width), rng.randrange(height)
        w, h = rng.randrange(width // 10, width // 2), rng.randrange(height // 10, height // 2)
        shape = draw.ellipse if rng.random() < 0.5 else draw.rectangle
        shape((x, y, x + w, y + h), fill=tuple(rng.randrange(256) for _ in range(3)))
    exif = Image.Exif()
    if taken is not None:
        stamp = taken.strftime("%Y:%m:%d %H:%M:%S")
        exif[_DATETIME] = stamp
        exif.get_ifd(_EXIF_IFD)[_TAKEN] = stamp
    buf = io.BytesIO()
    image.save(buf, "JPEG", quality=85, exif=exif)
    return buf.getvalue()


# --- mutators ----------------------------------------------------------------------------------


def _output(probe: MutationInput) -> tuple[str, Any] | None:
    """(path, decoded image) of the first image output the oracle wrote."""
    from PIL import Image

    path = next(iter(probe.outputs_of_type(IMAGE)), None)
    if path is None or path not in probe.oracle_outputs:
        return None
    _opened(probe.oracle_outputs[path], path)
    image = Image.open(io.BytesIO(probe.oracle_outputs[path]))
    image.load()
    return path, image


def _encoded(image: Any, fmt: str, like: Any) -> bytes:
    buf = io.BytesIO()
    image.save(buf, fmt, exif=like.getexif())
    return buf.getvalue()


@register_mutator("image.one_pixel_narrower", file_types=IMAGE)
def one_pixel_narrower(probe: MutationInput) -> MutantFiles | None:
    """The picture is one pixel narrower than the oracle's (a size worked out off by one)."""
    found = _output(probe)
    if found is None or found[1].width < 2:
        return None
    path, image = found
    narrower = image.resize((image.width - 1, image.height))
    return {**probe.oracle_outputs, path: _encoded(narrower, image.format or "PNG", image)}


@register_mutator("image.other_format", file_types=IMAGE)
def other_format(probe: MutationInput) -> MutantFiles | None:
    """The right picture in another encoding under the asked name (a PNG saved as photo.jpg)."""
    found = _output(probe)
    if found is None:
        return None
    path, image = found
    other = "PNG" if image.format == "JPEG" else "JPEG"
    return {**probe.oracle_outputs, path: _encoded(image.convert("RGB") if other == "JPEG" else image, other, image)}


@register_mutator("image.flat_gray", file_types=IMAGE)
def flat_gray(probe: MutationInput) -> MutantFiles | None:
    """A flat gray picture of the same size, mode and encoding: the file looks right, the picture is gone."""
    from PIL import Image

    found = _output(probe)
    if found is None:
        return None
    path, image = found
    gray = Image.new(image.mode, image.size, 128 if image.mode in ("L", "P", "1") else (128,) * len(image.getbands()))
    return {**probe.oracle_outputs, path: _encoded(gray, image.format or "PNG", image)}
