"""Boundary cases of the archive-per-subfolder check (`forge.checks.tree_folder_archives`): one
archive per chosen subfolder, down to the last one, named after it in the format asked, holding
exactly its files at any depth (under the folder's name, or at the root, as asked; a member missing,
extra or changed fails); the year rule strict (a folder of the year itself is not before it); the
packed folders deleted or kept as asked; loose files untouched."""

from __future__ import annotations

import gzip

from preparers.filetypes._tar import pack_tar
from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._trees import without, zip_bytes

GIVEN = {"2021 Lisbon/a.jpg": b"a", "2021 Lisbon/best/b.jpg": b"b", "2022 Oslo/c.jpg": b"c", "2023 Rome/d.jpg": b"d",
         "index.txt": b"i"}


def packed(name: str, wrapped: bool = True, fmt: str = "zip", **changes: bytes) -> bytes:
    inside = {p.split("/", 1)[1]: d for p, d in GIVEN.items() if p.startswith(f"{name}/")}
    members = {(f"{name}/{p}" if wrapped else p): d for p, d in {**inside, **changes}.items()}
    return zip_bytes(members) if fmt == "zip" else gzip.compress(pack_tar(members), mtime=0)


EVERY = {**GIVEN, **{f"{n}.zip": packed(n) for n in ("2021 Lisbon", "2022 Oslo", "2023 Rome")}}
BEFORE = {**GIVEN, **{f"{n}.zip": packed(n) for n in ("2021 Lisbon", "2022 Oslo")}}


def pack(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"folder": "Photos", "format": "zip", "wrapped": True, **options}, passes, says,
                files={f"Photos/{p}": d for p, d in left.items()}, originals={"Photos": pack_tree(GIVEN)})


CASES = {"tree.folders_archived": [
    pack("every subfolder packed, wrapped", {}, EVERY, True),
    pack("the last subfolder not packed", {}, without(EVERY, "2023 Rome.zip"), False,
         "Photos/2023 Rome.zip does not exist"),
    pack("a nested file left out", {}, {**EVERY, "2021 Lisbon.zip": zip_bytes({"2021 Lisbon/a.jpg": b"a"})}, False,
         "Photos/2021 Lisbon.zip has no member '2021 Lisbon/best/b.jpg'"),
    pack("a member changed", {}, {**EVERY, "2023 Rome.zip": packed("2023 Rome", **{"d.jpg": b"D"})}, False,
         "Photos/2023 Rome.zip member '2023 Rome/d.jpg' differs"),
    pack("an extra member", {}, {**EVERY, "2022 Oslo.zip": packed("2022 Oslo", **{"x.txt": b"x"})}, False,
         "Photos/2022 Oslo.zip holds '2022 Oslo/x.txt'"),
    pack("wrapped asked, contents at the root", {}, {**EVERY, "2022 Oslo.zip": packed("2022 Oslo", wrapped=False)},
         False, "Photos/2022 Oslo.zip has no member '2022 Oslo/c.jpg'"),
    pack("contents at the root", {"wrapped": False},
         {**GIVEN, **{f"{n}.zip": packed(n, wrapped=False) for n in ("2021 Lisbon", "2022 Oslo", "2023 Rome")}},
         True),
    pack("zip asked, tar.gz written", {}, {**without(EVERY, "2021 Lisbon.zip"),
                                           "2021 Lisbon.tar.gz": packed("2021 Lisbon", fmt="tar.gz")}, False,
         "Photos/2021 Lisbon.zip does not exist"),
    pack("tar.gz archives", {"format": "tar.gz"},
         {**GIVEN, **{f"{n}.tar.gz": packed(n, fmt="tar.gz") for n in ("2021 Lisbon", "2022 Oslo", "2023 Rome")}},
         True),
    pack("tar.gz named, zip inside", {"format": "tar.gz"},
         {**GIVEN, **{f"{n}.tar.gz": packed(n) for n in ("2021 Lisbon", "2022 Oslo", "2023 Rome")}}, False,
         "Photos/2021 Lisbon.tar.gz is not gzip-compressed"),
    pack("before a year: the earlier ones only", {"before_year": 2023}, BEFORE, True),
    pack("before a year: the year itself packed too", {"before_year": 2023}, EVERY, False,
         "Photos/2023 Rome.zip should not be there"),
    pack("before a year: the last earlier one missed", {"before_year": 2023}, without(BEFORE, "2022 Oslo.zip"), False,
         "Photos/2022 Oslo.zip does not exist"),
    pack("folders deleted", {"remove_folders": True, "before_year": 2023},
         {k: v for k, v in BEFORE.items() if not k.startswith(("2021 Lisbon/", "2022 Oslo/"))}, True),
    pack("delete asked, a nested file left", {"remove_folders": True, "before_year": 2023},
         {k: v for k, v in BEFORE.items() if not k.startswith("2022 Oslo/") and k != "2021 Lisbon/a.jpg"}, False,
         "Photos/2021 Lisbon/best/b.jpg should not be there"),
    pack("keep asked, folders deleted", {}, {k: v for k, v in EVERY.items() if "/" not in k}, False,
         "Photos/2021 Lisbon/a.jpg is missing"),
    pack("a loose file packed away", {}, without(EVERY, "index.txt"), False, "Photos/index.txt is missing"),
]}
