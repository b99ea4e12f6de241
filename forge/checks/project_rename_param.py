"""A function's parameter renamed, over `ProjectView`: the new name stands where the old one stood
(default kept), calls by position and by the new keyword return what the ORIGINAL returned, and the
old keyword is either refused (TypeError) or, kept for a release, still works with a
DeprecationWarning naming the new one. Calls are the ORIGINAL tests' own, run in a sandboxed probe
(`forge.checks.project.run_tests`); the tests change at most by the keyword's new name."""

from __future__ import annotations

import ast

from pydantic import Field

from forge.checks._project_pair import ORIGINAL_PRELUDE, module_and_tests
from forge.checks._project_tests import probe_says
from forge.checks.project import ProjectEdit, _tests_verdict
from forge.checks.project_api import _assert_calls, _defs, _dotted
from forge.checks.project_refactor import edited_test
from forge.checks.project_signature import _parameters
from forge.checks.spec import OutputPath, Verdict, register_check
from forge.checks.state import FinalState


def _with_keyword(function: str, args: str, index: int, old: str, name: str) -> str | None:
    """The call `function(args)` with the parameter at `index` (or given as `old=`) passed as `name=`;
    None when the call leaves it to its default."""
    call = ast.parse(f"{function}({args})", mode="eval").body
    assert isinstance(call, ast.Call)
    positional, keywords = list(call.args), list(call.keywords)
    if index < len(positional):
        keywords.append(ast.keyword(arg=name, value=positional.pop(index)))
    elif any(k.arg == old for k in keywords):
        keywords = [ast.keyword(arg=name, value=k.value) if k.arg == old else k for k in keywords]
    else:
        return None
    return ast.unparse(ast.Call(func=call.func, args=positional, keywords=keywords))


def _renamed_keywords(source: str, function: str, old: str, new: str) -> str:
    """The test module's AST dump with `old=` keywords of calls to `function` renamed to `new=`."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == function:
            for keyword in node.keywords:
                if keyword.arg == old:
                    keyword.arg = new
    return ast.dump(tree)


def _rename_probe(dotted: str, original: str, calls: list[tuple[str, ...]], new: str, compat: bool) -> str:
    return f'''import warnings

import pytest

import {dotted} as m

ORIGINAL, CALLS, NEW, COMPAT = {original!r}, {calls!r}, {new!r}, {compat!r}


def _run(call, namespace):
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        value = eval(call, namespace)
    return value, [w for w in seen if issubclass(w.category, DeprecationWarning)]


def test_positional_and_new_keyword():
    before = _original()
    for given, plain, by_new, _ in CALLS:
        want = eval(given, before)
        for call in (plain, by_new):
            have, warned = _run(call, vars(m))
            assert have == want, "%s returns %r, the original returned %r" % (call, have, want)
            assert not warned, "%s warns %s" % (call, warned[0].message)


def test_old_keyword():
    before = _original()
    for given, _, _, by_old in CALLS:
        want = eval(given, before)
        if not COMPAT:
            error = _raised(by_old, vars(m))
            assert isinstance(error, TypeError), "%s should fail with a TypeError now, got %r" % (by_old, error)
            continue
        error = _raised(by_old, vars(m))
        assert error is None, "%s raises %r: the old keyword must keep working for now" % (by_old, error)
        have, warned = _run(by_old, vars(m))
        assert have == want, "%s returns %r, the original returned %r" % (by_old, have, want)
        assert warned and NEW in str(warned[0].message), (
            "%s must warn DeprecationWarning naming %s, warned %r" % (by_old, NEW, [str(w.message) for w in warned]))
''' + ORIGINAL_PRELUDE


class ParameterRenamed(ProjectEdit):
    test_file: OutputPath = Field(description="The module's tests.")
    function: str
    old: str = Field(description="The parameter's name now.")
    new: str = Field(description="Its new name.")
    compat: bool = Field(description="The old keyword keeps working for now, warning DeprecationWarning; "
                         "otherwise it is refused.")


@register_check("project.parameter_renamed", ParameterRenamed, source="project", view="project")
def parameter_renamed(state: FinalState, opts: ParameterRenamed) -> Verdict:
    """The function's parameter at the old one's position is named `new` (its default kept, unless
    `compat` where a placeholder may stand in); the ORIGINAL tests' calls of it, by position and
    with `new=`, return what the original returns without a warning; with `old=` they raise
    TypeError, or with `compat` return the same with a DeprecationWarning naming `new`. The test
    module equals the original up to the keyword's rename; other tests are untouched; the suite
    passes."""
    pair = module_and_tests(state, opts.folder, opts.file, opts.test_file)
    if isinstance(pair, str):
        return Verdict.of(False, pair)
    old_params = _parameters(_defs(ast.parse(pair.before.files[pair.module]))[opts.function])
    node = _defs(pair.tree).get(opts.function)
    if node is None:
        return Verdict.of(False, f"{opts.file} defines no top-level function {opts.function}")
    index = [n for n, _, _ in old_params].index(opts.old)
    have = _parameters(node)
    if len(have) <= index or have[index][0] != opts.new:
        shown = have[index][0] if len(have) > index else "missing"
        return Verdict.of(False, f"{opts.function}'s parameter {index + 1} is {shown}, not {opts.new}")
    if not opts.compat and (have[index][2] != old_params[index][2] or any(n == opts.old for n, _, _ in have)):
        return Verdict.of(False, f"{opts.function} should read {opts.new}" + (f"={old_params[index][2]}" if
                          old_params[index][2] else "") + f" where {opts.old} stood, with no {opts.old} left")
    old_tests = pair.before.files.get(pair.tests, "")
    allowed = {_renamed_keywords(old_tests, opts.function, opts.old, opts.new)} | ({ast.dump(ast.parse(old_tests))}
                                                                                 if opts.compat else set())
    if ast.dump(pair.test_tree) not in allowed:
        return Verdict.of(False, f"{opts.test_file} is not the original with {opts.old}= renamed to {opts.new}="
                          + (" (or as it was)" if opts.compat else ""))
    if path := edited_test(pair.before, pair.after, editable=pair.tests):
        return Verdict.of(False, f"{opts.folder}/{path} was changed; the other tests must stay as they were")
    if msg := _tests_verdict(pair.after, pair.before):
        return Verdict.of(False, msg)
    calls = []  # (the call as the original tests make it, by position where it can be, by new=, by old=)
    for args in _assert_calls(old_tests, opts.function):
        given = f"{opts.function}({args})"
        by_new = _with_keyword(opts.function, args, index, opts.old, opts.new)
        by_old = _with_keyword(opts.function, args, index, opts.old, opts.old)
        if by_new and by_old:
            calls.append((given, by_new if f"{opts.old}=" in args else given, by_new, by_old))
    if not calls:
        return Verdict.of(False, f"the original tests never pass {opts.old} to {opts.function}: nothing to compare")
    probe = _rename_probe(_dotted(pair.module), pair.before.files[pair.module], calls, opts.new, opts.compat)
    if said := probe_says(pair.after.files, probe):
        return Verdict.of(False, f"{opts.function} does not take {opts.new} as asked: {said}")
    return Verdict.of(True, f"{opts.function} takes {opts.new}; {len(calls)} calls agree")
