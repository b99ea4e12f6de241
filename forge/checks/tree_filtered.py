"""Tree checks for a project copied for someone else with what they must not get left out, the
folder layout kept: build and tool folders (node_modules/, .git/ at any depth), every type but the
ones asked for, files over a size, or what the project's own ignore list names (glob patterns, a
trailing '/' for a folder at any depth; the list stays behind too); and, when asked, a list of the
files left out. The source stays as it was. The folder is in place: the check works out the whole
folder from the original archive and accounts for every file (`tree_rules.compare_trees`).
"""

from __future__ import annotations

import fnmatch
from pathlib import PurePosixPath

from pydantic import Field

from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import tree_view
from forge.checks.tree_reports import folder_contents
from forge.checks.tree_rules import compare_trees, place_entry
from forge.errors import CheckError
from forge.views import Entry


class FilteredCopy(CheckOptions):
    folder: OutputPath = Field(description="The workspace holding the project and its copy (in place).")
    source: str = Field(description="The project's folder inside `folder`.")
    target: str = Field(description="The copy's folder inside `folder`.")
    exclude_dirs: list[str] = Field(default_factory=list, description="Folders (by name, at any depth) left out.")
    exts: list[str] = Field(default_factory=list, description="When given, only files of these extensions go.")
    max_bytes: int | None = Field(default=None, gt=0, description="Files strictly larger are left out.")
    ignore_file: str | None = Field(default=None, description="A list in the project's top folder: one glob per line "
                                                              "('#' comments); 'name/' a folder at any depth, "
                                                              "else a file name or path; the list is left out too.")
    report: str | None = Field(default=None, description="A file in `folder` listing the files left out, one path "
                                                         "(relative to the project) per line, sorted.")


def _ignored(rel: str, patterns: list[str]) -> bool:
    parts = rel.split("/")
    for pattern in patterns:
        if pattern.endswith("/"):
            if any(fnmatch.fnmatchcase(part, pattern.rstrip("/")) for part in parts[:-1]):
                return True
        elif fnmatch.fnmatchcase(parts[-1], pattern) or fnmatch.fnmatchcase(rel, pattern.lstrip("/")):
            return True
    return False


def left_out(files: dict[str, Entry], opts: FilteredCopy, patterns: list[str]) -> list[str]:
    """The project's files (relative paths) the copy leaves out."""
    out = []
    for rel, entry in sorted(files.items()):
        dirs = rel.split("/")[:-1]
        if (any(d in opts.exclude_dirs for d in dirs) or (opts.exts and PurePosixPath(rel).suffix.lower()
                                                           not in opts.exts)
                or (opts.max_bytes is not None and entry.size > opts.max_bytes) or rel == opts.ignore_file
                or _ignored(rel, patterns)):
            out.append(rel)
    return out


def _patterns(state: FinalState, opts: FilteredCopy) -> list[str]:
    if opts.ignore_file is None:
        return []
    from preparers.filetypes._tar import read_tar  # the bounded tar reader (no links, no escaping paths)

    given = read_tar(state.originals[opts.folder], opts.folder, max_members=5000)
    path = f"{opts.source}/{opts.ignore_file}"
    if path not in given:
        raise CheckError(f"{opts.folder}/{path} is not one of the task's files")
    lines = given[path].decode("utf-8", "replace").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.strip().startswith("#")]


@register_check("tree.filtered_copy", FilteredCopy, source="tree", view="tree")
def filtered_copy(state: FinalState, opts: FilteredCopy) -> Verdict:
    """The target holds every file of the source that no rule leaves out, under its path inside the
    source, with its content; the source and everything else are unchanged; with `report`, that file
    lists exactly the files left out (relative to the source, sorted); nothing else is added."""
    before = tree_view(state, opts.folder, original=True).files()
    prefix = f"{opts.source}/"
    project = {p.removeprefix(prefix): e for p, e in before.items() if p.startswith(prefix)}
    if not project or any(p.startswith(f"{opts.target}/") for p in before):
        raise CheckError(f"{opts.folder}/{opts.source}/ is empty or {opts.target}/ exists: the task is ambiguous")
    skipped = left_out(project, opts, _patterns(state, opts))
    if not skipped or len(skipped) == len(project):
        raise CheckError(f"the rules leave out {len(skipped)} of {len(project)} files: the task is empty")
    expected = dict(before)
    for rel in sorted(set(project) - set(skipped)):
        place_entry(expected, f"{opts.target}/{rel}", project[rel], opts.folder)
    after = tree_view(state, opts.folder).files()
    if opts.report:
        if opts.report not in after:
            return Verdict.of(False, f"{opts.folder}/{opts.report} does not exist")
        text = folder_contents(state, opts.folder)[opts.report].decode("utf-8", "replace")
        got = [line.strip().removeprefix("./").removeprefix(prefix) for line in text.splitlines() if line.strip()]
        if got != skipped:
            n = next((i for i, (a, b) in enumerate(zip(got, skipped, strict=False)) if a != b),
                     min(len(got), len(skipped)))
            have = repr(got[n]) if n < len(got) else "nothing more"
            want = repr(skipped[n]) if n < len(skipped) else "nothing more"
            return Verdict.of(False, f"line {n + 1} of {opts.folder}/{opts.report} is {have}, expected {want} (the "
                              f"{len(skipped)} files left out, relative to {opts.source}/, sorted)")
        after = {p: e for p, e in after.items() if p != opts.report}
    return compare_trees(after, expected, opts.folder, f"{len(project) - len(skipped)} files copied, "
                         f"{len(skipped)} left out")
