"""Tree checks for project folders set up from the office's standard structure, written down as people
keep it: relative paths (folders end in a slash), paths copied from a Windows PC (backslashes), an
indented outline, a nested Markdown list on a wiki page, or what `tree -F` printed; listed files are
created empty; new projects made from it, or the existing projects brought up to it (what they lack
added, their files untouched); folders left empty given a `.keep` file or not. The folder is in
place: every file AND every folder is accounted for, worked out from the original archive and the
structure (read through the text view).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from pathlib import PurePosixPath
from typing import Literal

from pydantic import Field

from forge.checks.source import input_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.tree import tree_view
from forge.checks.tree_rules import compare_trees
from forge.errors import CheckError
from forge.views import Entry, TextView

Source = Literal["paths", "windows", "indented", "markdown", "tree"]
EMPTY = hashlib.sha256(b"").hexdigest()
_BULLET = re.compile(r"^(?P<indent>\s*)[-*+]\s+(?P<name>.+?)\s*$")
_TREE = re.compile(r"^(?P<lead>(?:[│|]   |    )*)(?:[├└]──|[|`]--)\s(?P<name>.+?)\s*$")


def _flat(lines: list[str], sep: str) -> list[str]:
    entries = [line.strip() for line in lines]
    return [e.replace(sep, "/").removeprefix("./") for e in entries if e and not e.startswith("#")]


def _nested(items: list[tuple[int, str]]) -> list[str]:
    """(indent width, name) in order -> full paths; a deeper indent than the line above nests in it."""
    paths, stack = [], []  # stack: (indent, path of a folder)
    for indent, name in items:
        while stack and stack[-1][0] >= indent:
            stack.pop()
        path = (stack[-1][1] if stack else "") + name
        paths.append(path)
        if name.endswith("/"):
            stack.append((indent, path))
    return paths


def _indented(lines: list[str]) -> list[str]:
    items = [(len(line) - len(line.lstrip()), line.strip()) for line in lines if line.strip()]
    return _nested([(i, name) for i, name in items if not name.startswith("#")])


def _markdown(lines: list[str]) -> list[str]:
    return _nested([(len(m["indent"].expandtabs(4)), m["name"].strip("`*_ ")) for line in lines
                    if (m := _BULLET.match(line))])


def _tree(lines: list[str]) -> list[str]:
    return _nested([(len(m["lead"]), m["name"]) for line in lines if (m := _TREE.match(line))])


PARSERS: dict[str, Callable[[list[str]], list[str]]] = {
    "paths": lambda lines: _flat(lines, "/"), "windows": lambda lines: _flat(lines, "\\"),
    "indented": _indented, "markdown": _markdown, "tree": _tree}


class Scaffolded(CheckOptions):
    folder: OutputPath = Field(description="The projects folder, set up in place.")
    structure: InputPath = Field(description="The standard structure, written as `source` says.")
    source: Source = Field(description="paths: one relative path a line, folders end in '/'; windows: the same "
                                       "with backslashes; indented: an outline, folders end in '/'; markdown: a "
                                       "nested bullet list, folders end in '/'; tree: `tree -F` output.")
    new: list[str] = Field(default_factory=list, description="Projects to create (folders at the top, new).")
    complete_existing: bool = Field(default=False, description="Every project folder already at the top gets "
                                                               "what of the structure it lacks.")
    marker: str | None = Field(default=None, description="An empty file of this name in every folder of the "
                                                         "structure that holds nothing else; None: none.")


def structure_paths(lines: list[str], source: Source) -> tuple[set[str], set[str]]:
    """(folders, files) of the structure, every folder's parents included."""
    folders, files = set(), set()
    for path in PARSERS[source](lines):
        clean = path.strip("/")
        if not clean:
            continue
        (folders if path.endswith("/") else files).add(clean)
        folders.update(str(p) for p in PurePosixPath(clean).parents if str(p) != ".")
    return folders, files


def _expected(before: dict[str, Entry], roots: list[str], folders: set[str], files: set[str],
              marker: str | None) -> tuple[dict[str, Entry], set[str]]:
    expected = dict(before)
    dirs = {str(p) for path in before for p in PurePosixPath(path).parents if str(p) != "."}
    for root in roots:
        dirs.add(root)
        dirs.update(f"{root}/{d}" for d in folders)
        for name in files:
            expected.setdefault(f"{root}/{name}", Entry(path=f"{root}/{name}", kind="file", size=0, sha256=EMPTY))
        for folder in sorted(folders):
            inside = f"{root}/{folder}/"
            if marker and not any(p.startswith(inside) for p in expected) and \
                    not any(d.startswith(inside) for d in dirs):
                expected[f"{inside}{marker}"] = Entry(path=f"{inside}{marker}", kind="file", size=0, sha256=EMPTY)
    return expected, dirs


@register_check("tree.scaffolded", Scaffolded, source="tree", view="tree")
def scaffolded(state: FinalState, opts: Scaffolded) -> Verdict:
    """Each project asked for (the new ones, and with complete_existing every project folder already at
    the top) holds every folder and file of the structure, listed files created empty unless they were
    there, the marker in every structure folder left empty; every other file as it was; no other file
    or folder in the projects folder."""
    original = tree_view(state, opts.folder, original=True).files()
    folders, files = structure_paths(input_view(state, opts.structure, TextView).lines, opts.source)
    if not folders:
        raise CheckError(f"{opts.structure} lists no folders: the task is empty")
    existing = sorted({path.split("/")[0] for path in original if "/" in path})
    clash = [name for name in opts.new if name in existing or name in original]
    if clash:
        raise CheckError(f"{opts.folder}/{clash[0]} exists already: it is not a new project")
    roots = opts.new + (existing if opts.complete_existing else [])
    expected, dirs = _expected(original, roots, folders, files, opts.marker)
    after = tree_view(state, opts.folder)
    got_dirs = {e.path for e in after.entries if e.kind == "dir"}
    missing, extra = sorted(dirs - got_dirs), sorted(got_dirs - dirs)
    if missing:
        return Verdict.of(False, f"the folder {opts.folder}/{missing[0]}/ is missing; {len(missing)} such folder(s)")
    if extra:
        return Verdict.of(False, f"the folder {opts.folder}/{extra[0]}/ should not be there; {len(extra)} such "
                          "folder(s)")
    return compare_trees(after.files(), expected, opts.folder, f"{len(roots)} project(s) set up")
