"""Tree checks for a big file cut into pieces for an upload or mail limit: every piece exactly the
limit but the last, named as asked (`name.001`, `name.part1`, or split's own `name.aa`, `name.ab`),
the original deleted or kept, and a `sha256sum` line for the original beside them when asked (so
the receiver can check the joined file). The folder is in place: the check works out the whole
folder from the original archive and accounts for every file (`tree_rules.compare_trees`).
"""

from __future__ import annotations

import hashlib
import string
from typing import Literal

from pydantic import Field

from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import tree_view
from forge.checks.tree_reports import folder_contents
from forge.checks.tree_rules import compare_trees, place_entry
from forge.errors import CheckError
from forge.views import Entry

Naming = Literal["numbered", "part", "letters"]


class FileSplit(CheckOptions):
    folder: OutputPath = Field(description="The folder holding the file, changed in place.")
    file: str = Field(description="The file to cut, inside `folder`.")
    part_bytes: int = Field(gt=0, description="Every piece holds exactly this many bytes, the last at most.")
    naming: Naming = Field(description="numbered: file.001, file.002; part: file.part1; letters: file.aa, file.ab.")
    remove_original: bool = False
    checksum: str | None = Field(default=None, description="A file in `folder` with the original's sha256sum "
                                                           "line: '<hex digest>  <file name>'.")


def piece_name(file: str, n: int, naming: Naming) -> str:
    """The n-th piece's name (n from 0)."""
    if naming == "numbered":
        return f"{file}.{n + 1:03d}"
    if naming == "part":
        return f"{file}.part{n + 1}"
    letters = string.ascii_lowercase
    return f"{file}.{letters[n // 26]}{letters[n % 26]}"


def _sum_line(state: FinalState, opts: FileSplit, digest: str) -> str | None:
    """What is wrong with the checksum file (exactly sha256sum's line, binary '*' mark or not), or None."""
    text = folder_contents(state, opts.folder)[opts.checksum or ""].decode("utf-8", "replace")
    name = opts.file.rsplit("/", 1)[-1]
    if text.removesuffix("\n") not in (f"{digest}  {name}", f"{digest} *{name}"):
        return f"{opts.folder}/{opts.checksum} reads {text[:120]!r}, expected the one line '{digest}  {name}'"
    return None


@register_check("tree.file_split", FileSplit, source="tree", view="tree")
def file_split(state: FinalState, opts: FileSplit) -> Verdict:
    """The file is cut into consecutive pieces of exactly `part_bytes` (the last one the rest), named
    as asked beside it; the original is gone with remove_original, else unchanged; with `checksum`,
    that file holds the original's sha256sum line; nothing else changes."""
    from preparers.filetypes._tar import read_tar  # the bounded tar reader (no links, no escaping paths)

    given = read_tar(state.originals[opts.folder], opts.folder, max_members=5000)
    if opts.file not in given or len(given[opts.file]) <= opts.part_bytes:
        raise CheckError(f"{opts.folder}/{opts.file} is missing or fits in one piece: the task is empty")
    data = given[opts.file]
    before = tree_view(state, opts.folder, original=True).files()
    expected = {p: e for p, e in before.items() if not (opts.remove_original and p == opts.file)}
    pieces = [data[i:i + opts.part_bytes] for i in range(0, len(data), opts.part_bytes)]
    for n, piece in enumerate(pieces):
        name = piece_name(opts.file, n, opts.naming)
        place_entry(expected, name, Entry(path=name, kind="file", size=len(piece),
                                          sha256=hashlib.sha256(piece).hexdigest()), opts.folder)
    after = tree_view(state, opts.folder).files()
    if opts.checksum:
        if opts.checksum not in after:
            return Verdict.of(False, f"{opts.folder}/{opts.checksum} does not exist")
        if (wrong := _sum_line(state, opts, hashlib.sha256(data).hexdigest())) is not None:
            return Verdict.of(False, wrong)
        after = {p: e for p, e in after.items() if p != opts.checksum}
    return compare_trees(after, expected, opts.folder, f"{opts.file} cut into {len(pieces)} pieces")
