"""Tree checks for text files normalised across a folder tree: line endings made LF or CRLF, legacy
Windows-1252 files and byte-order marks turned into plain UTF-8, a missing final line break added,
for the files of the stated extensions only. The folder is in place: the check works out every
file's expected bytes from the original archive (read within bounds) and compares them with the
folder as the run left it, naming what is still wrong with the first file that differs.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from typing import Literal

from pydantic import Field, field_validator

from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree_reports import folder_contents
from forge.errors import CheckError

BOM = b"\xef\xbb\xbf"
_LONE_LF = re.compile(rb"(?<!\r)\n")


class TextNormalised(CheckOptions):
    folder: OutputPath = Field(description="The folder converted in place, subfolders included.")
    extensions: list[str] = Field(min_length=1, description="The text files to convert, by extension ('.csv').")
    endings: Literal["lf", "crlf"] = Field(description="Every line break of a converted file: LF or CRLF.")
    to_utf8: bool = Field(default=False, description="A converted file that is not valid UTF-8 is decoded as "
                                                     "Windows-1252 and written as UTF-8; a UTF-8 byte-order mark "
                                                     "is removed.")
    final_newline: bool = Field(default=False, description="A non-empty converted file not ending in a line "
                                                           "break gets one.")

    @field_validator("extensions")
    @classmethod
    def _dotted(cls, value: list[str]) -> list[str]:
        if any(not e.startswith(".") for e in value):
            raise ValueError("extensions are written with their dot, e.g. '.txt'")
        return [e.lower() for e in value]


def in_scope(path: str, opts: TextNormalised) -> bool:
    return PurePosixPath(path).suffix.lower() in opts.extensions


def _utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def normalised(data: bytes, opts: TextNormalised) -> bytes:
    """A file's bytes after the conversion asked for."""
    if opts.to_utf8:
        data = data.removeprefix(BOM)
        if not _utf8(data):
            data = data.decode("cp1252").encode("utf-8")
    data = data.replace(b"\r\n", b"\n")
    if opts.final_newline and data and not data.endswith(b"\n"):
        data += b"\n"
    return data.replace(b"\n", b"\r\n") if opts.endings == "crlf" else data


def _why(got: bytes, opts: TextNormalised) -> str:
    """What is still wrong with a converted file, as a person would say it."""
    if opts.endings == "lf" and b"\r\n" in got:
        return "still has CRLF line endings"
    if opts.endings == "crlf" and _LONE_LF.search(got):
        return "has lines ending in LF only"
    if opts.to_utf8 and got.startswith(BOM):
        return "still starts with a byte-order mark"
    if opts.to_utf8 and not _utf8(got):
        return "is not valid UTF-8"
    if opts.final_newline and got and not got.endswith(b"\n"):
        return "does not end with a line break"
    return "differs from the original beyond the conversion (text changed, or converted twice)"


def _original(state: FinalState, folder: str) -> dict[str, bytes]:
    from preparers.filetypes._tar import read_tar  # the bounded tar reader (no links, no escaping paths)

    return read_tar(state.originals[folder], folder, max_members=5000)


@register_check("tree.text_normalised", TextNormalised, source="tree", view="tree")
def text_normalised(state: FinalState, opts: TextNormalised) -> Verdict:
    """Every file of the stated extensions, at any depth, holds its original text with the line
    endings asked for (with to_utf8: in UTF-8, no byte-order mark; with final_newline: ending in a
    line break); every other file is byte for byte unchanged; no file is renamed, added or lost."""
    before = _original(state, opts.folder)
    expected = {p: normalised(d, opts) if in_scope(p, opts) else d for p, d in before.items()}
    changed = sum(expected[p] != before[p] for p in before)
    if not changed:
        raise CheckError(f"no file of {opts.folder}/ needs converting: the task is empty")
    after = folder_contents(state, opts.folder)
    for path, want in sorted(expected.items()):
        got = after.get(path)
        if got is None:
            return Verdict.of(False, f"{opts.folder}/{path} is missing")
        if got != want:
            why = _why(got, opts) if in_scope(path, opts) else "is not a file to convert, but it was changed"
            return Verdict.of(False, f"{opts.folder}/{path} {why}")
    if extra := sorted(set(after) - set(expected)):
        return Verdict.of(False, f"{opts.folder}/{extra[0]} should not be there; {len(extra)} such file(s)")
    return Verdict.of(True, f"{changed} files converted to {opts.endings.upper()}")
