"""Folders for the rule-based file-management families: the preparer's Downloads folder made less
uniform (dated names over two years, names typed by people, files in subfolders, junk).

    files = spread_years(ctx.rng, without_copies(make_tree(ctx.rng, ctx.faker)))
"""

from __future__ import annotations

import random
import re

from forge.checks.tree_rules import snake
from preparers.files import TreeContent

_YEAR = re.compile(r"(?<!\d)(20\d\d)(?=[-_]?(0[1-9]|1[0-2]))")
SUBFOLDERS = {".jpg": ["Pictures", "Camera", "Photos/phone"], ".pdf": ["Documents", "Papers/scans"],
              ".docx": ["Documents", "Work/letters"], ".xlsx": ["Documents", "Work/sheets"],
              ".txt": ["Notes", "Documents"], ".csv": ["Work/data", "Exports"]}
JUNK = ["~$budget.xlsx", ".DS_Store", "Thumbs.db", "download.part", "notes.txt~", "report.docx.tmp",
        "setup.crdownload", "~$letter.docx"]
MESSY_WORDS = ["Final", "Copy of", "NEW", "Scan", "Budget", "Trip", "Notes", "Draft", "Invoice", "Photo"]


def without_copies(tree: TreeContent) -> dict[str, bytes]:
    """The folder's files without the ` (1)` duplicate copies (rules that name files must not collide)."""
    return {p: d for p, d in tree.files.items() if p not in tree.duplicates}


def spread_years(rng: random.Random, files: dict[str, bytes]) -> dict[str, bytes]:
    """About a third of the dated names moved to the year before, so a year rule makes several folders."""
    spread: dict[str, bytes] = {}
    for path, data in files.items():
        found = _YEAR.search(path)
        if found and rng.random() < 0.35:
            path = path[:found.start()] + str(int(found[1]) - 1) + path[found.end():]
        spread[path] = data
    return spread


def nest(rng: random.Random, files: dict[str, bytes]) -> dict[str, bytes]:
    """Most files moved into subfolders for their kind (as a home folder is), some left at the top."""
    nested: dict[str, bytes] = {}
    for path, data in files.items():
        ext = path[path.rfind("."):].lower() if "." in path else ""
        places = SUBFOLDERS.get(ext)
        nested[f"{rng.choice(places)}/{path}" if places and rng.random() < 0.8 else path] = data
    return nested


def add_junk(rng: random.Random, files: dict[str, bytes], *, temp: bool, empty: bool) -> dict[str, bytes]:
    """Temporary/system files and zero-byte files dropped here and there, as they pile up."""
    folders = sorted({p.rsplit("/", 1)[0] for p in files if "/" in p}) or [""]
    junk = dict(files)
    if temp:
        for name in rng.sample(JUNK, rng.randint(2, 5)):
            folder = rng.choice(["", *folders])
            junk[f"{folder}/{name}" if folder else name] = b"" if rng.random() < 0.2 else rng.randbytes(rng.randint(40, 900))
    if empty:
        for name in rng.sample(["untitled.txt", "New Text Document.txt", "empty.csv", "placeholder.md", "todo.txt"],
                               rng.randint(1, 3)):
            folder = rng.choice(["", *folders])
            junk[f"{folder}/{name}" if folder else name] = b""
    return junk


def messy_names(rng: random.Random, files: dict[str, bytes]) -> dict[str, bytes]:
    """Some names typed by people: capitals, spaces and hyphens (`Copy of Trip-Notes 2.TXT`)."""
    messy: dict[str, bytes] = {}
    for path, data in files.items():
        if rng.random() < 0.6:
            stem, dot, ext = path.rpartition(".")
            words = re.split(r"[_\s]+", stem)
            sep = rng.choice([" ", "-", " - "])
            stem = sep.join(w.capitalize() if rng.random() < 0.6 else w for w in words)
            if rng.random() < 0.3:
                stem = f"{rng.choice(MESSY_WORDS)} {stem}"
            path = f"{stem}{dot}{ext.upper() if rng.random() < 0.25 else ext}"
        if snake(path) not in {snake(p) for p in messy}:  # two names must not become one
            messy[path] = data
    return messy
