"""The image check library: checks over `ImageView` (format, size, pixels, EXIF date), for tasks
that resize, convert or re-save pictures. Each compares the output with the input image the task
gave, or with what the instruction states (a width, a format)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import ImageView


class ImageEdit(CheckOptions):
    file: OutputPath = Field(description="The image the task writes.")
    input_file: InputPath = Field(description="The image the task gave.")


class Resized(ImageEdit):
    width: int = Field(gt=0, description="The width asked for, in pixels; the height keeps the aspect ratio.")
    tolerance: int = Field(default=1, ge=0, description="Pixels the height may be off its rounded value.")


@register_check("image.resized", Resized, view="image")
def resized(state: FinalState, opts: Resized) -> Verdict:
    """The output is exactly `width` pixels wide and as tall as the input scaled by the same factor
    (rounded, within `tolerance` pixels): the aspect ratio is kept."""
    before, after = input_view(state, opts.input_file, ImageView), output_view(state, opts.file, ImageView)
    height = round(before.height * opts.width / before.width)
    if after.width != opts.width:
        return Verdict.of(False, f"{opts.file} is {after.width} pixels wide, expected {opts.width}")
    if abs(after.height - height) > opts.tolerance:
        return Verdict.of(False, f"{opts.file} is {after.height} pixels tall, expected {height} (the input's "
                          f"{before.width}x{before.height} scaled to {opts.width} wide)")
    return Verdict.of(True, f"{opts.file} is {after.width}x{after.height}")


class Format(CheckOptions):
    file: OutputPath = Field(description="The image the task writes.")
    format: Literal["JPEG", "PNG", "WEBP", "GIF"] = Field(description="The encoding asked for.")


@register_check("image.format", Format, view="image")
def image_format(state: FinalState, opts: Format) -> Verdict:
    """The output is encoded as the format asked for (read from its bytes, not its name)."""
    found = output_view(state, opts.file, ImageView).format
    return Verdict.of(found == opts.format, f"{opts.file} is encoded as {found or 'nothing known'}"
                      + ("" if found == opts.format else f", expected {opts.format}"))


class SamePicture(ImageEdit):
    tolerance: float = Field(default=12.0, ge=0, description="Largest mean difference of the 16x16 grayscale "
                             "thumbnails (0-255) still the same picture: resampling and JPEG stay well under it.")


@register_check("image.same_picture", SamePicture, view="image")
def same_picture(state: FinalState, opts: SamePicture) -> Verdict:
    """The output shows the input's picture (whatever its size or encoding): their 16x16 grayscale
    thumbnails differ by at most `tolerance` on average, so a blank, flipped or other image fails."""
    before, after = input_view(state, opts.input_file, ImageView), output_view(state, opts.file, ImageView)
    diff = sum(abs(a - b) for a, b in zip(before.thumbnail, after.thumbnail, strict=True)) / len(before.thumbnail)
    return Verdict.of(diff <= opts.tolerance, f"{opts.file} differs from {opts.input_file} by {diff:.1f} on average "
                      f"(at most {opts.tolerance:g} is the same picture)")


class ExifDateKept(ImageEdit):
    pass


@register_check("image.exif_date_kept", ExifDateKept, view="image")
def exif_date_kept(state: FinalState, opts: ExifDateKept) -> Verdict:
    """The output still carries the input's EXIF date taken (DateTimeOriginal)."""
    taken = input_view(state, opts.input_file, ImageView).exif_taken
    if taken is None:
        return Verdict.of(False, f"{opts.input_file} carries no EXIF date taken: nothing to keep (a broken task)")
    found = output_view(state, opts.file, ImageView).exif_taken
    return Verdict.of(found == taken, f"{opts.file} has date taken {found or 'none'}"
                      + ("" if found == taken else f", expected {taken} (the input's)"))
