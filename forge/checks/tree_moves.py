"""Tree checks for tasks that MOVE files: organise a folder in place. The folder is declared as
both the input (the archive the task gave) and the output (the folder as the task leaves it), so
files moved into subfolders are the output; these checks therefore account for EVERY file in it
(a stray file, a copy left behind, a lost file all fail), which is what keeps junk out.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from pydantic import Field, model_validator

from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import tree_view
from forge.errors import CheckError
from forge.views import Entry


class OrganisedByType(CheckOptions):
    folder: OutputPath = Field(description="The folder organised in place (declared as input and output).")
    folders: list[str] = Field(min_length=1, description="Subfolder names, one per kind.")
    extensions: list[list[str]] = Field(description="Per subfolder, the file extensions (with the dot) it takes.")
    other: str = Field(description="The subfolder for a file of no listed kind.")

    @model_validator(mode="after")
    def _one_list_per_folder(self) -> OrganisedByType:
        if len(self.extensions) != len(self.folders):
            raise ValueError(f"{len(self.folders)} folders but {len(self.extensions)} extension lists: one per folder")
        return self


def kind_folder(name: str, opts: OrganisedByType) -> str:
    """The subfolder a file named `name` belongs in: its longest listed extension (`.tar.gz`
    before `.gz`), any case; `opts.other` for none."""
    lower, best = name.lower(), (0, opts.other)
    for folder, exts in zip(opts.folders, opts.extensions, strict=True):
        for ext in exts:
            if lower.endswith(ext.lower()) and len(ext) > best[0]:
                best = (len(ext), folder)
    return best[1]


def _expected(before: dict[str, Entry], opts: OrganisedByType) -> dict[str, Entry]:
    expected: dict[str, Entry] = {}
    for path, entry in before.items():
        name = PurePosixPath(path).name
        target = f"{kind_folder(name, opts)}/{name}"
        if target in expected:
            raise CheckError(f"{opts.folder}/{path} and another file would both go to {target}: the task is ambiguous")
        expected[target] = entry
    return expected


@register_check("tree.organised_by_type", OrganisedByType, source="tree", view="tree")
def organised_by_type(state: FinalState, opts: OrganisedByType) -> Verdict:
    """Every file the folder held is now in the subfolder for its kind (by extension; the `other`
    subfolder for the rest), under its own name, with its content unchanged; nothing is left at its
    old place and no other file is in the folder."""
    before = tree_view(state, opts.folder, original=True).files()
    expected = _expected(before, opts)
    after = tree_view(state, opts.folder).files()
    where = {entry.sha256: path for path, entry in before.items()}
    for target, entry in sorted(expected.items()):
        if target not in after:
            old = where.get(entry.sha256, "")
            found = next((p for p, e in after.items() if e.sha256 == entry.sha256 and p != target), None)
            place = f"it is at {opts.folder}/{found}" if found else "it is not in the folder"
            return Verdict.of(False, f"{opts.folder}/{target} is missing (was {old}); {place}")
        if after[target].sha256 != entry.sha256:
            return Verdict.of(False, f"{opts.folder}/{target} has different content from the file it was")
    extra = sorted(set(after) - set(expected))
    if extra:
        return Verdict.of(False, f"{opts.folder}/{extra[0]} should not be there (left behind, a copy or a new "
                          f"file); {len(extra)} such file(s)")
    return Verdict.of(True, f"{len(expected)} files in {len({p.split('/')[0] for p in expected})} kind folders")
