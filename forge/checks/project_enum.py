"""A module's bare status strings replaced by an Enum, over `ProjectView`: the class holds exactly
the stated members (NAME = 'value', the name the value in upper case), a str mix-in where plain
strings must keep working, no status string left in the code outside the class, and the ORIGINAL
tests' calls, given members (and, with the str mix-in, the strings too), behave as the original
did, statuses coming back as members. Probed in a sandbox (`forge.checks.project.run_tests`)."""

from __future__ import annotations

import ast

from pydantic import Field

from forge.checks._project_pair import ORIGINAL_PRELUDE, module_and_tests
from forge.checks._project_tests import probe_says
from forge.checks.project import ProjectEdit, _tests_verdict
from forge.checks.project_refactor import edited_test
from forge.checks.spec import OutputPath, Verdict, register_check
from forge.checks.state import FinalState


def _calls(source: str) -> list[str]:
    """The calls the test module asserts on (`assert call == ...`)."""
    return [ast.unparse(n.test.left) for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Assert)
            and isinstance(n.test, ast.Compare) and isinstance(n.test.left, ast.Call)]


def _with_members(call: str, enum: str, values: list[str]) -> str:
    tree = ast.parse(call, mode="eval")

    class Members(ast.NodeTransformer):
        def visit_Constant(self, node: ast.Constant) -> ast.AST:
            if isinstance(node.value, str) and node.value in values:
                return ast.Attribute(value=ast.Name(id=enum, ctx=ast.Load()), attr=node.value.upper(), ctx=ast.Load())
            return node

    return ast.unparse(Members().visit(tree))


def _docstrings(tree: ast.Module) -> set[int]:
    nodes = [tree, *(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.ClassDef))]
    return {id(n.body[0].value) for n in nodes if n.body and isinstance(n.body[0], ast.Expr)
            and isinstance(n.body[0].value, ast.Constant)}


def _loose_strings(tree: ast.Module, enum: str, values: list[str]) -> list[ast.Constant]:
    inside = {id(c) for n in tree.body if isinstance(n, ast.ClassDef) and n.name == enum for c in ast.walk(n)}
    skip = inside | _docstrings(tree)
    return [n for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and n.value in values and id(n) not in skip]


def _enum_probe(dotted: str, original: str, opts: EnumIntroduced, calls: list[tuple[str, str]]) -> str:
    return f'''import enum

import {dotted} as m

ORIGINAL, ENUM, VALUES, STR = {original!r}, {opts.enum!r}, {opts.values!r}, {opts.str_compatible!r}
CALLS = {calls!r}


def _outcome(call, namespace):
    error = _raised(call, namespace)
    return ("raises", type(error)) if error is not None else ("returns", eval(call, namespace))


def test_the_enum():
    cls = getattr(m, ENUM, None)
    assert isinstance(cls, type) and issubclass(cls, enum.Enum), "%s is not an Enum class of the module" % ENUM
    have, want = {{e.name: e.value for e in cls}}, {{v.upper(): v for v in VALUES}}
    assert have == want, "%s holds %r, expected %r" % (ENUM, have, want)
    assert issubclass(cls, str) == STR, "%s %s str" % (ENUM, "does not mix in" if STR else "mixes in")


def test_calls():
    cls = getattr(m, ENUM)
    namespace = {{**vars(m), ENUM: cls}}
    before = _original()
    for given, members in CALLS:
        kind, want = _outcome(given, before)
        for call in ([given] if STR else []) + [members]:
            have_kind, have = _outcome(call, namespace)
            assert (have_kind, have) == (kind, want) or kind == "returns" and want in VALUES and have is cls(want), (
                "%s %s %r, the original %s %r" % (call, have_kind, have, kind, want))
            if kind == "returns" and want in VALUES and call == members:
                assert isinstance(have, cls), "%s returns %r, not the member %s.%s" % (call, have, ENUM, want.upper())
''' + ORIGINAL_PRELUDE


class EnumIntroduced(ProjectEdit):
    test_file: OutputPath = Field(description="The module's tests.")
    enum: str = Field(description="The Enum class's name.")
    values: list[str] = Field(min_length=2, description="The status strings; each member is named the value in "
                              "upper case.")
    str_compatible: bool = Field(description="The Enum mixes in str, so plain strings keep working and the tests "
                                 "stay as given; otherwise the tests switch to the members.")


@register_check("project.enum_introduced", EnumIntroduced, source="project", view="project")
def enum_introduced(state: FinalState, opts: EnumIntroduced) -> Verdict:
    """No status string is left in the module outside the Enum class (docstrings aside); the class
    holds exactly the members asked, with or without the str mix-in as asked; every call the
    ORIGINAL tests assert behaves as the original did with members as arguments, statuses returned
    as members (with the mix-in, with the strings too, returning equal values). With the mix-in the tests are unchanged;
    the suite passes."""
    pair = module_and_tests(state, opts.folder, opts.file, opts.test_file)
    if isinstance(pair, str):
        return Verdict.of(False, pair)
    if loose := _loose_strings(pair.tree, opts.enum, opts.values):
        return Verdict.of(False, f"{opts.file} still uses the string {loose[0].value!r}, on line {loose[0].lineno}")
    if opts.str_compatible and (path := edited_test(pair.before, pair.after)):
        return Verdict.of(False, f"{opts.folder}/{path} was changed; with a str enum the tests stay as they were")
    if msg := _tests_verdict(pair.after, pair.before):
        return Verdict.of(False, msg)
    calls = [(c, _with_members(c, opts.enum, opts.values)) for c in _calls(pair.before.files.get(pair.tests, ""))]
    probe = _enum_probe(pair.module.removesuffix(".py").replace("/", "."), pair.before.files[pair.module], opts, calls)
    if said := probe_says(pair.after.files, probe):
        return Verdict.of(False, f"{opts.enum} is not used as asked: {said}")
    return Verdict.of(True, f"{opts.enum} replaces the status strings; {len(calls)} calls agree")
