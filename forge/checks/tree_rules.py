"""Tree checks for folders reorganised by a RULE the instruction states: files sorted into folders
by extension, by the date in their names or by size; renamed by a naming rule; junk cleaned out;
chosen files packed into an archive. The folder is in place (input and output), so each check
works out the whole expected folder from the original archive and the rule, then accounts for
EVERY file: a missing, changed, left-behind or extra file fails.
"""

from __future__ import annotations

import fnmatch
import gzip
import hashlib
import io
import re
import zipfile
from pathlib import PurePosixPath
from typing import Literal

from pydantic import Field, model_validator

from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import tree_view
from forge.errors import CheckError
from forge.safezip import UnsafeZipError, check_zip, read_member
from forge.views import Entry

# a date in a file name as cameras and people write it: 20240312, 2024-03-12, 2024_03 (year and month)
_NAME_DATE = re.compile(r"(?<!\d)(20\d\d)[-_]?(0[1-9]|1[0-2])(?:[-_]?(0[1-9]|[12]\d|3[01]))?(?!\d)")
_PHOTO_MOMENT = re.compile(r"(?<!\d)(20\d\d)(\d\d)(\d\d)_(\d\d)(\d\d)(\d\d)(?!\d)")
TEMP_PATTERNS = ("*.tmp", "*~", "~$*", ".DS_Store", "Thumbs.db", "*.part", "*.crdownload")
_MAX_ARCHIVE = 64 * 1024 * 1024


def name_date(name: str) -> tuple[int, int] | None:
    """(year, month) of the first date written in a file name, or None."""
    found = _NAME_DATE.search(name)
    return (int(found[1]), int(found[2])) if found else None


def extension_of(name: str) -> str:
    """The part after the last dot, lower-cased, with the dot; '' for none."""
    return PurePosixPath(name).suffix.lower()


def compare_trees(after: dict[str, Entry], expected: dict[str, Entry], folder: str, what: str) -> Verdict:
    """Every expected file at its place with its content; nothing else in the folder."""
    for path, entry in sorted(expected.items()):
        if path not in after:
            found = next((p for p, e in sorted(after.items()) if e.sha256 == entry.sha256 and p not in expected), None)
            where = f"; the content is at {folder}/{found}" if found else ""
            return Verdict.of(False, f"{folder}/{path} is missing{where}")
        if after[path].sha256 != entry.sha256:
            return Verdict.of(False, f"{folder}/{path} does not hold the content it should (the file it was)")
    extra = sorted(set(after) - set(expected))
    if extra:
        return Verdict.of(False, f"{folder}/{extra[0]} should not be there (left behind, a copy, a junk or a wrongly "
                          f"named file); {len(extra)} such file(s)")
    return Verdict.of(True, f"{len(expected)} files, {what}")


def place_entry(expected: dict[str, Entry], path: str, entry: Entry, folder: str) -> None:
    if path in expected and expected[path].sha256 != entry.sha256:
        raise CheckError(f"two files of {folder}/ would both become {path}: the task is ambiguous")
    expected[path] = entry


# --- tree.sorted_by_rule ---------------------------------------------------------------------------


class SortedByRule(CheckOptions):
    folder: OutputPath = Field(description="The folder sorted in place (declared as input and output).")
    rule: Literal["extension", "year", "year_month", "size_band"]
    mode: Literal["move", "copy"] = "move"
    only_ext: str | None = Field(default=None, description="Only files with this extension (e.g. '.jpg') are sorted.")
    undated: str | None = Field(default=None, description="Date rules: the folder for files with no date in "
                                                          "their name; None: those files stay where they are.")
    bands: list[int] = Field(default_factory=list, description="size_band: each band's exclusive upper bound in "
                                                               "bytes, smallest first (the last band has none).")
    band_names: list[str] = Field(default_factory=list, description="size_band: one folder name per band.")

    @model_validator(mode="after")
    def _bands_fit(self) -> SortedByRule:
        if self.rule == "size_band" and (len(self.band_names) != len(self.bands) + 1 or self.bands != sorted(self.bands)):
            raise ValueError("size_band needs ascending bands and one more band name than bounds")
        return self


def sort_folder(name: str, size: int, opts: SortedByRule) -> str | None:
    """The subfolder a file goes to under the rule, or None when it stays where it is."""
    if opts.only_ext and extension_of(name) != opts.only_ext.lower():
        return None
    if opts.rule == "extension":
        return extension_of(name).lstrip(".") or "no_extension"
    if opts.rule == "size_band":
        return opts.band_names[sum(size >= bound for bound in opts.bands)]
    date = name_date(name)
    if date is None:
        return opts.undated
    return str(date[0]) if opts.rule == "year" else f"{date[0]}/{date[1]:02d}"


@register_check("tree.sorted_by_rule", SortedByRule, source="tree", view="tree")
def sorted_by_rule(state: FinalState, opts: SortedByRule) -> Verdict:
    """Each top-level file the rule applies to is in the subfolder the rule gives (its extension, the
    year or year/month of the date in its name, its size band), under its own name and content; moved
    (gone from its old place) or copied (also still there) as asked; every other file where it was;
    nothing else in the folder."""
    before = tree_view(state, opts.folder, original=True).files()
    expected: dict[str, Entry] = {}
    for path, entry in before.items():
        target = sort_folder(PurePosixPath(path).name, entry.size, opts) if "/" not in path else None
        if target is None or opts.mode == "copy":
            place_entry(expected, path, entry, opts.folder)
        if target is not None:
            place_entry(expected, f"{target}/{PurePosixPath(path).name}", entry, opts.folder)
    return compare_trees(tree_view(state, opts.folder).files(), expected, opts.folder, f"sorted by {opts.rule}")


# --- tree.renamed_by_rule --------------------------------------------------------------------------


class RenamedByRule(CheckOptions):
    folder: OutputPath = Field(description="The folder whose files are renamed in place.")
    rule: Literal["photo_moment", "lower_snake", "numbered"]
    only_ext: str | None = Field(default=None, description="Only files with this extension are renamed.")
    prefix: str = Field(default="", description="numbered: the new names are `<prefix>_001<ext>`, ...")
    order: Literal["name", "date"] = Field(default="name", description="numbered: number by name or by the date "
                                                                       "and time in the name.")


def snake(name: str) -> str:
    """A name in lower case with runs of spaces and hyphens as one underscore."""
    return re.sub(r"[\s\-]+", "_", name.lower())


def _moment(path: str) -> str:
    found = _PHOTO_MOMENT.search(PurePosixPath(path).name)
    return "".join(found.groups()) if found else ""


def renamed(paths: list[str], opts: RenamedByRule) -> dict[str, str]:
    """Old path -> new path of every file the rule renames (in its own folder)."""
    chosen = sorted(p for p in paths if not opts.only_ext or extension_of(p) == opts.only_ext.lower())
    if opts.rule == "numbered":
        if opts.order == "date":
            chosen.sort(key=lambda p: (_moment(p) == "", _moment(p), p))
        width = max(3, len(str(len(chosen))))
        return {p: str(PurePosixPath(p).with_name(f"{opts.prefix}_{n:0{width}d}{extension_of(p)}"))
                for n, p in enumerate(chosen, start=1)}
    names: dict[str, str] = {}
    for path in chosen:
        pure = PurePosixPath(path)
        if opts.rule == "lower_snake":
            names[path] = str(pure.with_name(snake(pure.name)))
        elif moment := _PHOTO_MOMENT.search(pure.name):
            y, mo, d, h, mi, s = moment.groups()
            names[path] = str(pure.with_name(f"{y}-{mo}-{d}_{h}{mi}{s}{extension_of(path)}"))
    return names


@register_check("tree.renamed_by_rule", RenamedByRule, source="tree", view="tree")
def renamed_by_rule(state: FinalState, opts: RenamedByRule) -> Verdict:
    """Every file the rule applies to has the name the rule gives (a photo named by the moment in its
    name, a name in lower case with underscores, or a running number in the asked order), in its own
    folder with its content; every other file keeps its name; nothing else in the folder."""
    before = tree_view(state, opts.folder, original=True).files()
    names = renamed(sorted(before), opts)
    expected: dict[str, Entry] = {}
    for path, entry in before.items():
        place_entry(expected, names.get(path, path), entry, opts.folder)
    return compare_trees(tree_view(state, opts.folder).files(), expected, opts.folder, f"renamed ({len(names)} by the rule)")


# --- tree.cleaned_up -------------------------------------------------------------------------------


class CleanedUp(CheckOptions):
    folder: OutputPath = Field(description="The folder cleaned in place.")
    temp_files: bool = Field(description="Remove temporary and system files (TEMP_PATTERNS).")
    empty_files: bool = Field(description="Remove zero-byte files.")
    empty_dirs: bool = Field(description="Remove folders with no file under them (at any depth).")


def is_junk(path: str, size: int, opts: CleanedUp) -> bool:
    name = PurePosixPath(path).name
    return ((opts.temp_files and any(fnmatch.fnmatchcase(name, p) for p in TEMP_PATTERNS))
            or (opts.empty_files and size == 0))


@register_check("tree.cleaned_up", CleanedUp, source="tree", view="tree")
def cleaned_up(state: FinalState, opts: CleanedUp) -> Verdict:
    """Exactly the junk asked for is gone (temporary/system files, zero-byte files); every other file is
    where it was with its content; with `empty_dirs`, no folder is left without a file under it."""
    if not (opts.temp_files or opts.empty_files or opts.empty_dirs):
        raise CheckError("cleaned_up needs at least one kind of junk to remove")
    before = tree_view(state, opts.folder, original=True).files()
    expected = {p: e for p, e in before.items() if not is_junk(p, e.size, opts)}
    view = tree_view(state, opts.folder)
    verdict = compare_trees(view.files(), expected, opts.folder, f"{len(before) - len(expected)} junk file(s) removed")
    if not verdict.passed or not opts.empty_dirs:
        return verdict
    holding = {str(parent) for path in view.files() for parent in PurePosixPath(path).parents}
    empty = sorted(e.path for e in view.entries if e.kind == "dir" and e.path not in holding)
    if empty:
        return Verdict.of(False, f"{opts.folder}/{empty[0]}/ is still there with no file under it; {len(empty)} such")
    return verdict


# --- tree.archived ---------------------------------------------------------------------------------


class Archived(CheckOptions):
    folder: OutputPath = Field(description="The folder the archive is made of and saved in (in place).")
    archive: str = Field(description="The archive's path inside the folder.")
    format: Literal["zip", "tar.gz", "tar"]
    select: Literal["all", "extension", "larger_than", "year"]
    ext: str | None = Field(default=None, description="select=extension: e.g. '.pdf'.")
    min_bytes: int | None = Field(default=None, description="select=larger_than: files strictly over this size.")
    year: int | None = Field(default=None, description="select=year: files whose name holds a date in this year.")
    flat: bool = Field(default=False, description="Members by file name only; else by path inside the folder.")
    remove_originals: bool = False


def selected(path: str, entry: Entry, opts: Archived) -> bool:
    name = PurePosixPath(path).name
    return {"all": True, "extension": extension_of(name) == (opts.ext or "").lower(),
            "larger_than": entry.size > (opts.min_bytes or 0),
            "year": (name_date(name) or (0, 0))[0] == opts.year}[opts.select]


def archive_members(data: bytes, opts: Archived) -> dict[str, bytes]:
    """The archive's files by member name, read within bounds; CheckError when it is not that format."""
    where = f"{opts.folder}/{opts.archive}"
    if opts.format == "zip":
        end = data.rfind(b"PK\x05\x06")
        if end < 0 or len(data) != end + 22 + int.from_bytes(data[end + 20:end + 22], "little"):
            raise CheckError(f"{where} is not a whole zip archive (no end record, or bytes after it)")
        try:
            names = [m.name for m in check_zip(data, where) if not m.name.endswith("/")]
            return {n: read_member(data, where, n) for n in names}
        except (UnsafeZipError, zipfile.BadZipFile) as exc:
            raise CheckError(f"{where} is not a readable zip archive: {exc}") from exc
    if opts.format == "tar.gz":
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
                data = stream.read(_MAX_ARCHIVE + 1)
        except (OSError, EOFError) as exc:
            raise CheckError(f"{where} is not gzip-compressed: {exc}") from exc
        if len(data) > _MAX_ARCHIVE:
            raise CheckError(f"{where} inflates past {_MAX_ARCHIVE} bytes")
    if len(data) % 512:
        raise CheckError(f"{where} is not a whole tar archive ({len(data)} bytes, not 512-byte blocks)")
    from preparers.filetypes._tar import read_tar  # the bounded tar reader (no links, no escaping paths)

    return read_tar(data, where)


@register_check("tree.archived", Archived, source="tree", view="tree")
def archived(state: FinalState, opts: Archived) -> Verdict:
    """The archive, in the asked format, holds exactly the chosen files (all, one extension, over a size,
    dated in a year) under their paths in the folder (or bare names with `flat`), each with its
    content; the originals stay, or are gone with `remove_originals`; nothing else is added."""
    before = tree_view(state, opts.folder, original=True).files()
    chosen = {p: e for p, e in before.items() if p != opts.archive and selected(p, e, opts)}
    if not chosen:
        raise CheckError(f"no file of {opts.folder}/ is selected: the task is empty")
    after = tree_view(state, opts.folder).files()
    if opts.archive not in after:
        return Verdict.of(False, f"{opts.folder}/{opts.archive} does not exist")
    members = archive_members(state.read_bytes(f"{opts.folder}/{opts.archive}"), opts)
    wanted = {(PurePosixPath(p).name if opts.flat else p): e for p, e in chosen.items()}
    got = {name.removeprefix("./"): data for name, data in members.items()}
    for name, entry in sorted(wanted.items()):
        if name not in got:
            return Verdict.of(False, f"{opts.archive} has no member {name!r}; it holds {sorted(got)[:6]}")
        if hashlib.sha256(got[name]).hexdigest() != entry.sha256:
            return Verdict.of(False, f"{opts.archive} member {name!r} differs from the file it was made of")
    if extra := sorted(set(got) - set(wanted)):
        return Verdict.of(False, f"{opts.archive} holds {extra[0]!r}, which was not asked for; {len(extra)} such")
    kept = {p: e for p, e in before.items() if not (opts.remove_originals and p in chosen)}
    kept[opts.archive] = after[opts.archive]
    return compare_trees(after, kept, opts.folder, f"{len(wanted)} in {opts.archive}")
