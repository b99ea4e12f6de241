"""Folders for the sync families: a project as a person keeps it (notes and documents in a few
subfolders) and a stale copy of it on a stick or a drive, drifted the ways copies drift.

    files = project(ctx.rng, ctx.faker)
    copy = stale_copy(ctx.rng, files)
"""

from __future__ import annotations

import random

from faker import Faker

from preparers.files import _filler
from workflows.files._clutter import JUNK

PROJECTS = ["Thesis", "Band_music", "Client_work", "Recipes", "Grant_2025", "House_move", "Photos_2024"]
PARTS = ["chapters", "notes", "data", "drafts", "figures", "admin"]
BINARY = [".pdf", ".docx", ".xlsx", ".png", ".jpg"]


def project(rng: random.Random, faker: Faker) -> dict[str, bytes]:
    """A project folder: text notes and binary documents in 2-4 subfolders, and a README."""
    files: dict[str, bytes] = {"README.txt": (faker.paragraph(nb_sentences=3) + "\n").encode()}
    for part in rng.sample(PARTS, rng.randint(2, 4)):
        for _ in range(rng.randint(2, 4)):
            if rng.random() < 0.5:
                name = f"{part}/{faker.word()}_{rng.randint(1, 40)}.txt"
                files[name] = "\n".join(faker.sentences(rng.randint(3, 9))).encode() + b"\n"
            else:
                ext = rng.choice(BINARY)
                files[f"{part}/{faker.word()}_{rng.randint(1, 40)}{ext}"] = _filler(rng, rng.randrange(800, 9000), ext)
    return files


def older(data: bytes) -> bytes:
    """An earlier version of a file: its first half and a line the later version dropped."""
    return data[: len(data) // 2] + b"\n(earlier version)\n"


def stale_copy(rng: random.Random, files: dict[str, bytes], faker: Faker) -> dict[str, bytes]:
    """A copy taken a while ago: some files missing (added since), some older, some the source no
    longer has (deleted or renamed since), and maybe a system file of its own."""
    paths = sorted(files)
    missing = set(rng.sample(paths, rng.randint(2, min(4, len(paths) - 2))))
    copy = {p: d for p, d in files.items() if p not in missing}
    for path in rng.sample(sorted(copy), min(len(copy), rng.randint(2, 3))):
        copy[path] = older(copy[path])
    folders = sorted({p.rsplit("/", 1)[0] for p in paths if "/" in p})
    for n in range(rng.randint(1, 3)):
        copy[f"{rng.choice(folders)}/old_{faker.word()}_{n}.txt"] = (faker.sentence() + "\n").encode()
    if rng.random() < 0.5:
        copy[rng.choice([".DS_Store", f"{rng.choice(folders)}/Thumbs.db"])] = rng.randbytes(rng.randint(40, 400))
    return copy


def with_junk(rng: random.Random, files: dict[str, bytes]) -> dict[str, bytes]:
    """The project with 1-3 temporary or system files where a person's apps leave them."""
    folders = sorted({p.rsplit("/", 1)[0] for p in files if "/" in p})
    junk = dict(files)
    for name in rng.sample(JUNK, rng.randint(1, 3)):
        junk[f"{rng.choice(folders)}/{name}"] = rng.randbytes(rng.randint(20, 600))
    return junk
