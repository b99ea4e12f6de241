"""Tree checks for an index of a folder written for people (a wiki page, a handover note): every
file (or every file of one type) and the folders holding them, in one of three layouts: an indented
listing, a nested Markdown list linking each file, or a Markdown heading per folder over a list of
its files; each file's size in bytes or not. Names sort in plain character order (capitals first),
folders before files. The folder itself is only read.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Literal

from pydantic import Field

from forge.checks.source import output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import TreeReport
from forge.checks.tree_reports import files_unchanged
from forge.views import Entry, TextView

Style = Literal["indented", "linked", "headings"]


class IndexWritten(TreeReport):
    style: Style = Field(description="indented: 'name/' and 'name' lines, two spaces per level; linked: the same "
                                     "as a Markdown list, '- name/' and '- [name](<folder>/<path>)'; headings: "
                                     "'## <folder>[/<sub>]' per folder holding files, then '- name' per file.")
    sizes: bool = Field(default=False, description="Each file's line ends with ' (<size> bytes)'.")
    ext: str | None = Field(default=None, description="Only files of this extension (e.g. '.md'); folders "
                                                      "holding none are left out.")


def _suffix(entry: Entry, opts: IndexWritten) -> str:
    return f" ({entry.size} bytes)" if opts.sizes else ""


def _nested(files: dict[str, Entry], opts: IndexWritten, at: str = "", depth: int = 0) -> list[str]:
    """The indented or linked lines under folder `at`: its subfolders (each followed by its own
    lines), then its files."""
    prefix = "  " * depth + ("- " if opts.style == "linked" else "")
    below = [p.removeprefix(at) for p in files if p.startswith(at)]
    lines = []
    for sub in sorted({p.split("/", 1)[0] for p in below if "/" in p}):
        lines += [f"{prefix}{sub}/", *_nested(files, opts, f"{at}{sub}/", depth + 1)]
    for name in sorted(p for p in below if "/" not in p):
        shown = f"[{name}]({opts.folder}/{at}{name})" if opts.style == "linked" else name
        lines.append(f"{prefix}{shown}{_suffix(files[at + name], opts)}")
    return lines


def index_lines(files: dict[str, Entry], opts: IndexWritten) -> list[str]:
    """The index's non-blank lines for these files (already narrowed to the extension)."""
    if opts.style != "headings":
        return _nested(files, opts)
    lines = []
    for parent in sorted({str(PurePosixPath(p).parent) for p in files}, key=lambda d: "" if d == "." else d):
        lines.append(f"## {opts.folder}" + ("" if parent == "." else f"/{parent}"))
        lines += [f"- {PurePosixPath(p).name}{_suffix(files[p], opts)}" for p in sorted(files)
                  if str(PurePosixPath(p).parent) == parent]
    return lines


@register_check("tree.index_written", IndexWritten, source="tree", view="tree")
def index_written(state: FinalState, opts: IndexWritten) -> Verdict:
    """The report's non-blank lines (trailing spaces aside) are exactly the index of the folder's
    files (of the extension, when given) in the asked layout: folders before files, each in plain
    character order, sizes in bytes when asked; the folder is unchanged."""
    before, changed = files_unchanged(state, opts.folder)
    if changed:
        return Verdict.of(False, changed)
    chosen = {p: e for p, e in before.items() if opts.ext is None or PurePosixPath(p).suffix.lower() == opts.ext}
    expected = index_lines(chosen, opts)
    got = [line.rstrip() for line in output_view(state, opts.file, TextView).lines if line.strip()]
    for n, (want, have) in enumerate(zip(expected, got, strict=False), start=1):
        if want != have:
            return Verdict.of(False, f"line {n} of the index in {opts.file} is {have!r}, expected {want!r}")
    if len(got) != len(expected):
        short = len(got) < len(expected)
        what = f"ends after {len(got)} lines, before {expected[len(got)]!r}" if short else \
            f"has {len(got) - len(expected)} line(s) too many, from {got[len(expected)]!r}"
        return Verdict.of(False, f"the index in {opts.file} {what}; expected {len(expected)} lines")
    return Verdict.of(True, f"{len(chosen)} files indexed in {len(expected)} lines")
