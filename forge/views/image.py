"""The image view: what a check can say about a picture without looking at it pixel by pixel."""

from __future__ import annotations

from typing import ClassVar

from pydantic import Field

from forge.views.spec import View, register_view


@register_view
class ImageView(View):
    kind: ClassVar[str] = "image"

    source: str
    format: str = Field(description="The encoding Pillow found (JPEG, PNG, WEBP, GIF), whatever the file's name.")
    width: int = Field(ge=1)
    height: int = Field(ge=1)
    mode: str = Field(description="Pillow's pixel mode: RGB, RGBA, L, P, ...")
    pixel_sha256: str = Field(description="Digest of the decoded pixels with mode and size: same picture, same bits.")
    thumbnail: list[int] = Field(description="16x16 grayscale, row by row: for 'the same picture' comparisons.")
    exif_taken: str | None = Field(default=None, description="EXIF DateTimeOriginal (or DateTime), ISO 8601.")
