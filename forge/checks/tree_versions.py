"""Tree checks for folders of versioned documents (report_v3.docx, budget_2024-05-02.xlsx): only
the latest version of each document kept (older ones deleted or moved aside), or the latest ones
copied into a folder under their plain names. A document is its folder, its name without the
version part and its extension; versions compare as numbers (v10 after v9) or as ISO dates. The
folder is in place: the check works out the whole folder from the original archive and accounts
for every file (`tree_rules.compare_trees`).
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import PurePosixPath
from typing import Literal, NamedTuple

from pydantic import Field, model_validator

from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import tree_view
from forge.checks.tree_rules import compare_trees, place_entry
from forge.errors import CheckError
from forge.views import Entry

SCHEMES = {"number": re.compile(r"^(?P<stem>.+)_v(?P<version>\d+)(?P<ext>\.[^.]+)$"),
           "date": re.compile(r"^(?P<stem>.+)_(?P<version>20\d\d-[01]\d-[0-3]\d)(?P<ext>\.[^.]+)$")}


class Version(NamedTuple):
    document: str  # folder/stem.ext: the plain name of the document
    rank: tuple[int, ...]


def version_of(path: str, scheme: Literal["number", "date"]) -> Version | None:
    """The document a file is a version of and its rank, or None for a file without a version."""
    pure = PurePosixPath(path)
    found = SCHEMES[scheme].match(pure.name)
    if found is None:
        return None
    rank = (int(found["version"]),) if scheme == "number" else tuple(map(int, found["version"].split("-")))
    return Version(str(pure.parent / f"{found['stem']}{found['ext']}").removeprefix("./"), rank)


class LatestVersions(CheckOptions):
    folder: OutputPath = Field(description="The folder of versioned documents, changed in place.")
    scheme: Literal["number", "date"] = Field(description="number: name_v<N>.ext; date: name_YYYY-MM-DD.ext.")
    action: Literal["delete", "aside", "current"] = Field(
        description="delete: older versions deleted; aside: older versions moved into `into` under their paths; "
                    "current: the latest version of each document copied into `into` under its path without "
                    "the version part, nothing else changed.")
    into: str | None = Field(default=None, description="aside/current: the folder inside `folder`.")

    @model_validator(mode="after")
    def _into_when_needed(self) -> LatestVersions:
        if (self.action == "delete") != (self.into is None):
            raise ValueError("into is given exactly when action is 'aside' or 'current'")
        return self


def latest(files: dict[str, Entry], scheme: Literal["number", "date"]) -> dict[str, tuple[str, list[str]]]:
    """Document -> (its latest version's path, its older versions' paths)."""
    groups: dict[str, list[tuple[tuple[int, ...], str]]] = defaultdict(list)
    for path in files:
        if (version := version_of(path, scheme)) is not None:
            groups[version.document].append((version.rank, path))
    result = {}
    for document, versions in groups.items():
        ranked = sorted(versions, reverse=True)
        if len(ranked) > 1 and ranked[0][0] == ranked[1][0]:
            raise CheckError(f"{ranked[0][1]} and {ranked[1][1]} are the same version: the task is ambiguous")
        result[document] = (ranked[0][1], [p for _, p in ranked[1:]])
    return result


@register_check("tree.latest_versions", LatestVersions, source="tree", view="tree")
def latest_versions(state: FinalState, opts: LatestVersions) -> Verdict:
    """Of every versioned document (same folder, name and extension), the highest version (by
    number, v10 after v9, or by date) stays; the older ones are deleted or moved into the aside
    folder under their paths; or, with current, each latest version is also copied into the folder
    under its path without the version part; files without a version, and the rest, unchanged."""
    before = tree_view(state, opts.folder, original=True).files()
    documents = latest(before, opts.scheme)
    older = {p for _, olds in documents.values() for p in olds}
    if not documents or (opts.action != "current" and not older):
        raise CheckError(f"no document in {opts.folder}/ has an older version: the task is empty")
    expected: dict[str, Entry] = {}
    for path, entry in sorted(before.items()):
        if path not in older or opts.action == "current":
            place_entry(expected, path, entry, opts.folder)
        elif opts.action == "aside":
            place_entry(expected, f"{opts.into}/{path}", entry, opts.folder)
    if opts.action == "current":
        for document, (path, _) in sorted(documents.items()):
            place_entry(expected, f"{opts.into}/{document}", before[path], opts.folder)
    what = (f"{len(documents)} latest versions copied to {opts.into}/" if opts.action == "current"
            else f"{len(older)} older versions {'deleted' if opts.action == 'delete' else 'moved aside'}")
    return compare_trees(tree_view(state, opts.folder).files(), expected, opts.folder, what)
