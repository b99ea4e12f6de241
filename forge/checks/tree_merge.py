"""Tree checks for two folders merged into one: every file of both under its path inside its
source, identical copies once, and a name both have with different contents settled by the stated
rule (the second one numbered, the first one kept, or the larger one kept); the sources moved
(emptied) or copied (kept). The folder is in place: the check works out the whole folder from the
original archive and accounts for every file (`tree_rules.compare_trees`).
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Literal

from pydantic import Field

from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import tree_view
from forge.checks.tree_rules import compare_trees, place_entry
from forge.errors import CheckError
from forge.views import Entry

Clash = Literal["number", "keep_first", "keep_larger"]


class Merged(CheckOptions):
    folder: OutputPath = Field(description="The folder holding the sources and the merged folder, in place.")
    sources: list[str] = Field(min_length=2, description="The folders merged, in the order the instruction gives.")
    target: str = Field(description="The merged folder's path inside `folder`.")
    clash: Clash = Field(description="Same path, other content: number (the later one saved as stem_2.ext, "
                                     "stem_3.ext, ...), keep_first (the earlier source's), keep_larger (the larger "
                                     "file; the earlier source's on a tie).")
    mode: Literal["move", "copy"] = Field(description="move: the sources are emptied; copy: they stay as they are.")


def _numbered(merged: dict[str, Entry], rel: str) -> str:
    pure = PurePosixPath(rel)
    n = 2
    while (name := str(pure.with_name(f"{pure.stem}_{n}{pure.suffix}"))) in merged:
        n += 1
    return name


def merge_plan(before: dict[str, Entry], opts: Merged) -> tuple[dict[str, Entry], int]:
    """The merged folder's files (relative to it) and how many clashes the rule settled."""
    merged: dict[str, Entry] = {}
    clashes = 0
    for source in opts.sources:
        for path, entry in sorted(before.items()):
            if not path.startswith(source + "/"):
                continue
            rel = path[len(source) + 1:]
            held = merged.get(rel)
            if held is None:
                merged[rel] = entry
            elif held.sha256 != entry.sha256:
                clashes += 1
                if opts.clash == "number":
                    merged[_numbered(merged, rel)] = entry
                elif opts.clash == "keep_larger" and entry.size > held.size:
                    merged[rel] = entry
    return merged, clashes


@register_check("tree.merged", Merged, source="tree", view="tree")
def merged(state: FinalState, opts: Merged) -> Verdict:
    """The target holds every file of the sources under its path inside its source, a file both
    have with the same content once; a path both have with other contents follows the clash rule;
    with move the sources hold no file afterwards, with copy they are unchanged; nothing else
    changes or is added."""
    before = tree_view(state, opts.folder, original=True).files()
    for source in opts.sources:
        if not any(p.startswith(source + "/") for p in before):
            raise CheckError(f"{opts.folder}/{source}/ holds no file: nothing to merge")
    plan, clashes = merge_plan(before, opts)
    expected = {p: e for p, e in before.items()
                if opts.mode == "copy" or not any(p.startswith(s + "/") for s in opts.sources)}
    for rel, entry in sorted(plan.items()):
        place_entry(expected, f"{opts.target}/{rel}", entry, opts.folder)
    return compare_trees(tree_view(state, opts.folder).files(), expected, opts.folder,
                    f"{len(plan)} files merged into {opts.target}/ ({clashes} name clashes settled)")
