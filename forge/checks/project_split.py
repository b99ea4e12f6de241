"""A grab-bag module split in two, over `ProjectView`: each new module defines exactly its group's
functions, which give what the ORIGINAL gave on every call the original tests make; the old module
is then a facade that re-exports them (the very same functions; with a DeprecationWarning on import
when asked) with the tests as given, or one that nothing in the project imports any more (every
import, the tests' included, pointed at the new modules). Probed in a sandbox beside the ORIGINAL
module."""

from __future__ import annotations

import ast
from typing import Literal

from pydantic import Field

from forge.checks._project_pair import ORIGINAL_PRELUDE
from forge.checks._project_tests import probe_says
from forge.checks.project import _inside, _tests_verdict, project_view
from forge.checks.project_api import _dotted
from forge.checks.project_probes import _parsed
from forge.checks.project_refactor import edited_test
from forge.checks.project_records import _calls
from forge.checks.spec import CheckOptions, OutputPath, Verdict, register_check
from forge.checks.state import FinalState


def _imports_of(tree: ast.Module, dotted: str) -> list[int]:
    """Lines importing the module `dotted` (package.module) in any of the usual ways."""
    package, name = dotted.rsplit(".", 1)
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(a.name == dotted for a in node.names):
            lines.append(node.lineno)
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if module in (dotted, name) and (node.level or module == dotted) or (
                    module in (package, "") and any(a.name == name for a in node.names)):
                lines.append(node.lineno)
    return sorted(lines)


def _split_probe(old: str, groups: dict[str, list[str]], original: str, after: str,
                 calls: list[tuple[str, str]]) -> str:
    return f'''import datetime
import importlib
import sys
import warnings

OLD, GROUPS, ORIGINAL, AFTER = {old!r}, {groups!r}, {original!r}, {after!r}
CALLS = {calls!r}
HOME = {{function: module for module, functions in GROUPS.items() for function in functions}}


def test_calls_from_the_new_modules():
    before = _original()
    for function, arguments in CALLS:
        new = getattr(importlib.import_module(HOME[function]), function)
        want, have = before[function](*eval(arguments)), new(*eval(arguments))
        assert have == want, "%s.%s(%s) returns %r, the original %r" % (HOME[function], function, arguments[1:-1],
                                                                       have, want)


def test_the_old_module():
    sys.modules.pop(OLD, None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        old = importlib.import_module(OLD)
    warned = [w for w in caught if issubclass(w.category, DeprecationWarning)]
    if AFTER == "deprecated":
        assert warned, "importing %s gives no DeprecationWarning" % OLD
    else:
        assert not warned, "importing %s warns: %s" % (OLD, warned[0].message)
    for function, module in sorted(HOME.items()):
        assert getattr(old, function, None) is getattr(importlib.import_module(module), function), (
            "%s.%s is not the function of %s" % (OLD, function, module))
''' + ORIGINAL_PRELUDE


class ModuleSplit(CheckOptions):
    folder: str = Field(description="The project folder, as the instruction names it.")
    first: OutputPath = Field(description="The first new module.")
    second: OutputPath = Field(description="The second new module.")
    old: OutputPath = Field(description="The module being split.")
    test_file: OutputPath = Field(description="The tests of the old module.")
    first_functions: list[str] = Field(min_length=1, description="The functions the first new module holds.")
    second_functions: list[str] = Field(min_length=1, description="The functions the second new module holds.")
    after: Literal["facade", "deprecated", "migrated"] = Field(
        description="The old module re-exports the functions with the tests as given, does so warning on import, "
        "or does so for outside code only, every import in the project pointed at the new modules.")


@register_check("project.module_split", ModuleSplit, source="project", view="project")
def module_split(state: FinalState, opts: ModuleSplit) -> Verdict:
    """The two new modules define exactly their functions, which behave as the ORIGINAL's on the
    original tests' calls; the old module defines none and re-exports the same functions (warning
    only when asked), with the tests unchanged, or (migrated) imported by no file of the project;
    the suite passes."""
    before, after = project_view(state, opts.folder, original=True), project_view(state, opts.folder)
    old = _inside(opts.folder, opts.old)
    groups = {}
    for path, wanted in ((opts.first, opts.first_functions), (opts.second, opts.second_functions)):
        tree = _parsed(after.files, _inside(opts.folder, path), path)
        if isinstance(tree, str):
            return Verdict.of(False, tree)
        defined = [n.name for n in tree.body if isinstance(n, ast.FunctionDef)]
        if sorted(defined) != sorted(wanted):
            return Verdict.of(False, f"{path} defines {', '.join(defined) or 'no function'}; expected "
                              f"{', '.join(wanted)}")
        groups[_dotted(_inside(opts.folder, path))] = wanted
    tree = _parsed(after.files, old, opts.old)
    if isinstance(tree, str):
        return Verdict.of(False, tree)
    if kept := [n.name for n in tree.body if isinstance(n, ast.FunctionDef)]:
        return Verdict.of(False, f"{opts.old} still defines {kept[0]}; it only re-exports now")
    if opts.after == "migrated":
        for path, text in sorted(after.files.items()):
            parsed = ast.parse(text) if path.endswith(".py") and path != old else None
            if parsed is not None and (lines := _imports_of(parsed, _dotted(old))):
                return Verdict.of(False, f"{opts.folder}/{path} still imports {_dotted(old)} (line {lines[0]})")
    elif path := edited_test(before, after):
        return Verdict.of(False, f"{opts.folder}/{path} was changed; the old imports keep working, so the tests "
                          "stay as they were")
    if msg := _tests_verdict(after, before):
        return Verdict.of(False, msg)
    calls = _calls(before.files[_inside(opts.folder, opts.test_file)])
    if said := probe_says(after.files, _split_probe(_dotted(old), groups, before.files[old], opts.after, calls)):
        return Verdict.of(False, f"the split is not as asked: {said}")
    return Verdict.of(True, f"{opts.old} split into {opts.first} and {opts.second} ({opts.after}); "
                      f"{len(calls)} calls agree")
