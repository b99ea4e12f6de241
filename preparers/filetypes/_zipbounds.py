"""Bounds for zip-based office files (docx, pptx), checked before any XML parser sees them.

A docx or pptx of a few kilobytes can inflate to gigabytes (a zip bomb) or hold thousands of
members; python-docx and python-pptx would parse all of it into memory. The central directory
states every member's inflated size, so the bound costs no decompression.
"""

from __future__ import annotations

import io
import zipfile

from forge.errors import CheckError
from forge.safezip import UnsafeZipError, ZipLimits, check_zip

MAX_MEMBERS = 2000
MAX_INFLATED_BYTES = 200 * 1024 * 1024
MAX_RATIO = 200  # inflated / compressed, per member larger than 1 MiB


def check_zip_bounds(data: bytes, path: str, max_bytes: int) -> None:
    """Raise CheckError when the file, its member count, or its inflated size is out of bounds."""
    if len(data) > max_bytes:
        raise CheckError(f"{path} is {len(data)} bytes, over the {max_bytes}-byte bound")
    try:  # the sizes below are what the zip states; this inflates each member to check it says the truth
        check_zip(data, path, ZipLimits(max_members=MAX_MEMBERS, max_total_bytes=MAX_INFLATED_BYTES))
    except UnsafeZipError as exc:
        raise CheckError(str(exc)) from exc
    try:
        members = zipfile.ZipFile(io.BytesIO(data)).infolist()
    except (zipfile.BadZipFile, ValueError, OSError) as exc:
        raise CheckError(f"{path} is not a zip package (docx/pptx are zips): {exc}") from exc
    if len(members) > MAX_MEMBERS:
        raise CheckError(f"{path} has {len(members)} zip members, over the bound of {MAX_MEMBERS}")
    inflated = sum(m.file_size for m in members)
    if inflated > MAX_INFLATED_BYTES:
        raise CheckError(f"{path} inflates to {inflated} bytes, over the bound of {MAX_INFLATED_BYTES}")
    for member in members:
        if member.file_size > 1 << 20 and member.file_size > MAX_RATIO * max(member.compress_size, 1):
            raise CheckError(f"{path}: member {member.filename} inflates {member.file_size // max(member.compress_size, 1)}"
                             f"-fold, over the bound of {MAX_RATIO} (a zip bomb?)")
