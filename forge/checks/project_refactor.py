"""Refactoring checks over `ProjectView`: a piece of a function extracted into a helper of its own,
or a function memoised with functools, behaviour unchanged. Structure is read from the AST (the helper's signature, the call, the code
gone from the function); behaviour is probed in a sandbox (`forge.checks.project.run_tests`):
the suite passes, the helper returns what the examples say, and the suite FAILS once the helper is
broken, which proves the function really delegates to it.
"""

from __future__ import annotations

import ast

from pydantic import Field, JsonValue

from forge.checks.project import ProjectEdit, _call_examples, _inside, _tests_verdict, project_view, run_tests
from forge.checks.project_edits import _stubbed
from forge.checks.project_probes import _calls, _new_tests, _only_new, _parsed, _tail
from forge.checks.spec import OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import ProjectView


class FunctionExtracted(ProjectEdit):
    test_file: OutputPath
    function: str = Field(description="The function the code is taken out of.")
    before: str = Field(description="The code to extract, as the instruction quotes it.")
    helper: str
    args: list[str] = Field(min_length=1, description="The helper's parameters, in order.")
    calls: list[str] = Field(min_length=1, description="Example calls of the helper the instruction gives.")
    results: list[JsonValue] = Field(min_length=1, description="What each example call returns.")
    with_test: bool = Field(description="A new test of the helper is asked for; otherwise the tests stay as given.")


def edited_test(before: ProjectView, after: ProjectView, *, editable: str = "",
                also: tuple[str, ...] = ()) -> str | None:
    """The first test module (or `also` file) that the task leaves alone but was changed, or None."""
    for path, text in before.files.items():
        guarded = path.rsplit("/", 1)[-1].startswith("test_") or path in also
        if guarded and path != editable and after.files.get(path) != text:
            return path
    return None


def _pieces(code: str) -> list[str]:
    """ast dumps of the quoted code's statements (an expression: its value), to find it in a function."""
    tree = ast.parse("\n".join(line.strip() if n == 0 else line[4:] if line.startswith("    ") else line
                               for n, line in enumerate(code.split("\n"))))
    return [ast.dump(s.value if isinstance(s, ast.Expr) else s) for s in tree.body]


def _still_inline(node: ast.FunctionDef, code: str) -> bool:
    dumps = {ast.dump(n) for n in ast.walk(node)}
    return any(piece in dumps for piece in _pieces(code))


def _broken(source: str, helper: str) -> str:
    tree = ast.parse(source)
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == helper:
            node.body = [ast.parse("raise RuntimeError('the helper was called')").body[0]]
    return ast.unparse(tree)


@register_check("project.function_extracted", FunctionExtracted, source="project", view="project")
def function_extracted(state: FinalState, opts: FunctionExtracted) -> Verdict:
    """The module defines the helper at top level with the stated parameters; the function calls it
    and no longer holds the quoted code itself; the suite passes (tests unchanged unless a test of
    the helper was asked for, which must then catch a helper returning None); the helper returns
    what the examples say; and with the helper broken the suite fails (the function delegates)."""
    module, tests = _inside(opts.folder, opts.file), _inside(opts.folder, opts.test_file)
    before, after = project_view(state, opts.folder, original=True), project_view(state, opts.folder)
    tree = _parsed(after.files, module, opts.file)
    if isinstance(tree, str):
        return Verdict.of(False, tree)
    defs = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    helper, function = defs.get(opts.helper), defs.get(opts.function)
    if helper is None:
        return Verdict.of(False, f"{opts.file} defines no top-level function {opts.helper}")
    if [a.arg for a in helper.args.posonlyargs + helper.args.args] != opts.args:
        return Verdict.of(False, f"{opts.helper} takes {[a.arg for a in helper.args.args]}, expected {opts.args}")
    if function is None or not _calls(function, opts.helper):
        return Verdict.of(False, f"{opts.function} does not call {opts.helper}")
    if _still_inline(function, opts.before):
        return Verdict.of(False, f"{opts.function} still computes `{opts.before.splitlines()[0]}` itself")
    test_tree = _parsed(after.files, tests, opts.test_file)
    if isinstance(test_tree, str):
        return Verdict.of(False, test_tree)
    fresh = [n for n in _new_tests(before.files.get(tests, ""), test_tree) if _calls(n, opts.helper)]
    if opts.with_test and not fresh:
        return Verdict.of(False, f"{opts.test_file} has no new test that calls {opts.helper}()")
    if path := edited_test(before, after, editable=tests if opts.with_test else ""):
        return Verdict.of(False, f"{opts.folder}/{path} was changed; the tests must stay as they were")
    if msg := _tests_verdict(after, before):
        return Verdict.of(False, msg)
    got = _call_examples(after.files, module, opts.helper, opts.calls)
    for call, want, have in zip(opts.calls, opts.results, got, strict=False):
        if have != want:
            return Verdict.of(False, f"{call} returns {have!r}, expected {want!r}")
    if len(got) != len(opts.calls):
        return Verdict.of(False, f"the examples could not all run: {got[-1] if got else 'no output'}")
    probe = run_tests({**before.files, module: _broken(after.files[module], opts.helper)})
    if probe.exit_code == 0 and not probe.failed and not probe.errors:
        return Verdict.of(False, f"the original tests still pass with {opts.helper} broken: {opts.function} does "
                          "not use it")
    if opts.with_test:
        stubbed = run_tests({**after.files, module: _stubbed(after.files[module], opts.helper),
                             tests: _only_new(before.files.get(tests, ""), test_tree)})
        if stubbed.exit_code == 0 and not stubbed.failed and not stubbed.errors:
            return Verdict.of(False, f"the new test still passes when {opts.helper} returns None: it asserts "
                              f"nothing about its result ({_tail(stubbed.output)})")
    return Verdict.of(True, f"{opts.helper} extracted from {opts.function}; the tests pass and need it")


# --- project.function_cached -------------------------------------------------------------------------


class FunctionCached(ProjectEdit):
    function: str
    call: str = Field(description="A call the instruction says is repeated, e.g. 'parcel_rate(2.3)'.")
    maxsize: int | None = Field(default=None, gt=0, description="The cache's size bound; None: unbounded.")


@register_check("project.function_cached", FunctionCached, source="project", view="project")
def function_cached(state: FinalState, opts: FunctionCached) -> Verdict:
    """The function is memoised by functools (it has cache_info and cache_parameters) with the asked
    size bound (none, or maxsize); calling it twice the same way computes once (one miss, one hit);
    the tests are unchanged and the whole suite passes (all run in a sandbox)."""
    module = _inside(opts.folder, opts.file)
    before, after = project_view(state, opts.folder, original=True), project_view(state, opts.folder)
    tree = _parsed(after.files, module, opts.file)
    if isinstance(tree, str):
        return Verdict.of(False, tree)
    if not any(isinstance(n, ast.FunctionDef) and n.name == opts.function for n in tree.body):
        return Verdict.of(False, f"{opts.file} defines no top-level function {opts.function}")
    if path := edited_test(before, after):
        return Verdict.of(False, f"{opts.folder}/{path} was changed; the tests must stay as they were")
    if msg := _tests_verdict(after, before):
        return Verdict.of(False, msg)
    dotted = module.removesuffix(".py").replace("/", ".")
    probe = (f"from {dotted} import {opts.function}\n\n\ndef test_cached():\n"
             f"    assert hasattr({opts.function}, 'cache_info'), 'not memoised by functools'\n"
             f"    {opts.function}.cache_clear()\n    {opts.call}\n    {opts.call}\n"
             f"    info = {opts.function}.cache_info()\n"
             "    assert (info.misses, info.hits) == (1, 1), f'two equal calls: {info}'\n"
             f"    size = {opts.function}.cache_parameters()['maxsize']\n"
             f"    assert size == {opts.maxsize!r}, f'maxsize is {{size}}'\n")
    name = "_forge_cache_test.py"
    run = run_tests({**after.files, name: probe}, name)
    if run.exit_code != 0 or run.failed or run.errors or run.passed != 1:
        bound = f"lru_cache(maxsize={opts.maxsize})" if opts.maxsize else "an unbounded cache"
        return Verdict.of(False, f"{opts.function} is not memoised with {bound}: {_tail(run.output)}")
    return Verdict.of(True, f"{opts.function} is cached ({opts.maxsize or 'unbounded'}); tests pass")
