"""A resource class made usable in a `with` statement, over `ProjectView`: the class itself (its
`__enter__`/`__exit__`) or a module function written as a context manager. Entering calls the
opening method once, on the object the `as` target gets; leaving calls the closing method, or the
error method (a rollback) when the block raises, and the block's error still reaches the caller.
Probed in a sandbox (`forge.checks.project.run_tests`) with the class's methods recorded; optionally
with a new test that fails on the ORIGINAL module."""

from __future__ import annotations

import ast
from typing import Literal

from pydantic import Field

from forge.checks._project_pair import module_and_tests
from forge.checks._project_tests import new_tests_pass_on_original, probe_says, tests_as_asked
from forge.checks.project import ProjectEdit, _tests_verdict
from forge.checks.project_api import _defs, _dotted
from forge.checks.spec import OutputPath, Verdict, register_check
from forge.checks.state import FinalState

SAMPLES = {"path": '(tmp / "probe.dat",)', "label": '("probe",)', "levels": '({"A-1": 5},)', "nothing": "()"}


def _context_probe(dotted: str, opts: ContextManagerAdded) -> str:
    return f'''import pytest

import {dotted} as m

CLASS, FUNCTION, ARGUMENTS = {opts.klass!r}, {opts.function!r}, {SAMPLES[opts.takes]!r}
OPENER, CLOSER, ON_ERROR = {opts.opener!r}, {opts.closer!r}, {opts.on_error or opts.closer!r}
SHOWN = "%s(...)" % (FUNCTION or CLASS)


class Boom(Exception):
    """The error the probe raises inside the block."""


@pytest.fixture
def calls(monkeypatch):
    seen = []
    cls = getattr(m, CLASS)
    for name in sorted({{OPENER, CLOSER, ON_ERROR}}):
        def spy(self, *args, _name=name, _method=getattr(cls, name), **kwargs):
            seen.append((_name, id(self)))
            return _method(self, *args, **kwargs)
        monkeypatch.setattr(cls, name, spy)
    return seen


def _manager(tmp):
    arguments = eval(ARGUMENTS, {{"tmp": tmp}})
    if FUNCTION:
        return None, getattr(m, FUNCTION)(*arguments)
    made = getattr(m, CLASS)(*arguments)
    return made, made


def _names(calls):
    return [name for name, _ in calls]


def test_block_between_open_and_close(calls, tmp_path):
    made, manager = _manager(tmp_path)
    assert hasattr(type(manager), "__enter__") and hasattr(type(manager), "__exit__"), (
        "%s is no context manager (no __enter__/__exit__)" % SHOWN)
    with manager as got:
        inside = _names(calls)
    assert inside == [OPENER], "entering the with block called %r, expected %s() once" % (inside, OPENER)
    assert isinstance(got, getattr(m, CLASS)), "`with %s as x` gives %r, not the %s" % (SHOWN, got, CLASS)
    assert made is None or got is made, "`with %s as x` gives another %s than the one entered" % (SHOWN, CLASS)
    assert {{who for _, who in calls}} == {{id(got)}}, "the calls went to another %s than `as` gives" % CLASS
    assert _names(calls) == [OPENER, CLOSER], "a block that ends normally called %r, expected %r" % (
        _names(calls), [OPENER, CLOSER])


def test_block_that_raises(calls, tmp_path):
    _, manager = _manager(tmp_path)
    try:
        with manager:
            raise Boom("inside the block")
    except Boom:
        pass
    else:
        raise AssertionError("an error raised inside the with block was swallowed")
    assert _names(calls) == [OPENER, ON_ERROR], "a block that raises called %r, expected %r" % (
        _names(calls), [OPENER, ON_ERROR])
'''


class ContextManagerAdded(ProjectEdit):
    test_file: OutputPath = Field(description="The module's tests.")
    klass: str = Field(description="The resource class.")
    function: str | None = Field(default=None, description="The context-manager function to add; none: the class "
                                 "itself works in a with statement.")
    takes: Literal["path", "label", "levels", "nothing"] = Field(
        description="What the constructor (and the function) takes: a file's path (a fresh one in a temporary "
        "folder), a text label, a mapping of names to counts, or nothing.")
    opener: str = Field(description="The method entering calls.")
    closer: str = Field(description="The method leaving calls.")
    on_error: str | None = Field(default=None, description="The method leaving calls instead when the block raises "
                                 "(a rollback); none: the closer then too.")
    test: bool = Field(description="A new test uses it and fails on the original module; otherwise the tests stay "
                       "as given.")


@register_check("project.context_manager_added", ContextManagerAdded, source="project", view="project")
def context_manager_added(state: FinalState, opts: ContextManagerAdded) -> Verdict:
    """The class (or the asked function) works in a with statement: entering calls the opener once
    on the object `as` gives (the object itself for the class), leaving calls the closer, or the
    error method when the block raises, and the error reaches the caller. With `test`, a new test
    uses it and the new tests alone FAIL on the original; without it the tests are unchanged. The
    suite passes."""
    pair = module_and_tests(state, opts.folder, opts.file, opts.test_file)
    if isinstance(pair, str):
        return Verdict.of(False, pair)
    if not any(isinstance(n, ast.ClassDef) and n.name == opts.klass for n in pair.tree.body):
        return Verdict.of(False, f"{opts.file} defines no class {opts.klass}")
    if opts.function and opts.function not in _defs(pair.tree):
        return Verdict.of(False, f"{opts.file} defines no top-level function {opts.function}")
    if msg := tests_as_asked(pair, opts.test, opts.function or opts.klass, opts.folder, opts.test_file):
        return Verdict.of(False, msg)
    if msg := _tests_verdict(pair.after, pair.before):
        return Verdict.of(False, msg)
    shown = f"{opts.function or opts.klass}()"
    if said := probe_says(pair.after.files, _context_probe(_dotted(pair.module), opts)):
        return Verdict.of(False, f"{shown} does not work in a with statement as asked: {said}")
    if opts.test and new_tests_pass_on_original(pair):
        return Verdict.of(False, "the new tests also pass on the original module: none uses the with statement")
    return Verdict.of(True, f"{shown} works in a with statement: {opts.opener}() on entering, "
                      f"{opts.closer}() on leaving" + (f", {opts.on_error}() on an error" if opts.on_error else ""))
