"""A getter (and its setter) turned into a property, over `ProjectView`: the class has the attribute
as a property, with a setter exactly when one is asked (rejecting a negative value with a
ValueError, the value kept, when asked); read on every instance the ORIGINAL tests build, it gives
what the original getter gives, and a value set through it reads back as the original setter's
would. The old methods are gone from the module and the tests (which then use the property), or
still work beside it with the tests as given. Probed in a sandbox beside the ORIGINAL module."""

from __future__ import annotations

import ast

from pydantic import Field, model_validator

from forge.checks._project_pair import ORIGINAL_PRELUDE, module_and_tests
from forge.checks._project_tests import probe_says
from forge.checks.project import ProjectEdit, _tests_verdict
from forge.checks.project_api import _dotted
from forge.checks.project_refactor import edited_test
from forge.checks.spec import OutputPath, Verdict, register_check
from forge.checks.state import FinalState


def _samples(tests: str, klass: str) -> list[str]:
    """The constructor calls the tests make, once each, in order."""
    calls = [ast.unparse(n) for n in ast.walk(ast.parse(tests))
             if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == klass]
    return list(dict.fromkeys(calls))


def _uses(tree: ast.Module, names: set[str]) -> list[tuple[str, int]]:
    """(name, line) of each definition or attribute use of one of `names`, in line order."""
    found = [(n.name, n.lineno) for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name in names]
    found += [(n.attr, n.lineno) for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr in names]
    return sorted(found, key=lambda each: (each[1], each[0]))


def _property_probe(dotted: str, original: str, opts: PropertyMade, samples: list[str]) -> str:
    return f'''import inspect

import pytest

import {dotted} as m

ORIGINAL, CLASS, ATTR, GETTER = {original!r}, {opts.klass!r}, {opts.attribute!r}, {opts.getter!r}
SETTER, REJECT, COMPAT, SAMPLES = {opts.setter!r}, {opts.reject_negative!r}, {opts.compat!r}, {samples!r}


def test_a_property():
    found = inspect.getattr_static(getattr(m, CLASS), ATTR, None)
    assert isinstance(found, property), "%s.%s is no property" % (CLASS, ATTR)
    assert (found.fset is not None) == bool(SETTER), "%s.%s %s" % (
        CLASS, ATTR, "has no setter" if SETTER else "can be set; it must stay read-only")


def test_read():
    before = _original()
    for sample in SAMPLES:
        old, new = eval(sample, before), eval(sample, vars(m))
        want = getattr(old, GETTER)()
        assert getattr(new, ATTR) == want, "%s.%s is %r, the original %s() gives %r" % (
            sample, ATTR, getattr(new, ATTR), GETTER, want)
        if COMPAT:
            assert getattr(new, GETTER)() == want, "%s.%s() no longer gives %r" % (sample, GETTER, want)


@pytest.mark.skipif(not SETTER, reason="read-only")
def test_set():
    before = _original()
    for sample in SAMPLES:
        old, new = eval(sample, before), eval(sample, vars(m))
        value = getattr(old, GETTER)() + 7
        getattr(old, SETTER)(value)
        setattr(new, ATTR, value)
        assert getattr(new, ATTR) == getattr(old, GETTER)(), "after %s.%s = %r it reads %r" % (
            sample, ATTR, value, getattr(new, ATTR))
        if COMPAT:
            getattr(new, SETTER)(value + 1)
            assert getattr(new, ATTR) == value + 1, "%s.%s(%r) no longer sets %s" % (sample, SETTER, value + 1, ATTR)
        if REJECT:
            kept = getattr(new, ATTR)
            for how, bad in [("%s.%s = -1" % (sample, ATTR), lambda: setattr(new, ATTR, -1))] + (
                    [("%s.%s(-1)" % (sample, SETTER), lambda: getattr(new, SETTER)(-1))] if COMPAT else []):
                try:
                    bad()
                except ValueError:
                    pass
                else:
                    raise AssertionError("%s raised no ValueError" % how)
                assert getattr(new, ATTR) == kept, "%s changed %s to %r" % (how, ATTR, getattr(new, ATTR))
''' + ORIGINAL_PRELUDE


class PropertyMade(ProjectEdit):
    test_file: OutputPath = Field(description="The module's tests.")
    klass: str = Field(description="The class.")
    attribute: str = Field(description="The property's name.")
    getter: str = Field(description="The getter method it replaces.")
    setter: str | None = Field(default=None, description="The setter method it replaces too (the property then "
                               "has a setter); none: read-only.")
    reject_negative: bool = Field(description="Setting a negative value raises ValueError and keeps the value.")
    compat: bool = Field(description="The old methods still work, the tests as given; otherwise they are gone "
                         "and the tests use the property.")

    @model_validator(mode="after")
    def _setter_to_check(self) -> PropertyMade:
        if self.reject_negative and not self.setter:
            raise ValueError("reject_negative needs a setter: a read-only property has no value to reject")
        return self


@register_check("project.property_made", PropertyMade, source="project", view="project")
def property_made(state: FinalState, opts: PropertyMade) -> Verdict:
    """The attribute is a property (with a setter exactly when one is asked, rejecting negatives when
    asked) reading and setting as the original methods did on every instance the tests build; the
    old methods are gone from module and tests, or (compat) still work with the tests unchanged;
    the suite passes."""
    pair = module_and_tests(state, opts.folder, opts.file, opts.test_file)
    if isinstance(pair, str):
        return Verdict.of(False, pair)
    old = {opts.getter, *([opts.setter] if opts.setter else [])}
    if opts.compat:
        if path := edited_test(pair.before, pair.after):
            return Verdict.of(False, f"{opts.folder}/{path} was changed; with the old methods kept the tests stay "
                              "as they were")
    else:
        for tree, shown in ((pair.tree, opts.file), (pair.test_tree, opts.test_file)):
            if left := _uses(tree, old):
                return Verdict.of(False, f"{shown} still uses {left[0][0]} on line {left[0][1]}")
    if msg := _tests_verdict(pair.after, pair.before):
        return Verdict.of(False, msg)
    samples = _samples(pair.before.files[pair.tests], opts.klass)
    if said := probe_says(pair.after.files, _property_probe(_dotted(pair.module), pair.before.files[pair.module],
                                                           opts, samples)):
        return Verdict.of(False, f"{opts.klass}.{opts.attribute} is not the property asked: {said}")
    return Verdict.of(True, f"{opts.klass}.{opts.attribute} is a property; {len(samples)} instances agree")
