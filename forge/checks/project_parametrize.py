"""A function's copy-pasted tests folded into one `@pytest.mark.parametrize` test, over
`ProjectView`: one row per former test (its arguments, then the expected result), optionally one
more row for a case the request names, the old tests gone, and every row still asserting.

The rows are read by importing the test module in a sandboxed probe next to the project's files
(`forge.checks.project.run_tests`) and compared with the ORIGINAL tests' calls and results (an added
case's result comes from the ORIGINAL module).
"""

from __future__ import annotations

import ast

from pydantic import Field

from forge.checks._project_pair import ORIGINAL_PRELUDE, module_and_tests
from forge.checks.project import ProjectEdit, _tests_verdict, run_tests
from forge.checks.project_api import _assert_calls, _dotted, _probe, _stub_kept_doc
from forge.checks.project_probes import _calls
from forge.checks.spec import OutputPath, Verdict, register_check
from forge.checks.state import FinalState


def _testing(tree: ast.Module, function: str) -> list[ast.FunctionDef]:
    return [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test") and _calls(n, function)]


def _rows_probe(dotted_tests: str, test: str, original: str, function: str, cases: list[tuple[str, str | None]]) -> str:
    return f'''import importlib

ORIGINAL, CASES = {original!r}, {cases!r}


def _row(value):
    return tuple(value.values) if hasattr(value, "values") else tuple(value) if isinstance(value, (tuple, list)) \\
        else (value,)


def test_rows():
    before = _original()
    want = [eval("(" + args + ",)", before) + (eval(result or "{function}(" + args + ")", before),)
            for args, result in CASES]
    marks = [m for m in getattr(getattr(importlib.import_module({dotted_tests!r}), {test!r}), "pytestmark", [])
             if m.name == "parametrize"]
    assert marks, "{test} is not parametrized"
    have = [_row(v) for m in marks for v in m.args[1]]
    for row in want:
        call = "{function}(%s)" % ", ".join(map(repr, row[:-1]))
        assert row in have, "no row %r for %s (its arguments, then the expected result)" % (row, call)
        have.remove(row)
    assert not have, "rows that are not among the cases asked: %r" % have
''' + ORIGINAL_PRELUDE


class TestsParametrized(ProjectEdit):
    test_file: OutputPath = Field(description="The test module whose tests of the function are folded.")
    function: str
    extra: str | None = Field(default=None, description="A call the request adds as one more row; None: no row "
                              "but the former tests'.")


@register_check("project.tests_parametrized", TestsParametrized, source="project", view="project")
def tests_parametrized(state: FinalState, opts: TestsParametrized) -> Verdict:
    """Exactly one test of the test file calls the function, none of the former ones is left, and it
    is parametrized with one row per former test (arguments, then expected result) plus the asked
    case's row with the ORIGINAL module's result, and no other row; with the function stubbed to
    return None every row fails; the suite passes, at least as large as before."""
    pair = module_and_tests(state, opts.folder, opts.file, opts.test_file)
    if isinstance(pair, str):
        return Verdict.of(False, pair)
    before, after, module, tests = pair.before, pair.after, pair.module, pair.tests
    old = _testing(ast.parse(before.files.get(tests, "")), opts.function)
    new = _testing(pair.test_tree, opts.function)
    if left := {n.name for n in old} & {n.name for n in new}:
        return Verdict.of(False, f"{opts.test_file} still has {sorted(left)[0]}")
    if len(new) != 1:
        return Verdict.of(False, f"{opts.test_file} has {len(new)} tests calling {opts.function}; one is asked")
    cases: list[tuple[str, str | None]] = []
    for args in _assert_calls(before.files.get(tests, ""), opts.function):
        node = ast.parse(f"{opts.function}({args})", mode="eval").body
        result = next(ast.unparse(t.test.comparators[0]) for n in old for t in ast.walk(n) if isinstance(t, ast.Assert)
                      and isinstance(t.test, ast.Compare) and ast.unparse(t.test.left) == ast.unparse(node))
        cases.append((args, result))
    if opts.extra:
        cases.append((opts.extra.split("(", 1)[1].removesuffix(")"), None))
    if msg := _tests_verdict(after, before):
        return Verdict.of(False, msg)
    dotted_tests = _dotted(tests)
    probe = _rows_probe(dotted_tests, new[0].name, before.files[module], opts.function, cases)
    if tail := _probe(after.files, probe):
        return Verdict.of(False, f"{new[0].name}'s rows are not the cases asked: {tail}")
    stubbed = run_tests({**after.files, module: _stub_kept_doc(after.files[module], opts.function)}, tests)
    if stubbed.failed < len(cases):
        return Verdict.of(False, f"with {opts.function} returning None only {stubbed.failed} of {len(cases)} rows "
                          "fail: a row does not assert the result")
    return Verdict.of(True, f"{new[0].name} runs {len(cases)} rows of {opts.function}")
