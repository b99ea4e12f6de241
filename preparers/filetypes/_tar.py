"""Folders shipped as one file: a deterministic tar to write, a bounded, safe reader to read.

A task whose input is a folder (a code project, a messy Downloads folder) carries it as one tar
archive that setup unpacks. The reader refuses, before extracting anything, what a hostile or
broken archive could hold: links, devices, absolute or `..` paths, too many members, members or a
total too large; it never touches the file system.
"""

from __future__ import annotations

import io
import shlex
import tarfile
from pathlib import PurePosixPath

from forge.errors import CheckError

MAX_MEMBER_BYTES = 20 * 1024 * 1024
MAX_TOTAL_BYTES = 64 * 1024 * 1024


def pack_tar(files: dict[str, bytes]) -> bytes:
    """`files` (relative posix path -> bytes) as an uncompressed tar: sorted, fixed times and owners,
    so the same files give the same bytes."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for name in sorted(files):
            info = tarfile.TarInfo(name)
            info.size, info.mtime, info.mode = len(files[name]), 0, 0o644
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            tar.addfile(info, io.BytesIO(files[name]))
    return buf.getvalue()


def read_tar(data: bytes, path: str, *, max_members: int = 1000) -> dict[str, bytes]:
    """The archive's regular files by relative path; CheckError naming the first thing out of bounds."""
    try:
        tar = tarfile.open(fileobj=io.BytesIO(data), mode="r:")
        members = []
        for member in tar:
            members.append(member)
            if len(members) > max_members:
                raise CheckError(f"{path} holds more than {max_members} entries")
    except tarfile.TarError as exc:
        raise CheckError(f"{path} is not a readable tar archive: {exc}") from exc
    files: dict[str, bytes] = {}
    total = 0
    for member in members:
        name = PurePosixPath(member.name)
        if name.is_absolute() or ".." in name.parts:
            raise CheckError(f"{path}: member {member.name!r} leaves the folder")
        if member.isdir():
            continue
        if not member.isfile():
            raise CheckError(f"{path}: member {member.name!r} is a link or special file; only files are allowed")
        total += member.size
        if member.size > MAX_MEMBER_BYTES or total > MAX_TOTAL_BYTES:
            raise CheckError(f"{path}: members inflate past the bound ({MAX_MEMBER_BYTES} a member, "
                             f"{MAX_TOTAL_BYTES} in all)")
        extracted = tar.extractfile(member)
        files[name.as_posix()] = extracted.read() if extracted is not None else b""
    return files


def unpack_command(folder: str) -> str:
    """The setup command that turns the archive at `folder` into the folder itself."""
    src, hidden = shlex.quote(folder), shlex.quote(f".{folder}.tar")
    return f"mv {src} {hidden} && mkdir {src} && tar -xf {hidden} -C {src} && rm {hidden}"
