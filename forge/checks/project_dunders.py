"""A class given the special methods a reviewer asks for, over `ProjectView`: a __repr__ showing the
class name and each constructor argument by name (`Product(name='Desk', price=12.5, quantity=3)`),
equality by every constructor argument (anything else simply not equal), or an ordering by one of
them (all four comparisons, equality by every argument). Probed in a sandbox on every instance the
ORIGINAL tests build and on copies with one argument changed; optionally with a new test that
fails on the original module."""

from __future__ import annotations

import ast
from typing import Literal

from pydantic import Field

from forge.checks._project_class import class_tests_as_asked
from forge.checks._project_pair import module_and_tests
from forge.checks._project_tests import new_tests_pass_on_original, probe_says
from forge.checks.project import ProjectEdit, _tests_verdict
from forge.checks.project_api import _dotted
from forge.checks.project_properties import _samples
from forge.checks.spec import OutputPath, Verdict, register_check
from forge.checks.state import FinalState


def _dunder_probe(dotted: str, opts: DundersAdded, samples: list[str]) -> str:
    return f'''import {dotted} as m

CLASS, KEYS, WHAT, ORDER_BY, SAMPLES = {opts.klass!r}, {opts.keys!r}, {opts.what!r}, {opts.order_by!r}, {samples!r}


def _arguments(sample):
    return list(eval(sample.replace(CLASS + "(", "(lambda *args: args)(", 1)))


def _changed(value):
    return value + "x" if isinstance(value, str) else value + 1


def _variants():
    cls = getattr(m, CLASS)
    for sample in SAMPLES:
        given = _arguments(sample)
        for n in range(len(KEYS)):
            other = list(given)
            other[n] = _changed(other[n])
            yield sample, n, cls(*given), cls(*other)


def test_repr():
    if WHAT != "repr":
        return
    for sample in SAMPLES:
        want = "%s(%s)" % (CLASS, ", ".join("%s=%r" % pair for pair in zip(KEYS, _arguments(sample))))
        have = repr(eval(sample, vars(m)))
        assert have == want, "repr(%s) is %r, expected %r" % (sample, have, want)


def test_equality():
    if WHAT == "repr":
        return
    cls = getattr(m, CLASS)
    for sample in SAMPLES:
        assert eval(sample, vars(m)) == eval(sample, vars(m)), "two %s built alike are not equal" % sample
        assert (eval(sample, vars(m)) == "text") is False, "%s == 'text' is not simply False" % sample
    for sample, n, one, other in _variants():
        assert one != other, "%s equals a copy whose %s differs" % (sample, KEYS[n])


def test_order():
    if WHAT != "order":
        return
    at = KEYS.index(ORDER_BY)
    for sample, n, one, other in _variants():
        if n != at:
            continue
        have = (one < other, one <= other, one > other, one >= other, other > one, other < one)
        assert have == (True, True, False, False, True, False), (
            "%s against a copy with a larger %s: <, <=, >, >= give %r, and the copy's >, < give %r" % (
                sample, ORDER_BY, have[:4], have[4:]))
'''


class DundersAdded(ProjectEdit):
    test_file: OutputPath = Field(description="The module's tests.")
    klass: str = Field(description="The class.")
    keys: list[str] = Field(min_length=1, description="The constructor's parameters, in order.")
    what: Literal["repr", "eq", "order"] = Field(description="A __repr__, equality by every argument, or an ordering "
                                                 "by `order_by` with that equality.")
    order_by: str | None = Field(default=None, description="The argument instances sort by (what = order).")
    test: bool = Field(description="A new test fails on the original module; otherwise the tests stay as given.")


@register_check("project.dunders_added", DundersAdded, source="project", view="project")
def dunders_added(state: FinalState, opts: DundersAdded) -> Verdict:
    """On every instance the ORIGINAL tests build: repr() shows the class and each argument by name
    with its repr; or instances built alike are equal, ones with any argument changed are not, and
    anything else is simply not equal; or, with that equality, <, <=, >, >= follow `order_by`. With
    `test`, a new test FAILS on the original; without it the tests are unchanged; the suite passes."""
    pair = module_and_tests(state, opts.folder, opts.file, opts.test_file)
    if isinstance(pair, str):
        return Verdict.of(False, pair)
    if not any(isinstance(n, ast.ClassDef) and n.name == opts.klass for n in pair.tree.body):
        return Verdict.of(False, f"{opts.file} defines no class {opts.klass}")
    if msg := class_tests_as_asked(pair, opts.test, opts.folder, opts.test_file):
        return Verdict.of(False, msg)
    if msg := _tests_verdict(pair.after, pair.before):
        return Verdict.of(False, msg)
    samples = _samples(pair.before.files[pair.tests], opts.klass)
    if said := probe_says(pair.after.files, _dunder_probe(_dotted(pair.module), opts, samples)):
        return Verdict.of(False, f"{opts.klass} does not behave as asked: {said}")
    if opts.test and new_tests_pass_on_original(pair):
        return Verdict.of(False, "the new tests also pass on the original module")
    return Verdict.of(True, f"{opts.klass} has the asked {opts.what} on {len(samples)} instances")
