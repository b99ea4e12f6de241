"""A function's signature changed for its callers' sake, over `ProjectView`: parameters made
keyword-only (so a call cannot mix up their order), names, order and defaults otherwise kept.

Behaviour is compared in a sandboxed probe next to the project's files
(`forge.checks.project.run_tests`): every call the ORIGINAL tests assert, written with keywords,
must return what the ORIGINAL module returns for it; the project's own suite must pass.
"""

from __future__ import annotations

import ast

from pydantic import Field

from forge.checks.project import ProjectEdit, _inside, _tests_verdict, project_view
from forge.checks.project_api import _assert_calls, _defs, _dotted, _probe
from forge.checks.project_probes import _parsed
from forge.checks.spec import OutputPath, Verdict, register_check
from forge.checks.state import FinalState


def _parameters(node: ast.FunctionDef) -> list[tuple[str, str, str | None]]:
    """(name, 'positional' | 'keyword', default's source or None) of each parameter, in order."""
    args = node.args
    positional = [*args.posonlyargs, *args.args]
    defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    out = [(a.arg, "positional", ast.unparse(d) if d is not None else None) for a, d in zip(positional, defaults)]
    out += [(a.arg, "keyword", ast.unparse(d) if d is not None else None)
            for a, d in zip(args.kwonlyargs, args.kw_defaults)]
    return out


def _with_keywords(call: str, names: list[str]) -> str:
    """`f(1, 2, c=3)` as `f(a=1, b=2, c=3)`, positional arguments named by `names` in order."""
    node = ast.parse(call, mode="eval").body
    assert isinstance(node, ast.Call)
    named = [f"{name}={ast.unparse(arg)}" for name, arg in zip(names, node.args)]
    return f"{ast.unparse(node.func)}({', '.join(named + [ast.unparse(k) for k in node.keywords])})"


def _same_results_probe(dotted: str, original: str, calls: list[str]) -> str:
    return f'''import {dotted} as m

ORIGINAL, CALLS = {original!r}, {calls!r}


def test_same_results():
    before = {{"__name__": "_forge_original"}}
    exec(compile(ORIGINAL, "original", "exec"), before)
    for old, new in CALLS:
        want, have = eval(old, before), eval(new, vars(m))
        assert have == want, "%s returns %r, the original %s returned %r" % (new, have, old, want)
'''


class KeywordOnly(ProjectEdit):
    test_file: OutputPath = Field(description="The module's tests, calling the function by keyword.")
    function: str
    keyword: list[str] = Field(min_length=1, description="The parameters that must become keyword-only; the "
                               "others stay as they were.")


@register_check("project.keyword_only", KeywordOnly, source="project", view="project")
def keyword_only(state: FinalState, opts: KeywordOnly) -> Verdict:
    """The function keeps its parameters' names, order and defaults; exactly the named ones are
    keyword-only; the test file still calls it; every call the original tests assert, written with keywords, returns what the
    original module returned; the suite (its calls updated as needed) passes, as large as before."""
    module = _inside(opts.folder, opts.file)
    before, after = project_view(state, opts.folder, original=True), project_view(state, opts.folder)
    tree = _parsed(after.files, module, opts.file)
    if isinstance(tree, str):
        return Verdict.of(False, tree)
    node, old = _defs(tree).get(opts.function), _defs(ast.parse(before.files[module]))[opts.function]
    if node is None:
        return Verdict.of(False, f"{opts.file} defines no top-level function {opts.function}")
    was, now = _parameters(old), _parameters(node)
    if [(n, d) for n, _, d in now] != [(n, d) for n, _, d in was]:
        shown = ", ".join(n + (f"={d}" if d else "") for n, _, d in now)
        return Verdict.of(False, f"{opts.function}({shown}) changed its parameters' names, order or defaults")
    for name, kind, _ in now:
        if (kind == "keyword") != (name in opts.keyword):
            should = "keyword-only" if name in opts.keyword else "a positional-or-keyword parameter, as it was"
            return Verdict.of(False, f"{opts.function}'s parameter {name} is not {should}")
    test_tree = _parsed(after.files, _inside(opts.folder, opts.test_file), opts.test_file)
    if isinstance(test_tree, str):
        return Verdict.of(False, test_tree)
    uses = [c for c in ast.walk(test_tree) if isinstance(c, ast.Call) and isinstance(c.func, ast.Name)
            and c.func.id == opts.function]
    if not uses:
        return Verdict.of(False, f"{opts.test_file} no longer calls {opts.function}")
    if msg := _tests_verdict(after, before):
        return Verdict.of(False, msg)
    names = [n for n, _, _ in was]
    calls = [(f"{opts.function}({args})", _with_keywords(f"{opts.function}({args})", names))
             for test in sorted(before.files) if test.rsplit("/", 1)[-1].startswith("test_")
             for args in _assert_calls(before.files[test], opts.function)]
    if calls and (tail := _probe(after.files, _same_results_probe(_dotted(module), before.files[module], calls))):
        return Verdict.of(False, f"{opts.function} no longer returns what it did: {tail}")
    return Verdict.of(True, f"{', '.join(opts.keyword)} of {opts.function} keyword-only; {len(calls)} calls agree")
