"""Zip archives (xlsx, docx, pptx, odf...) bounded by what their members inflate to, not what they claim.

A zip's central directory states each member's sizes, and an attacker writes whatever it
likes there: a member "of 1,000 bytes" can inflate to 2 GB. Python's zipfile stops at the
stated size, but other readers (calamine's Rust zip, LibreOffice) inflate the stream to its
end. So before any parser sees an archive that untrusted code wrote, `check_zip`:

* bounds the central directory's size and the number of members before building objects;
* inflates every member's data itself, streaming (zlib, in chunks), from its local header to
  the end of the deflate stream, whatever the compressed size says, and stops at the bound;
* refuses a member whose real size differs from the stated one, an unknown compression
  method, encryption, or a total over the bound.

After it passes, every stated size is true and bounded, so any reader of the archive is.
`read_member` reads one member the same streaming way. Use them for every zip the host opens
on behalf of a sandbox (`forge.checks`, `gates/`, `preparers/filetypes/`).
"""

from __future__ import annotations

import io
import struct
import zipfile
import zlib
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict

from forge.errors import ForgeError

_LOCAL_HEADER = struct.Struct("<4s5H3L2H")  # zipfile's own layout (signature ... extra length)
_LOCAL_SIGNATURE = b"PK\x03\x04"
_CHUNK = 64 * 1024
_METHODS = (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED)


class UnsafeZipError(ForgeError, ValueError):
    """Raised when a zip is over a bound, lies about its sizes or cannot be read safely."""


class ZipLimits(BaseModel):
    """Bounds on one archive."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    max_members: int = 10_000
    max_total_bytes: int = 200 * 1024 * 1024
    """Bytes all members inflate to together (each member is bounded by it too)."""
    max_central_dir_bytes: int = 16 * 1024 * 1024
    """Checked before zipfile builds one object per entry."""


@dataclass(frozen=True)
class ZipMember:
    name: str
    size: int
    """Bytes it really inflates to (equal to what it states, or `check_zip` refused it)."""


def check_zip(data: bytes, name: str, limits: ZipLimits | None = None) -> list[ZipMember]:
    """The archive's members with their true sizes; UnsafeZipError naming `name` and the bound."""
    limits = limits or ZipLimits()
    archive = _open(data, name, limits)
    with archive:
        infos = archive.infolist()
        if len(infos) > limits.max_members:
            raise UnsafeZipError(f"{name} has {len(infos)} zip entries, over the bound of {limits.max_members}")
        members, total = [], 0
        for info in infos:
            try:
                size = _inflated_size(data, info, name, limits.max_total_bytes - total)
            except _OverBudget:
                raise UnsafeZipError(
                    f"{name} unzips to more than {limits.max_total_bytes} bytes (at member {info.filename!r}), "
                    f"over the bound of {limits.max_total_bytes} bytes"
                ) from None
            if size != info.file_size:
                raise UnsafeZipError(
                    f"{name}: zip member {info.filename!r} states {info.file_size} bytes but inflates to {size}"
                )
            total += size
            members.append(ZipMember(info.filename, size))
    return members


def read_member(data: bytes, name: str, member: str, limits: ZipLimits | None = None) -> bytes:
    """One member's bytes, inflated streaming and cut off at the bound (whatever it states)."""
    limits = limits or ZipLimits()
    with _open(data, name, limits) as archive:
        try:
            info = archive.getinfo(member)
        except KeyError as exc:
            raise UnsafeZipError(f"{name} has no zip member {member!r}") from exc
        out = io.BytesIO()
        try:
            _inflate(data, info, name, limits.max_total_bytes, out)
        except _OverBudget:
            raise UnsafeZipError(
                f"{name}: zip member {member!r} inflates to more than {limits.max_total_bytes} bytes, "
                f"over the bound of {limits.max_total_bytes} bytes"
            ) from None
    return out.getvalue()


def _open(data: bytes, name: str, limits: ZipLimits) -> zipfile.ZipFile:
    try:
        # zipfile's own end-record reader: private, but unchanged since Python 2 and zip64-aware
        end = zipfile._EndRecData(io.BytesIO(data))  # type: ignore[attr-defined]
        size = end[zipfile._ECD_SIZE] if end else 0  # type: ignore[attr-defined]
        if size > limits.max_central_dir_bytes:
            raise UnsafeZipError(
                f"{name} has a zip directory of {size} bytes, over the bound of {limits.max_central_dir_bytes}"
            )
        return zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError, struct.error) as exc:
        if isinstance(exc, UnsafeZipError):
            raise
        raise UnsafeZipError(f"{name} is not a readable zip archive: {exc}") from exc


def _inflated_size(data: bytes, info: zipfile.ZipInfo, name: str, budget: int) -> int:
    counter = _Counter()
    _inflate(data, info, name, budget, counter)
    return counter.count


class _OverBudget(Exception):
    """A member inflated past the bytes left; the caller words the error."""


class _Counter:
    def __init__(self) -> None:
        self.count = 0

    def write(self, chunk: bytes) -> None:
        self.count += len(chunk)


def _inflate(data: bytes, info: zipfile.ZipInfo, name: str, budget: int, out: io.BytesIO | _Counter) -> None:
    """Inflate `info`'s data into `out` until the stream ends; UnsafeZipError past `budget` bytes."""
    where = f"{name}: zip member {info.filename!r}"
    if info.flag_bits & 0x1:
        raise UnsafeZipError(f"{where} is encrypted")
    if info.compress_type not in _METHODS:
        raise UnsafeZipError(f"{where} uses compression method {info.compress_type}; only stored and deflate are read")
    start = info.header_offset
    try:
        header = _LOCAL_HEADER.unpack_from(data, start)
    except struct.error as exc:
        raise UnsafeZipError(f"{where} has no local header: {exc}") from exc
    if header[0] != _LOCAL_SIGNATURE:
        raise UnsafeZipError(f"{where} has a bad local header")
    offset = start + _LOCAL_HEADER.size + header[-2] + header[-1]
    if info.compress_type == zipfile.ZIP_STORED:
        if info.compress_size > budget:
            raise _OverBudget
        chunk = data[offset:offset + info.compress_size]
        if len(chunk) != info.compress_size:
            raise UnsafeZipError(f"{where} is cut short")
        out.write(chunk)
        return
    inflater = zlib.decompressobj(-zlib.MAX_WBITS)
    written, position = 0, offset
    try:
        while not inflater.eof:
            pending = inflater.unconsumed_tail
            if not pending:
                if position >= len(data):
                    raise UnsafeZipError(f"{where} is cut short (its deflate stream does not end)")
                pending = data[position:position + _CHUNK]
                position += len(pending)
            chunk = inflater.decompress(pending, _CHUNK)
            written += len(chunk)
            if written > budget:
                raise _OverBudget
            out.write(chunk)
    except zlib.error as exc:
        raise UnsafeZipError(f"{where} is not a valid deflate stream: {exc}") from exc
