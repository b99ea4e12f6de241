"""Tree checks for everyday tidying of a folder tree by a stated rule: files dated (by the year and
month in their names) before a month archived into one folder, files whose extension does not fit
their content renamed after it, files whose names match a pattern collected into one folder with
clashing names numbered, a folder backed up into a dated backup folder. The folder is in place
(input and output), so each check works out the whole expected folder from the original archive
and the rule and accounts for every file (`tree_rules.compare_trees`).
"""

from __future__ import annotations

import fnmatch
import hashlib
import re
from pathlib import PurePosixPath
from typing import Literal

from pydantic import Field, model_validator

from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import tree_view
from forge.checks.tree_reports import folder_contents
from forge.checks.tree_rules import TEMP_PATTERNS, compare_trees, extension_of, place_entry, name_date
from forge.errors import CheckError
from forge.views import Entry

_MONTH = re.compile(r"^(20\d\d)-(0[1-9]|1[0-2])$")


# --- tree.archived_before ---------------------------------------------------------------------------


class ArchivedBefore(CheckOptions):
    folder: OutputPath = Field(description="The folder tidied in place (declared as input and output).")
    before: str = Field(description="'YYYY-MM': files whose name's year and month are earlier are archived.")
    archive: str = Field(description="The archive folder, inside `folder`.")
    flat: bool = Field(default=False, description="True: archived files go straight into the archive folder "
                                                  "by name; False: under their folder paths.")
    only_ext: str | None = Field(default=None, description="Only files with this extension are archived.")
    mode: Literal["move", "copy"] = "move"

    @model_validator(mode="after")
    def _month(self) -> ArchivedBefore:
        if not _MONTH.match(self.before):
            raise ValueError("before is a month, YYYY-MM")
        return self


def archived_path(path: str, opts: ArchivedBefore) -> str | None:
    """Where the rule puts a file in the archive, or None when it is not archived."""
    date = name_date(PurePosixPath(path).name)
    if opts.only_ext and extension_of(path) != opts.only_ext.lower():
        return None
    if date is None or f"{date[0]}-{date[1]:02d}" >= opts.before:
        return None
    return f"{opts.archive}/{PurePosixPath(path).name if opts.flat else path}"


@register_check("tree.archived_before", ArchivedBefore, source="tree", view="tree")
def archived_before(state: FinalState, opts: ArchivedBefore) -> Verdict:
    """Every file (of the extension, if one is named) whose name carries a year and month before
    `before` is in the archive folder, under its folder path or by name alone, with its content;
    moved ones are gone from their place, copied ones still there; undated, later and other files
    stay where they were; nothing else is added."""
    before = tree_view(state, opts.folder, original=True).files()
    expected: dict[str, Entry] = {}
    archived = 0
    for path, entry in sorted(before.items()):
        target = archived_path(path, opts)
        if target is None or opts.mode == "copy":
            place_entry(expected, path, entry, opts.folder)
        if target is not None:
            archived += 1
            place_entry(expected, target, entry, opts.folder)
    if not archived:
        raise CheckError(f"no file of {opts.folder}/ is dated before {opts.before}: the task is empty")
    return compare_trees(tree_view(state, opts.folder).files(), expected, opts.folder,
                    f"{archived} dated before {opts.before} {'moved' if opts.mode == 'move' else 'copied'} "
                    f"to {opts.archive}/")


# --- tree.extensions_fixed --------------------------------------------------------------------------

# a content's signature, the extension a fix gives it, the extensions that already fit it
SIGNATURES: list[tuple[bytes, str, tuple[str, ...]]] = [
    (b"\xff\xd8\xff", ".jpg", (".jpg", ".jpeg")),
    (b"\x89PNG\r\n\x1a\n", ".png", (".png",)),
    (b"%PDF-", ".pdf", (".pdf",)),
    (b"GIF8", ".gif", (".gif",)),
    (b"PK\x03\x04", ".zip", (".zip", ".docx", ".xlsx", ".pptx", ".odt", ".ods", ".epub")),
]


def content_kind(data: bytes) -> tuple[str, tuple[str, ...]] | None:
    """(the extension to give, the extensions that fit) for a recognised signature, else None."""
    return next(((ext, fits) for magic, ext, fits in SIGNATURES if data.startswith(magic)), None)


class ExtensionsFixed(CheckOptions):
    folder: OutputPath = Field(description="The folder fixed in place.")
    recursive: bool = Field(default=False, description="Files in subfolders too; False: the top level only.")
    missing: bool = Field(default=False, description="Files with no extension get the one of their content too.")
    lower_case: bool = Field(default=False, description="A fitting extension not written as the canonical one "
                                                        "(.JPG, .jpeg -> .jpg; .PDF -> .pdf) is renamed to it as well.")


def fixed_name(path: str, data: bytes, opts: ExtensionsFixed) -> str:
    """The path a file has after the fix (its own path when the rule leaves it)."""
    pure = PurePosixPath(path)
    kind = content_kind(data)
    if kind is None or (len(pure.parts) > 1 and not opts.recursive):
        return path
    ext, fits = kind
    if not pure.suffix:
        return f"{path}{ext}" if opts.missing else path
    if pure.suffix.lower() in fits:
        if not opts.lower_case:
            return path
        canonical = ext if pure.suffix.lower() in (ext, ".jpeg") else pure.suffix.lower()
        return str(pure.with_suffix(canonical))
    return str(pure.with_suffix(ext))


@register_check("tree.extensions_fixed", ExtensionsFixed, source="tree", view="tree")
def extensions_fixed(state: FinalState, opts: ExtensionsFixed) -> Verdict:
    """Every file whose content is a JPEG, PNG, PDF, GIF or zip but whose extension does not fit it
    ends in the content's extension (the wrong one replaced; with `missing` one added where there
    was none; with `lower_case` a fitting .JPG/.jpeg written .jpg, .PDF .pdf), at the top or at any
    depth as asked; every other file keeps its name; contents unchanged, nothing added."""
    before = tree_view(state, opts.folder, original=True).files()
    data_by_sha = {hashlib.sha256(data).hexdigest(): data for data in folder_contents(state, opts.folder).values()}
    expected: dict[str, Entry] = {}
    renamed = 0
    for path, entry in sorted(before.items()):
        data = data_by_sha.get(entry.sha256 or "")
        new = fixed_name(path, data, opts) if data is not None else path
        renamed += new != path
        place_entry(expected, new, entry, opts.folder)
    if not renamed and all((entry.sha256 or "") in data_by_sha for entry in before.values()):
        raise CheckError(f"no file of {opts.folder}/ has an extension to fix: the task is empty")
    return compare_trees(tree_view(state, opts.folder).files(), expected, opts.folder, f"{renamed} extensions fixed")


# --- tree.collected_by_name -------------------------------------------------------------------------


class CollectedByName(CheckOptions):
    folder: OutputPath = Field(description="The folder tree the files are collected from, in place.")
    pattern: str = Field(description="A shell pattern matched against file names, ignoring case ('*invoice*').")
    target: str = Field(description="The new folder, at the top of `folder`, the files are collected into.")
    mode: Literal["move", "copy"] = "move"
    clashes: Literal["number", "skip_identical"] = Field(
        default="number", description="number: in path order (sorted ignoring case), the first keeps its name, the next of the same name "
                                      "are stem_2.ext, stem_3.ext, ...; skip_identical: the same, but a file whose "
                                      "content equals one already collected is not collected again (a move "
                                      "deletes it).")


def collected_names(files: dict[str, Entry], opts: CollectedByName) -> dict[str, str | None]:
    """Path -> name in the target folder of every matching file, in path order (None: skipped copy)."""
    names: dict[str, str | None] = {}
    taken: dict[str, int] = {}
    contents: set[str] = set()
    for path in sorted(files, key=lambda p: (p.lower(), p)):
        pure = PurePosixPath(path)
        if not fnmatch.fnmatch(pure.name.lower(), opts.pattern.lower()):
            continue
        if opts.clashes == "skip_identical" and files[path].sha256 in contents:
            names[path] = None
            continue
        contents.add(files[path].sha256 or "")
        key = pure.name.lower()
        taken[key] = taken.get(key, 0) + 1
        names[path] = pure.name if taken[key] == 1 else f"{pure.stem}_{taken[key]}{pure.suffix}"
    return names


@register_check("tree.collected_by_name", CollectedByName, source="tree", view="tree")
def collected_by_name(state: FinalState, opts: CollectedByName) -> Verdict:
    """Every file at any depth whose name matches the pattern (ignoring case) is in the target folder
    under its name, the second and later of a name (in path order, ignoring case) as stem_2.ext, stem_3.ext, ...;
    with skip_identical a file whose content was already collected is not collected again; moved
    files are gone from their place (skipped copies too), copied ones stay; nothing else changes."""
    before = tree_view(state, opts.folder, original=True).files()
    names = collected_names(before, opts)
    if not names:
        raise CheckError(f"no file of {opts.folder}/ matches {opts.pattern!r}: the task is empty")
    expected: dict[str, Entry] = {}
    for path, entry in sorted(before.items()):
        if path not in names or opts.mode == "copy":
            place_entry(expected, path, entry, opts.folder)
        if names.get(path):
            place_entry(expected, f"{opts.target}/{names[path]}", entry, opts.folder)
    collected = sum(1 for n in names.values() if n)
    return compare_trees(tree_view(state, opts.folder).files(), expected, opts.folder,
                    f"{collected} files matching {opts.pattern!r} {opts.mode}d to {opts.target}/")


# --- tree.backed_up ---------------------------------------------------------------------------------


class BackedUp(CheckOptions):
    folder: OutputPath = Field(description="The home folder holding the source and the backups, in place.")
    source: str = Field(description="The folder (inside `folder`) backed up.")
    backup: str = Field(description="The new backup folder's path inside `folder` (e.g. 'Backups/Thesis_2024-05-02').")
    skip_temp: bool = Field(default=False, description="Temporary and system files are left out of the backup.")
    changed_since: str | None = Field(default=None, description="The previous backup (inside `folder`): only files "
                                                                "new or changed since it are copied.")


def _temp(name: str) -> bool:
    return any(fnmatch.fnmatchcase(name, pattern) for pattern in TEMP_PATTERNS)


@register_check("tree.backed_up", BackedUp, source="tree", view="tree")
def backed_up(state: FinalState, opts: BackedUp) -> Verdict:
    """The backup folder holds every file of the source under its path in the source and with its
    content (without temporary files with skip_temp; only those absent from the previous backup or
    different there with changed_since); the source and the older backups are untouched; nothing
    else is added."""
    before = tree_view(state, opts.folder, original=True).files()
    prefix = f"{opts.source}/"
    previous = f"{opts.changed_since}/" if opts.changed_since else None
    if not any(p.startswith(prefix) for p in before):
        raise CheckError(f"{opts.folder}/{opts.source}/ holds no file: nothing to back up")
    expected = dict(before)
    copied = 0
    for path, entry in sorted(before.items()):
        if not path.startswith(prefix):
            continue
        rel = path[len(prefix):]
        if opts.skip_temp and _temp(PurePosixPath(rel).name):
            continue
        if previous and (old := before.get(previous + rel)) is not None and old.sha256 == entry.sha256:
            continue
        copied += 1
        place_entry(expected, f"{opts.backup}/{rel}", entry, opts.folder)
    if not copied:
        raise CheckError(f"no file of {opts.folder}/{opts.source}/ is to be backed up: the task is empty")
    return compare_trees(tree_view(state, opts.folder).files(), expected, opts.folder,
                    f"{copied} files backed up to {opts.backup}/")


# --- tree.backups_pruned ----------------------------------------------------------------------------

_BACKUP = re.compile(r"_(20\d\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01]))$")


class BackupsPruned(CheckOptions):
    folder: OutputPath = Field(description="The backups folder pruned in place: one subfolder per backup, named "
                                           "<name>_YYYY-MM-DD.")
    keep: Literal["newest", "monthly", "since"] = Field(description="newest: the `count` latest backups; monthly: "
                                                                    "the latest backup of each month; since: those "
                                                                    "dated on or after `since`.")
    count: int | None = Field(default=None, gt=0)
    since: str | None = Field(default=None, description="'YYYY-MM-DD'")
    aside: str | None = Field(default=None, description="The folder (inside `folder`) the other backups are moved "
                                                        "into under their names; None: they are deleted.")

    @model_validator(mode="after")
    def _rule_has_value(self) -> BackupsPruned:
        if (self.keep == "newest") != (self.count is not None) or (self.keep == "since") != (self.since is not None):
            raise ValueError("newest takes a count, since a date, and only they do")
        return self


def backup_dates(paths: list[str]) -> dict[str, str]:
    """Top-level backup folder -> its date, for every top-level folder named <name>_YYYY-MM-DD."""
    found = {}
    for path in paths:
        top = path.split("/", 1)[0]
        if "/" in path and (match := _BACKUP.search(top)):
            found[top] = match[1]
    return found


def kept_backups(dates: dict[str, str], opts: BackupsPruned) -> set[str]:
    """The backup folders the rule keeps; CheckError where two share the date it must choose by."""
    ordered = sorted(dates, key=lambda b: (dates[b], b), reverse=True)
    if len(set(dates.values())) != len(dates):
        raise CheckError(f"two backups in {opts.folder}/ carry the same date: the newest is not defined")
    if opts.keep == "newest":
        return set(ordered[: opts.count])
    if opts.keep == "since":
        return {b for b in ordered if dates[b] >= (opts.since or "")}
    months: dict[str, str] = {}
    for backup in ordered:
        months.setdefault(dates[backup][:7], backup)
    return set(months.values())


@register_check("tree.backups_pruned", BackupsPruned, source="tree", view="tree")
def backups_pruned(state: FinalState, opts: BackupsPruned) -> Verdict:
    """The backup folders the rule keeps (the N newest by the date in their names, the latest of each
    month, or those on or after a date) are untouched; every other backup folder is gone, deleted or
    moved whole into the aside folder under its own name; other files stay; nothing is added."""
    before = tree_view(state, opts.folder, original=True).files()
    dates = backup_dates(sorted(before))
    kept = kept_backups(dates, opts)
    if kept == set(dates):
        raise CheckError(f"the rule keeps every backup in {opts.folder}/: the task is empty")
    if not kept:
        raise CheckError(f"the rule keeps no backup in {opts.folder}/: the task would delete them all")
    expected: dict[str, Entry] = {}
    for path, entry in sorted(before.items()):
        top = path.split("/", 1)[0]
        if top not in dates or top in kept:
            place_entry(expected, path, entry, opts.folder)
        elif opts.aside:
            place_entry(expected, f"{opts.aside}/{path}", entry, opts.folder)
    return compare_trees(tree_view(state, opts.folder).files(), expected, opts.folder,
                    f"{len(kept)} of {len(dates)} backups kept, the rest {'moved' if opts.aside else 'deleted'}")


# --- tree.names_normalised --------------------------------------------------------------------------

NameStyle = Literal["snake", "kebab", "underscores"]


def normal_name(name: str, style: str) -> str:
    """snake: lower case, runs of spaces and hyphens one '_'; kebab: lower case, runs of spaces and
    underscores one '-'; underscores: runs of spaces one '_', case kept."""
    if style == "snake":
        return re.sub(r"[\s\-]+", "_", name.lower())
    if style == "kebab":
        return re.sub(r"[\s_]+", "-", name.lower())
    return re.sub(r"\s+", "_", name)


class NamesNormalised(CheckOptions):
    folder: OutputPath = Field(description="The folder tree renamed in place.")
    style: NameStyle
    folders: bool = Field(default=False, description="Folder names (below `folder`) are normalised too.")


def normal_path(path: str, opts: NamesNormalised) -> str:
    parts = PurePosixPath(path).parts
    dirs = [normal_name(p, opts.style) if opts.folders else p for p in parts[:-1]]
    return "/".join([*dirs, normal_name(parts[-1], opts.style)])


@register_check("tree.names_normalised", NamesNormalised, source="tree", view="tree")
def names_normalised(state: FinalState, opts: NamesNormalised) -> Verdict:
    """Every file at any depth is under its normalised name (and, with `folders`, in its folders'
    normalised names), with its content; nothing is left under an old name, nothing added."""
    before = tree_view(state, opts.folder, original=True).files()
    expected: dict[str, Entry] = {}
    for path, entry in sorted(before.items()):
        place_entry(expected, normal_path(path, opts), entry, opts.folder)
    changed = sum(normal_path(p, opts) != p for p in before)
    if not changed:
        raise CheckError(f"every name in {opts.folder}/ is already normal: the task is empty")
    return compare_trees(tree_view(state, opts.folder).files(), expected, opts.folder, f"{changed} paths normalised")
