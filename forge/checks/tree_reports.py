"""Folder reports over `TreeView`: a checksum manifest, the files failing a manifest, disk usage per
file extension and per subfolder, and the files whose text mentions a term. Expected results come from the folder archive the task gave (and a manifest
it gave), never from values the workflow kept aside; the folder must be left as it was.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable
from pathlib import PurePosixPath
from typing import Any, Literal

from pydantic import Field

from forge.checks._compare import same_value, show, text
from forge.checks.source import input_view, output_view
from forge.checks.spec import InputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import _LIMITS, TreeReport, tree_view
from forge.errors import CheckError
from forge.tree import TreeLimitError, TreeReader, walk
from forge.views import Entry, TableView, TextView

_MANIFEST_LINE = re.compile(r"^([0-9a-fA-F]{64})\s+\*?(.+)$")


def files_unchanged(state: FinalState, folder: str) -> tuple[dict[str, Entry], str | None]:
    before = tree_view(state, folder, original=True).files()
    if tree_view(state, folder).files() != before:
        return before, f"the files in {folder}/ changed; the task only reads them"
    return before, None


def _relative(line: str, folder: str) -> str:
    return line.strip().removeprefix("./").removeprefix(f"{folder}/")


def extension(path: str) -> str:
    """The file's extension as a person reads it: after the last dot, lower-cased, with the dot."""
    suffix = PurePosixPath(path).suffix.lower()
    return suffix or "(none)"


# --- tree.checksums_listed ---------------------------------------------------------------------------


class ChecksumsListed(TreeReport):
    extension: str | None = Field(default=None, description="Only files with this extension, e.g. '.jpg'.")


@register_check("tree.checksums_listed", ChecksumsListed, source="tree", view="tree")
def checksums_listed(state: FinalState, opts: ChecksumsListed) -> Verdict:
    """The manifest has one `<sha256>  <path>` line (as `sha256sum` writes it; path relative to the
    folder) per file of the folder (or per file with the extension asked), sorted by path, with each
    file's SHA-256; no other lines; the folder is unchanged."""
    before, changed = files_unchanged(state, opts.folder)
    if changed:
        return Verdict.of(False, changed)
    wanted = sorted(p for p in before if opts.extension is None or extension(p) == opts.extension.lower())
    got: list[tuple[str, str]] = []
    for line in (line for line in output_view(state, opts.file, TextView).lines if line.strip()):
        match = _MANIFEST_LINE.match(line.strip())
        if match is None:
            return Verdict.of(False, f"{opts.file} has the line {line[:70]!r}, expected `<sha256>  <path>` lines")
        got.append((_relative(match.group(2), opts.folder), match.group(1).lower()))
    for n, (path, (have_path, digest)) in enumerate(zip(wanted, got, strict=False), start=1):
        if have_path != path:
            return Verdict.of(False, f"line {n} of {opts.file} is for {have_path!r}, expected {path!r} (sorted by path)")
        if digest != before[path].sha256:
            return Verdict.of(False, f"line {n} of {opts.file} gives {path!r} a checksum that is not its SHA-256")
    if len(got) != len(wanted):
        return Verdict.of(False, f"{opts.file} has {len(got)} lines, expected {len(wanted)} (one per file)")
    return Verdict.of(True, f"{len(wanted)} checksums listed")


# --- tree.checksum_failures ---------------------------------------------------------------------------


class ChecksumFailures(TreeReport):
    manifest: InputPath = Field(description="The `sha256sum` manifest the folder is verified against.")


@register_check("tree.checksum_failures", ChecksumFailures, source="tree", view="tree")
def checksum_failures(state: FinalState, opts: ChecksumFailures) -> Verdict:
    """The report lists, one path per line (relative to the folder, sorted), exactly the manifest's
    files that are missing from the folder or whose SHA-256 differs; the folder is unchanged."""
    before, changed = files_unchanged(state, opts.folder)
    if changed:
        return Verdict.of(False, changed)
    failing = []
    for line in input_view(state, opts.manifest, TextView).lines:
        match = _MANIFEST_LINE.match(line.strip())
        if match:
            path = _relative(match.group(2), opts.folder)
            if path not in before or before[path].sha256 != match.group(1).lower():
                failing.append(path)
    got = [_relative(line, opts.folder) for line in output_view(state, opts.file, TextView).lines if line.strip()]
    if got != sorted(failing):
        return Verdict.of(False, f"{opts.file} lists {got[:8]}, expected {sorted(failing)[:8]} "
                          f"({len(failing)} files fail the check)")
    return Verdict.of(True, f"{len(failing)} failing files listed")


# --- tree.extension_usage ----------------------------------------------------------------------------


class ExtensionUsage(TreeReport):
    columns: list[str] = Field(min_length=3, max_length=3, description="Headers: extension, file count, bytes.")
    order: Literal["extension", "largest_first"] = "extension"


@register_check("tree.extension_usage", ExtensionUsage, source="tree", view="tree")
def extension_usage(state: FinalState, opts: ExtensionUsage) -> Verdict:
    """The table has the three named columns and one row per file extension in the folder (after the
    last dot, lower-cased, with the dot): how many files have it and their total bytes; rows by
    extension, or by total bytes largest first (ties by extension); the folder is unchanged."""
    def group(path: str) -> str:
        return extension(path)

    def name(cell: Any) -> str:
        ext = text(cell).lower()
        return ext if ext.startswith(".") or ext == "(none)" else f".{ext}"

    return _usage_verdict(state, opts, group, name, by_name=opts.order == "extension", what="extension")


def _usage_verdict(state: FinalState, opts: ExtensionUsage | FolderUsage, group: Callable[[str], str | None],
                   name: Callable[[Any], str], *, by_name: bool, what: str) -> Verdict:
    """A usage table (group, files, bytes) against the folder as given: one row per group, in order."""
    before, changed = files_unchanged(state, opts.folder)
    if changed:
        return Verdict.of(False, changed)
    usage: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for path, entry in before.items():
        if (key := group(path)) is not None:
            usage[key][0] += 1
            usage[key][1] += entry.size
    order = sorted(usage) if by_name else sorted(usage, key=lambda g: (-usage[g][1], g))
    expected = [[g, *usage[g]] for g in order]
    table = output_view(state, opts.file, TableView).get()
    if [text(h).casefold() for h in table.header] != [c.casefold() for c in opts.columns]:
        return Verdict.of(False, f"{opts.file} has columns {table.header}, expected {opts.columns}")
    body = [r for r in table.body if any(v is not None for v in r)]
    for n, (want, have) in enumerate(zip(expected, body, strict=False), start=2):
        if name(have[0]) != want[0] or not same_value(have[1], want[1]) or not same_value(have[2], want[2]):
            return Verdict.of(False, f"row {n} of {opts.file} is [{show(have[0])}, {show(have[1])}, {show(have[2])}], "
                              f"expected {want}")
    if len(body) != len(expected):
        return Verdict.of(False, f"{opts.file} has {len(body)} rows, expected {len(expected)} (one per {what})")
    return Verdict.of(True, f"{len(expected)} {what}s summarised")


# --- tree.files_containing ---------------------------------------------------------------------------


class FilesContaining(TreeReport):
    term: str = Field(min_length=1, description="The text a listed file contains.")
    ignore_case: bool = Field(default=True, description="Upper/lower case does not matter.")


def folder_contents(state: FinalState, folder: str) -> dict[str, bytes]:
    """The folder's files as the run left them, read without following links, bounded."""
    root = state.job_dir / folder
    reader, found = TreeReader(root, _LIMITS), {}
    try:
        for entry in walk(root, _LIMITS):
            if entry.kind == "file":
                found[entry.rel] = reader.read(entry)
    except TreeLimitError as exc:
        raise CheckError(f"the folder {folder}/ is out of bounds: {exc}") from exc
    return found


@register_check("tree.files_containing", FilesContaining, source="tree", view="tree")
def files_containing(state: FinalState, opts: FilesContaining) -> Verdict:
    """The report lists, one per line (relative to the folder, sorted), exactly the files in the
    folder and its subfolders whose text contains the term (in any case with `ignore_case`, else as
    written); the folder is unchanged."""
    _, changed = files_unchanged(state, opts.folder)
    if changed:
        return Verdict.of(False, changed)
    term = opts.term.casefold() if opts.ignore_case else opts.term
    expected = sorted(path for path, data in folder_contents(state, opts.folder).items()
                      if term in (data.decode("utf-8", "replace").casefold() if opts.ignore_case
                                  else data.decode("utf-8", "replace")))
    got = [_relative(line, opts.folder) for line in output_view(state, opts.file, TextView).lines if line.strip()]
    if got != expected:
        missing, extra = sorted(set(expected) - set(got)), sorted(set(got) - set(expected))
        notes = ([f"missing {missing[:3]}"] if missing else []) + ([f"not matching {extra[:3]}"] if extra else [])
        return Verdict.of(False, f"{opts.file} lists {len(got)} files, expected {len(expected)} sorted by path"
                          + "".join(f"; {note}" for note in notes))
    return Verdict.of(True, f"{len(expected)} files mention {opts.term!r}")


# --- tree.folder_usage -------------------------------------------------------------------------------


class FolderUsage(TreeReport):
    columns: list[str] = Field(min_length=3, max_length=3, description="Headers: folder, file count, bytes.")
    order: Literal["folder", "largest_first"] = "folder"


@register_check("tree.folder_usage", FolderUsage, source="tree", view="tree")
def folder_usage(state: FinalState, opts: FolderUsage) -> Verdict:
    """The table has the three named columns and one row per top-level subfolder of the folder: the
    number of files under it (at any depth) and their total bytes; rows by folder name, or by bytes
    largest first (ties by name); the folder is unchanged."""
    def group(path: str) -> str | None:
        return path.split("/", 1)[0] if "/" in path else None

    def name(cell: Any) -> str:
        return text(cell).removeprefix(f"{opts.folder}/").rstrip("/")

    return _usage_verdict(state, opts, group, name, by_name=opts.order == "folder", what="subfolder")
