"""Boundary cases of the joined-pieces check (`forge.checks.tree_parts`): each set of pieces joined
in NUMBER order (part10 after part9, not after part1), rotated logs oldest first with the .gz
pieces decompressed, the last piece included, every set joined (the last one too), the pieces
deleted or kept as asked, and a set with a gap refused as ambiguous."""

from __future__ import annotations

import gzip

from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case

PARTS = {f"site.zip.part{n}": f"<{n}>".encode() for n in range(1, 12)}
BY_NUMBER = b"".join(f"<{n}>".encode() for n in range(1, 12))
BY_NAME = b"".join(PARTS[name] for name in sorted(PARTS))
SPLIT = {"a.zip.001": b"A1", "a.zip.002": b"A2", "b.iso.001": b"B1", "b.iso.002": b"B2", "b.iso.003": b"B3",
         "notes.txt": b"n"}
LOGS = {"app.log": b"today\n", "app.log.1": b"yesterday\n", "app.log.2.gz": gzip.compress(b"two days\n", mtime=0),
        "app.log.10.gz": gzip.compress(b"ten days\n", mtime=0),
        **{f"app.log.{n}.gz": gzip.compress(f"{n} days\n".encode(), mtime=0) for n in range(3, 10)}}
LOG_TEXT = b"ten days\n" + b"".join(f"{n} days\n".encode() for n in range(9, 2, -1)) + b"two days\nyesterday\ntoday\n"


def join(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "",
         given: dict[str, bytes] = SPLIT) -> Case:
    return Case(label, None, {"folder": "Dl", **options}, passes, says,
                files={f"Dl/{p}": d for p, d in left.items()}, originals={"Dl": pack_tree(given)})


NUM, PART, ROT = {"kind": "numbered"}, {"kind": "part"}, {"kind": "rotated"}
CASES = {"tree.parts_joined": [
    join("two split files joined, pieces kept", NUM, {**SPLIT, "a.zip": b"A1A2", "b.iso": b"B1B2B3"}, True),
    join("the last set not joined", NUM, {**SPLIT, "a.zip": b"A1A2"}, False, "Dl/b.iso is missing"),
    join("the last piece left out", NUM, {**SPLIT, "a.zip": b"A1A2", "b.iso": b"B1B2"}, False,
         "Dl/b.iso does not hold the content"),
    join("pieces out of order", NUM, {**SPLIT, "a.zip": b"A2A1", "b.iso": b"B1B2B3"}, False,
         "Dl/a.zip does not hold the content"),
    join("pieces deleted", {**NUM, "remove_parts": True}, {"a.zip": b"A1A2", "b.iso": b"B1B2B3", "notes.txt": b"n"},
         True),
    join("delete asked, the last piece kept", {**NUM, "remove_parts": True},
         {"a.zip": b"A1A2", "b.iso": b"B1B2B3", "b.iso.003": b"B3", "notes.txt": b"n"}, False,
         "Dl/b.iso.003 should not be there"),
    join("keep asked, pieces deleted", NUM, {"a.zip": b"A1A2", "b.iso": b"B1B2B3", "notes.txt": b"n"}, False,
         "Dl/a.zip.001 is missing"),
    join("part1..part11 in number order", PART, {**PARTS, "site.zip": BY_NUMBER}, True, given=PARTS),
    join("part1..part11 in name order (part10 after part1)", PART, {**PARTS, "site.zip": BY_NAME}, False,
         "Dl/site.zip does not hold the content", given=PARTS),
    join("rotated logs oldest first, decompressed", {**ROT, "remove_parts": True}, {"app-combined.log": LOG_TEXT},
         True, given=LOGS),
    join("rotated logs newest first", {**ROT, "remove_parts": True},
         {"app-combined.log": b"".join(reversed(LOG_TEXT.splitlines(keepends=True)))}, False,
         "Dl/app-combined.log does not hold the content", given=LOGS),
    join("rotated logs in name order (.10 after .1)", {**ROT, "remove_parts": True},
         {"app-combined.log": b"today\nyesterday\nten days\ntwo days\n" + b"".join(
             f"{n} days\n".encode() for n in range(3, 10))}, False, "Dl/app-combined.log does not hold", given=LOGS),
    join("rotated logs joined still compressed", {**ROT, "remove_parts": True},
         {"app-combined.log": b"".join(LOGS[f"app.log.{n}.gz"] for n in range(10, 1, -1)) + b"yesterday\ntoday\n"},
         False, "Dl/app-combined.log does not hold", given=LOGS),
    join("rotated logs under another name", {**ROT, "remove_parts": True}, {"app.log.combined": LOG_TEXT}, False,
         "Dl/app-combined.log is missing; the content is at Dl/app.log.combined", given=LOGS),
    join("a piece missing from the set", NUM, {**SPLIT, "a.zip": b"A1A2", "b.iso": b"B1B3"}, False,
         "one is missing, the task is ambiguous", given={k: v for k, v in SPLIT.items() if k != "b.iso.002"}),
    join("no pieces in the folder", NUM, {"notes.txt": b"n"}, False, "the task is empty", given={"notes.txt": b"n"}),
]}
