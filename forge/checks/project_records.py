"""Bare tuple records replaced by a class with named fields, over `ProjectView`: the module defines
the class as asked (a dataclass, a frozen dataclass or a typing.NamedTuple) with exactly the stated
fields in order, reads no record by position any more, and every call the ORIGINAL tests assert,
given instances for the tuples, returns what the original returned (records as instances of the
class) without changing the records it was given, and the suite passes. Probed in a sandbox (`forge.checks.project.run_tests`) beside the ORIGINAL module."""

from __future__ import annotations

import ast
from typing import Literal

from pydantic import Field

from forge.checks._project_pair import ORIGINAL_PRELUDE, module_and_tests
from forge.checks._project_tests import probe_says
from forge.checks.project import ProjectEdit, _tests_verdict
from forge.checks.project_api import _dotted
from forge.checks.spec import OutputPath, Verdict, register_check
from forge.checks.state import FinalState


def _named(node: ast.expr, name: str) -> bool:
    target = node.func if isinstance(node, ast.Call) else node
    return isinstance(target, ast.Name) and target.id == name or isinstance(target, ast.Attribute) and target.attr == name


def _form(node: ast.ClassDef) -> str | None:
    """How the class is declared: 'namedtuple', 'frozen', 'dataclass' or None (a plain class)."""
    if any(_named(base, "NamedTuple") for base in node.bases):
        return "namedtuple"
    for decorator in node.decorator_list:
        if _named(decorator, "dataclass"):
            frozen = [k.value for k in getattr(decorator, "keywords", []) if k.arg == "frozen"]
            return "frozen" if frozen and isinstance(frozen[0], ast.Constant) and frozen[0].value is True else "dataclass"
    return None


def _positional(tree: ast.Module) -> list[int]:
    """Lines that read something by a whole-number position (item[1], entry[-1])."""
    def number(node: ast.expr) -> bool:
        inner = node.operand if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) else node
        return isinstance(inner, ast.Constant) and type(inner.value) is int
    return sorted(n.lineno for n in ast.walk(tree) if isinstance(n, ast.Subscript) and number(n.slice))


def _calls(source: str) -> list[tuple[str, str]]:
    """(function, arguments as a list display) of each `assert f(...) == ...` in the test module."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Assert) and isinstance(node.test, ast.Compare) and isinstance(node.test.left, ast.Call)
                and isinstance(node.test.left.func, ast.Name)):
            call = node.test.left
            found.append((call.func.id, ast.unparse(ast.List(elts=list(call.args), ctx=ast.Load()))))
    return found


def _records_probe(dotted: str, original: str, opts: RecordsAsClass, calls: list[tuple[str, str]]) -> str:
    return f'''import dataclasses

import {dotted} as m

ORIGINAL, CLASS, FIELDS, FORM = {original!r}, {opts.klass!r}, {opts.fields!r}, {opts.form!r}
CALLS = {calls!r}


def _as_records(value, cls):
    if isinstance(value, tuple) and len(value) == len(FIELDS):
        return cls(*value)
    if isinstance(value, list):
        return [_as_records(v, cls) for v in value]
    return value


def test_the_class():
    cls = getattr(m, CLASS)
    sample = cls(*range(len(FIELDS)))
    if FORM == "namedtuple":
        assert isinstance(sample, tuple), "%s is no NamedTuple" % CLASS
        return
    assert dataclasses.is_dataclass(cls), "%s is not a dataclass" % CLASS
    try:
        setattr(sample, FIELDS[0], "changed")
    except dataclasses.FrozenInstanceError:
        assert FORM == "frozen", "%s is frozen; a plain (mutable) dataclass was asked" % CLASS
    else:
        assert FORM != "frozen", "%s records can be changed; a frozen dataclass was asked" % CLASS


def test_calls():
    cls, before = getattr(m, CLASS), _original()
    for function, arguments in CALLS:
        want = _as_records(before[function](*eval(arguments)), cls)
        given = _as_records(eval(arguments), cls)
        have = getattr(m, function)(*given)
        assert have == want, "%s(%s) returns %r, the original %r" % (function, arguments, have, want)
        assert type(have) is type(want), "%s(%s) returns a %s, not a %s" % (
            function, arguments, type(have).__name__, type(want).__name__)
        assert given == _as_records(eval(arguments), cls), "%s(%s) changed the records it was given" % (
            function, arguments)
''' + ORIGINAL_PRELUDE


class RecordsAsClass(ProjectEdit):
    test_file: OutputPath = Field(description="The module's tests.")
    klass: str = Field(description="The record class's name.")
    fields: list[str] = Field(min_length=2, description="Its fields, in the tuples' order.")
    form: Literal["dataclass", "frozen", "namedtuple"] = Field(
        description="A dataclass, a frozen dataclass, or a typing.NamedTuple.")


@register_check("project.records_as_class", RecordsAsClass, source="project", view="project")
def records_as_class(state: FinalState, opts: RecordsAsClass) -> Verdict:
    """The class is declared as asked with exactly the fields in order; nothing in the module reads
    a position; every call the ORIGINAL tests assert returns, given instances, what the original
    returned (tuples as instances, of the same type) and leaves its arguments as they were; the
    class is frozen or not as asked; the suite passes."""
    pair = module_and_tests(state, opts.folder, opts.file, opts.test_file)
    if isinstance(pair, str):
        return Verdict.of(False, pair)
    node = next((n for n in pair.tree.body if isinstance(n, ast.ClassDef) and n.name == opts.klass), None)
    if node is None:
        return Verdict.of(False, f"{opts.file} defines no class {opts.klass}")
    if (form := _form(node)) != opts.form:
        return Verdict.of(False, f"{opts.klass} is {form or 'a plain class'}, not {opts.form}")
    fields = [n.target.id for n in node.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)]
    if fields != opts.fields:
        return Verdict.of(False, f"{opts.klass} has the fields {fields}, expected {opts.fields}")
    if lines := _positional(pair.tree):
        return Verdict.of(False, f"{opts.file} still reads a record by position on line {lines[0]}")
    if msg := _tests_verdict(pair.after, pair.before):
        return Verdict.of(False, msg)
    calls = _calls(pair.before.files[pair.tests])
    if said := probe_says(pair.after.files, _records_probe(_dotted(pair.module), pair.before.files[pair.module],
                                                           opts, calls)):
        return Verdict.of(False, f"{opts.klass} records are not used as asked: {said}")
    return Verdict.of(True, f"{opts.klass} ({opts.form}) replaces the tuples; {len(calls)} calls agree")
