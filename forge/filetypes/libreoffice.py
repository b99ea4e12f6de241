"""How a file type goes through LibreOffice, for the file gate's round trip (`gates.libreoffice`).

A handler that LibreOffice should open sets `libreoffice = LibreOfficeRoute(...)`: the import
filter forced on the file (a docx named .xlsx must fail as a spreadsheet, not open in Writer), the
export it is converted to, `expect` (texts the export must contain, read from the input with the
type's own library) and `check` (verifies the export in `outdir` against them, raising
`Unverified`; soffice's exit status proves nothing). The engine that runs soffice stays in gates.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Expect:
    """Texts the output must contain, read from the input with its own library.

    `groups`: part (a sheet name; "" = whole document) -> its first texts; `filled`: parts with
    any content (a numbers-only sheet has no probe texts). If the input's own library refused it
    (`opened` False), any content is demanded: an unparsed or wrong-type file gives none.
    """

    opened: bool
    groups: dict[str, list[str]]
    filled: frozenset[str] = frozenset()
    pages: int | None = None


class Unverified(Exception):
    """Raised when LibreOffice's output does not show that it parsed the content."""


@dataclass(frozen=True)
class LibreOfficeRoute:
    infilter: str
    convert_to: str
    expect: Callable[[bytes], Expect]
    check: Callable[[Path, str, Expect], str]


def ends(texts: list[str]) -> list[str]:
    """First three and last two: a load that stops early loses one."""
    return texts[:3] + texts[3:][-2:]


def squash(text: str) -> str:
    """LibreOffice and the pdf readers re-flow lines and spaces, not letters."""
    return "".join(text.split()).casefold()


def require(expect: Expect, part: str, found: str, where: str) -> int:
    """Raise Unverified unless `found` holds `expect`'s probe texts for `part`; returns how many."""
    hay, probes = squash(found), expect.groups.get(part, [])
    missing = [p for p in probes if squash(p)[:60] not in hay]
    if missing:
        raise Unverified(f"lost text in {where}: {missing[:3]} not found")
    if not hay and (not expect.opened or part in expect.filled):
        raise Unverified(f"wrote {where} with no content, so the input did not load")
    return len(probes)


def export(outdir: Path, stem: str, ext: str, kind: str) -> Path:
    """The converted file, or Unverified when LibreOffice wrote none."""
    if not (outdir / f"{stem}.{ext}").is_file():
        raise Unverified(f"wrote no {ext}: the file did not load as {kind}")
    return outdir / f"{stem}.{ext}"
