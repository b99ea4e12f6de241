"""Tree checks for files that come in pieces, joined back into one: a split download
(`backup.zip.001`, `.002`, ... or `.part1` ... `.part12`, in NUMBER order, not name order) restored
under its own name, or a server's rotated logs (`app.log.12.gz` ... `app.log.1`, `app.log`) combined
oldest first into `app-combined.log`, compressed pieces unpacked. The pieces are deleted afterwards
or kept. The folder is in place: the check works out the whole folder from the original archive and
accounts for every file (`tree_rules.compare_trees`).
"""

from __future__ import annotations

import gzip
import hashlib
import io
import re
from typing import Literal

from pydantic import Field

from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import tree_view
from forge.checks.tree_rules import compare_trees, place_entry
from forge.errors import CheckError
from forge.views import Entry

PIECE = {"numbered": re.compile(r"^(?P<base>[^/]+)\.(?P<n>\d{3})$"),
         "part": re.compile(r"^(?P<base>[^/]+)\.part(?P<n>\d+)$"),
         "rotated": re.compile(r"^(?P<base>[^/]+\.log)(?:\.(?P<n>\d+)(?P<gz>\.gz)?)?$")}
FIRST = {"numbered": 1, "part": 1, "rotated": 0}
_MAX_PIECE = 16 * 1024 * 1024


class PartsJoined(CheckOptions):
    folder: OutputPath = Field(description="The folder whose top-level pieces are joined, in place.")
    kind: Literal["numbered", "part", "rotated"] = Field(description="numbered: name.001, name.002, ...; part: "
                                                                     "name.part1, ...; rotated: x.log, x.log.1, "
                                                                     "x.log.2(.gz), ... (the highest is the oldest).")
    remove_parts: bool = Field(default=False, description="The pieces are deleted once joined.")


def joined_name(base: str, kind: str) -> str:
    """The joined file's name: the split file's own, or `<log name>-combined.log` for rotated logs."""
    return f"{base.removesuffix('.log')}-combined.log" if kind == "rotated" else base


def piece_sets(paths: list[str], kind: str) -> dict[str, list[str]]:
    """Joined name -> its pieces in joining order (by number; rotated logs oldest, i.e. highest, first)."""
    found: dict[str, dict[int, str]] = {}
    for path in paths:
        if (match := PIECE[kind].match(path)) is not None:
            found.setdefault(match["base"], {})[int(match["n"] or 0)] = path
    sets = {}
    for base, pieces in sorted(found.items()):
        numbers = sorted(pieces)
        if numbers != list(range(FIRST[kind], FIRST[kind] + len(numbers))):
            raise CheckError(f"the pieces of {base} are numbered {numbers}: one is missing, the task is ambiguous")
        order = reversed(numbers) if kind == "rotated" else numbers
        sets[joined_name(base, kind)] = [pieces[n] for n in order]
    return sets


def _piece(data: bytes, path: str) -> bytes:
    if not path.endswith(".gz"):
        return data
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
            out = stream.read(_MAX_PIECE + 1)
    except (OSError, EOFError) as exc:
        raise CheckError(f"{path} is not gzip-compressed: {exc}") from exc
    if len(out) > _MAX_PIECE:
        raise CheckError(f"{path} inflates past {_MAX_PIECE} bytes")
    return out


def _original(state: FinalState, folder: str) -> dict[str, bytes]:
    from preparers.filetypes._tar import read_tar  # the bounded tar reader (no links, no escaping paths)

    return read_tar(state.originals[folder], folder, max_members=5000)


@register_check("tree.parts_joined", PartsJoined, source="tree", view="tree")
def parts_joined(state: FinalState, opts: PartsJoined) -> Verdict:
    """Every set of pieces at the top of the folder is joined in number order (rotated logs oldest
    first, .gz pieces decompressed) into one file: the split file's own name, or
    `<name>-combined.log`; the pieces are gone with remove_parts, else unchanged; nothing else
    changes."""
    before = tree_view(state, opts.folder, original=True).files()
    sets = piece_sets(sorted(before), opts.kind)
    if not sets:
        raise CheckError(f"no {opts.kind} pieces at the top of {opts.folder}/: the task is empty")
    given = _original(state, opts.folder)
    pieces = {p for paths in sets.values() for p in paths}
    expected = {p: e for p, e in before.items() if not (opts.remove_parts and p in pieces)}
    for name, paths in sets.items():
        data = b"".join(_piece(given[p], f"{opts.folder}/{p}") for p in paths)
        place_entry(expected, name, Entry(path=name, kind="file", size=len(data),
                                          sha256=hashlib.sha256(data).hexdigest()), opts.folder)
    return compare_trees(tree_view(state, opts.folder).files(), expected, opts.folder,
                         f"{len(sets)} file(s) joined from {len(pieces)} pieces")
