"""The files preparer: a seeded home-folder-like directory tree for file-management tasks.

A `TreeContent` maps relative paths to bytes: camera photos whose names carry the moment they
were taken (`IMG_20240312_143022.jpg`), documents, downloads, a few exact duplicates (`name (1).pdf`)
and files of very different sizes. Names and contents agree: a photo's name holds its date, a
duplicate has the bytes of its original. Photos are real JPEGs (a committed 16x12 image with a
seeded comment segment), documents and downloads are seeded filler of a realistic size.

    tree = make_tree(ctx.rng, ctx.faker)
    tree.files["Pictures/IMG_20240312_143022.jpg"]
"""

from __future__ import annotations

import datetime as dt
import hashlib
import random
from functools import cache
from pathlib import PurePosixPath

from faker import Faker
from pydantic import BaseModel, ConfigDict, Field

from preparers._corpora import CORPORA_DIR, corpus
from preparers.spec import register_preparer

PHOTO_EXTS = (".jpg",)


class TreeContent(BaseModel):
    """A directory tree as data: relative posix path -> content; `duplicates` maps copy -> original."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    root: str = Field(description="Folder name the tree sits in, e.g. `Downloads`.")
    files: dict[str, bytes]
    duplicates: dict[str, str] = Field(default_factory=dict)
    photo_dates: dict[str, str] = Field(default_factory=dict, description="Photo path -> ISO date in its name.")

    def sizes(self) -> dict[str, int]:
        return {p: len(d) for p, d in self.files.items()}

    def digest(self, path: str) -> str:
        return hashlib.sha256(self.files[path]).hexdigest()


@cache
def _photo_template() -> bytes:
    return (CORPORA_DIR / "photo.jpg").read_bytes()


FILLER = b"abcdefghijklmnopqrstuvwxyz0123456789 "


def jpeg(rng: random.Random, size: int) -> bytes:
    """A valid JPEG of about `size` bytes: the template with a COM segment of seeded filler after SOI."""
    template = _photo_template()
    pad = max(16, min(size - len(template) - 4, 65000))
    return template[:2] + b"\xff\xfe" + (pad + 2).to_bytes(2, "big") + _choices(rng, FILLER, pad) + template[2:]


def _choices(rng: random.Random, alphabet: bytes, count: int) -> bytes:
    """`bytes(rng.choice(alphabet) for _ in range(count))`: the same bytes and the same generator state
    after, without a Python call per byte (a photo folder draws a million). `choice` takes the top k bits
    of one 32-bit output per try (k = len(alphabet).bit_length(), at most 8 here) and retries at or past
    len(alphabet); `getrandbits(32 * m)` gives m such outputs in order, lowest word first, so each one's
    top byte is every fourth byte from the fourth. A round asks for no more outputs than picks still
    wanted, so none is drawn that `choice` would not have drawn."""
    drop = 8 - len(alphabet).bit_length()
    assert drop >= 0, "an alphabet of at most 255 symbols"
    keep = bytes(alphabet[b >> drop] if b >> drop < len(alphabet) else 0 for b in range(256))
    retried = bytes(b for b in range(256) if b >> drop >= len(alphabet))
    picked = b""
    while (wanted := count - len(picked)) > 0:
        tops = rng.getrandbits(32 * wanted).to_bytes(4 * wanted, "little")[3::4]
        picked += tops.translate(keep, retried)
    return picked


TEXT_EXTS = (".txt", ".csv")


def _filler(rng: random.Random, size: int, ext: str) -> bytes:
    """Seeded content of `size` (a block repeated: cheap to make, distinct per seed); text for text types."""
    if ext in TEXT_EXTS:
        block = (" ".join(f"{rng.choice(['line', 'total', 'item', 'note'])}{rng.randrange(100)}" for _ in range(40))
                 + "\n").encode()
    else:
        block = ext.encode() + rng.randbytes(256)
    return (block * (size // len(block) + 1))[:size]


def _moment(rng: random.Random, year: int) -> dt.datetime:
    start = dt.datetime(year, 1, 1, 7, 0, 0)
    return start + dt.timedelta(days=rng.randrange(365), seconds=rng.randrange(14 * 3600))


def make_tree(rng: random.Random, faker: Faker, *, photos: int | None = None) -> TreeContent:
    """A messy `Downloads`-style folder: photos, documents, downloads, and 1-3 duplicate copies."""
    data = corpus("files")
    year = rng.choice([2023, 2024])
    files: dict[str, bytes] = {}
    photo_dates: dict[str, str] = {}
    for _ in range(photos or rng.randint(6, 12)):
        moment = _moment(rng, year)
        name = f"{rng.choice(data['photo_prefixes'])}{moment:%Y%m%d_%H%M%S}.jpg"
        files[name] = jpeg(rng, rng.randrange(1_500, 40_000))
        photo_dates[name] = moment.date().isoformat()
    for stem in rng.sample(data["document_names"], rng.randint(4, 7)):
        ext = rng.choice(data["document_exts"])
        suffix = f"_{_moment(rng, year):%Y_%m}" if rng.random() < 0.5 else f"_{faker.last_name().lower()}"
        files[f"{stem}{suffix}{ext}"] = _filler(rng, rng.randrange(1_000, 60_000), ext)
    for stem in rng.sample(data["download_names"], rng.randint(3, 6)):
        ext = rng.choice(data["download_exts"])
        version = f"_v{rng.randint(1, 4)}.{rng.randint(0, 9)}" if ext in (".zip", ".exe", ".dmg", ".iso") else ""
        files[f"{stem}{version}{ext}"] = _filler(rng, rng.randrange(5_000, 250_000), ext)
    duplicates: dict[str, str] = {}
    for original in rng.sample(sorted(files), rng.randint(1, 3)):
        path = PurePosixPath(original)
        suffix = "".join(path.suffixes) if path.name.endswith(".tar.gz") else path.suffix
        copy = original[: len(original) - len(suffix)] + " (1)" + suffix
        files[copy] = files[original]
        duplicates[copy] = original
        if original in photo_dates:
            photo_dates[copy] = photo_dates[original]
    return TreeContent(root="Downloads", files=dict(sorted(files.items())), duplicates=duplicates,
                       photo_dates=photo_dates)


class DocumentsTree(BaseModel):
    """A `Documents` folder of text notes in subfolders, and a client name some of them mention."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    root: str
    files: dict[str, bytes]
    term: str = Field(description="A client name mentioned (in varying case) by some files.")


def make_documents_tree(rng: random.Random, faker: Faker) -> DocumentsTree:
    """`Documents/` with projects, meetings and an archive: markdown meeting notes and READMEs and
    plain-text memos of realistic length; a client's name appears in some of them, once in a while in
    lower or upper case, as people type it."""
    from preparers.text import make_notes, make_readme

    client = faker.company().split(",")[0].split(" ")[0]
    while len(client) < 5:
        client = faker.last_name()
    files: dict[str, bytes] = {}
    folders = ["meetings", f"projects/{faker.word()}", f"projects/{faker.word()}", "archive/2023", "admin"]
    for n in range(rng.randint(12, 24)):
        folder = rng.choice(folders)
        note = rng.choice([make_notes, make_readme])(rng, faker)
        text = note.text
        if rng.random() < 0.35:
            mention = rng.choice([client, client, client.lower(), client.upper()])
            lines = text.split("\n")
            lines.insert(rng.randrange(2, len(lines)), f"- Call with {mention} about the {faker.word()} renewal")
            text = "\n".join(lines)
        name = note.file_name if note.kind == "notes" else f"README_{n}.md"
        if rng.random() < 0.3:
            name = name.removesuffix(".md") + ".txt"
        files[f"{folder}/{name}"] = text.encode("utf-8")
    if not any(client.lower().encode() in data.lower() for data in files.values()):
        path = sorted(files)[0]
        files[path] += f"\nFollow-up with {client} next week.\n".encode()
    return DocumentsTree(root="Documents", files=dict(sorted(files.items())), term=client)


@register_preparer("files")
class FilesPreparer:
    """Seeded directory trees for OS/file-management tasks; workflows import the functions."""

    version = "1"
    file_types = ["tree"]
