"""A function's numeric arguments made type-safe, over `ProjectView`: numbers that arrive as text
(read from a CSV or a form) converted, or anything but a real number (text, a bool) refused with a
TypeError that names the argument, plus a test that fails on the original module.

The calls come from the ORIGINAL tests' asserts, each named argument given as `str(value)` (and as
True): results are compared with the ORIGINAL module's in a sandboxed probe next to the project's
files (`forge.checks.project.run_tests`); the project's own suite must pass.
"""

from __future__ import annotations

import ast

from pydantic import Field

from forge.checks._project_pair import ORIGINAL_PRELUDE, module_and_tests
from forge.checks.project import ProjectEdit, _tests_verdict, run_tests
from forge.checks.project_api import _assert_calls, _defs, _dotted, _probe
from forge.checks.project_probes import _calls, _new_tests, _only_new
from forge.checks.spec import OutputPath, Verdict, register_check
from forge.checks.state import FinalState


def _variants(call: str, position: int, name: str) -> tuple[str, str, str] | None:
    """The call with the argument at `position` (or keyword `name`) as str(...), as True and as 'many'."""
    node = ast.parse(call, mode="eval").body
    assert isinstance(node, ast.Call)
    slots = [(node.args, i) for i in range(len(node.args)) if i == position]
    slots += [(node.keywords, i) for i, k in enumerate(node.keywords) if k.arg == name]
    if not slots:
        return None
    out = []
    for make in (lambda v: ast.Call(ast.Name("str"), [v], []), lambda v: ast.Constant(True),
                 lambda v: ast.Constant("many")):
        copy = ast.parse(call, mode="eval").body
        holder, i = slots[0]
        target = copy.args if holder is node.args else copy.keywords
        if holder is node.args:
            target[i] = make(target[i])
        else:
            target[i].value = make(target[i].value)
        out.append(ast.unparse(copy))
    return out[0], out[1], out[2]


def _types_probe(dotted: str, original: str, cases: list[tuple[str, str, str, str, str]], convert: bool) -> str:
    return f'''import {dotted} as m

ORIGINAL, CASES = {original!r}, {cases!r}


def test_types():
    before = _original()
    for old, text, flag, word, name in CASES:
        want = eval(old, before)
        if {convert!r}:
            try:
                have = eval(text, vars(m))
            except Exception as exc:
                raise AssertionError("%s raises %r" % (text, exc)) from None
            assert have == want, "%s returns %r, %s returned %r" % (text, have, old, want)
            bad = _raised(word, vars(m))
            assert isinstance(bad, ValueError), "%s raises %s, not ValueError" % (word, repr(bad) if bad else "nothing")
        else:
            for call in (text, flag):
                bad = _raised(call, vars(m))
                assert isinstance(bad, TypeError), "%s raises %s, not TypeError" % (call, repr(bad) if bad else "nothing")
                assert name in str(bad), "%s: the TypeError %r does not name %s" % (call, str(bad), name)
''' + ORIGINAL_PRELUDE


class ArgumentTypes(ProjectEdit):
    test_file: OutputPath = Field(description="The module's tests, with a new test of the change.")
    function: str
    arguments: list[str] = Field(min_length=1, description="The numeric parameters the request names.")
    convert: bool = Field(description="True: numeric text works as its number, other text raises ValueError; "
                          "False: text and booleans raise TypeError naming the argument.")


@register_check("project.argument_types", ArgumentTypes, source="project", view="project")
def argument_types(state: FinalState, opts: ArgumentTypes) -> Verdict:
    """For every call the original tests assert and each named argument: with `convert`, the argument
    given as text returns what the original returned for the number, and 'many' raises ValueError;
    without, the text and True each raise TypeError whose message names the argument. A new test
    calls the function and the new tests alone FAIL on the original module; the suite passes."""
    pair = module_and_tests(state, opts.folder, opts.file, opts.test_file)
    if isinstance(pair, str):
        return Verdict.of(False, pair)
    before, after, module, tests, tree, test_tree = (pair.before, pair.after, pair.module, pair.tests, pair.tree,
                                                     pair.test_tree)
    if opts.function not in _defs(tree):
        return Verdict.of(False, f"{opts.file} defines no top-level function {opts.function}")
    if not any(_calls(n, opts.function) for n in _new_tests(before.files.get(tests, ""), test_tree)):
        return Verdict.of(False, f"{opts.test_file} has no new test that calls {opts.function}()")
    if msg := _tests_verdict(after, before):
        return Verdict.of(False, msg)
    names = [a.arg for a in _defs(ast.parse(before.files[module]))[opts.function].args.args]
    cases = [(old, *variants, name) for args in _assert_calls(before.files.get(tests, ""), opts.function)
             for name in opts.arguments if name in names
             if (variants := _variants(old := f"{opts.function}({args})", names.index(name), name))]
    if not cases:
        return Verdict.of(False, f"the original {opts.test_file} passes none of {', '.join(opts.arguments)}")
    if tail := _probe(after.files, _types_probe(_dotted(module), before.files[module], cases, opts.convert)):
        return Verdict.of(False, f"{opts.function} does not handle its arguments' types as asked: {tail}")
    old = run_tests({**after.files, module: before.files[module],
                     tests: _only_new(before.files.get(tests, ""), test_tree)})
    if old.exit_code == 0 and not old.failed and not old.errors:
        return Verdict.of(False, "the new tests also pass on the original module: they do not test the change")
    return Verdict.of(True, f"{opts.function} {'converts' if opts.convert else 'refuses'} text for "
                      f"{', '.join(opts.arguments)} ({len(cases)} calls); the new test fails on the old code")
