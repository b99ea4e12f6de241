"""Boundary cases of the split-file check (`forge.checks.tree_split`): pieces of exactly the limit
but the last (one byte short or over fails, the last piece too), named .001, .part1 or .aa as asked,
the original deleted or kept as asked, and the checksum file holding exactly sha256sum's line."""

from __future__ import annotations

import hashlib

from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case

DATA = bytes(range(256)) * 4 + b"tail"  # 1028 bytes: pieces of 300 -> 300, 300, 300, 128
GIVEN = {"big.bin": DATA, "note.txt": b"n"}
PIECES = [DATA[i:i + 300] for i in range(0, len(DATA), 300)]
NUMBERED = {**GIVEN, **{f"big.bin.{n + 1:03d}": p for n, p in enumerate(PIECES)}}
LETTERS = {**GIVEN, **{f"big.bin.a{'abcd'[n]}": p for n, p in enumerate(PIECES)}}
SUM = f"{hashlib.sha256(DATA).hexdigest()}  big.bin\n".encode()


def split(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "",
          given: dict[str, bytes] = GIVEN) -> Case:
    return Case(label, None, {"folder": "Out", "file": "big.bin", "part_bytes": 300, "naming": "numbered",
                              **options}, passes, says,
                files={f"Out/{p}": d for p, d in left.items()}, originals={"Out": pack_tree(given)})


CASES = {"tree.file_split": [
    split("numbered pieces, original kept", {}, NUMBERED, True),
    split("the last piece missing", {}, {k: v for k, v in NUMBERED.items() if k != "big.bin.004"}, False,
          "Out/big.bin.004 is missing"),
    split("pieces one byte short", {}, {**GIVEN, **{f"big.bin.{n + 1:03d}": DATA[n * 299:(n + 1) * 299]
                                                    for n in range(4)}, "big.bin.005": DATA[4 * 299:]}, False,
          "Out/big.bin.001 does not hold the content"),
    split("the last piece short of the tail", {}, {**NUMBERED, "big.bin.004": PIECES[3][:-1]}, False,
          "Out/big.bin.004 does not hold the content"),
    split("numbered from 000 (.001 holds the second piece)", {},
          {**GIVEN, **{f"big.bin.{n:03d}": p for n, p in enumerate(PIECES)}}, False,
          "Out/big.bin.001 does not hold the content"),
    split(".partN names", {"naming": "part"}, {**GIVEN, **{f"big.bin.part{n + 1}": p for n, p in enumerate(PIECES)}},
          True),
    split("split's letters", {"naming": "letters"}, LETTERS, True),
    split("letters asked, numbered written", {"naming": "letters"}, NUMBERED, False, "Out/big.bin.aa is missing"),
    split("original deleted", {"remove_original": True}, {k: v for k, v in NUMBERED.items() if k != "big.bin"}, True),
    split("delete asked, original kept", {"remove_original": True}, NUMBERED, False,
          "Out/big.bin should not be there"),
    split("keep asked, original deleted", {}, {k: v for k, v in NUMBERED.items() if k != "big.bin"}, False,
          "Out/big.bin is missing"),
    split("checksum line written", {"checksum": "sum.txt"}, {**NUMBERED, "sum.txt": SUM}, True),
    split("checksum line in binary mode", {"checksum": "sum.txt"},
          {**NUMBERED, "sum.txt": SUM.replace(b"  ", b" *")}, True),
    split("checksum of the last piece instead", {"checksum": "sum.txt"},
          {**NUMBERED, "sum.txt": f"{hashlib.sha256(PIECES[-1]).hexdigest()}  big.bin\n".encode()}, False,
          "Out/sum.txt reads"),
    split("checksum without the file name", {"checksum": "sum.txt"}, {**NUMBERED, "sum.txt": SUM.split(b" ")[0]},
          False, "expected the one line"),
    split("checksum with a blank line after", {"checksum": "sum.txt"}, {**NUMBERED, "sum.txt": SUM + b"\n"}, False,
          "Out/sum.txt reads"),
    split("checksum not written", {"checksum": "sum.txt"}, NUMBERED, False, "Out/sum.txt does not exist"),
    split("a file that fits in one piece", {"part_bytes": 2000}, NUMBERED, False, "the task is empty"),
]}
