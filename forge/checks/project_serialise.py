"""A class made to save and load itself, over `ProjectView`: to_dict()/from_dict(), to_json()/
from_json() or save(path)/load(path), the data a JSON object whose keys are the constructor's
parameters holding the values it was built with, and the class method building an instance the same
as the original (its attributes equal) from that data. Probed in a sandbox on every instance the
ORIGINAL tests build; optionally with a new round-trip test that fails on the original module."""

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

METHODS = {"dict": ("to_dict", "from_dict"), "json": ("to_json", "from_json"), "file": ("save", "load")}


def _serialise_probe(dotted: str, opts: SerialisationAdded, samples: list[str]) -> str:
    return f'''import json

import {dotted} as m

CLASS, KEYS, FORMAT, SAMPLES = {opts.klass!r}, {opts.keys!r}, {opts.format!r}, {samples!r}
WRITE, READ = {METHODS[opts.format]!r}


def _given(sample):
    return dict(zip(KEYS, eval(sample.replace(CLASS + "(", "(lambda *args: args)(", 1))))


def _save(made, tmp_path):
    if FORMAT == "dict":
        return made.to_dict(), made.to_dict()
    if FORMAT == "json":
        text = made.to_json()
        assert isinstance(text, str), "to_json() returns a %s, not the JSON text" % type(text).__name__
        return json.loads(text), text
    path = tmp_path / "saved.json"
    made.save(str(path))
    assert path.exists(), "save(path) wrote no file"
    return json.loads(path.read_text(encoding="utf-8")), str(path)


def test_round_trip(tmp_path):
    cls = getattr(m, CLASS)
    for sample in SAMPLES:
        made = eval(sample, vars(m))
        data, saved = _save(made, tmp_path)
        assert data == _given(sample), "%s saves %r, expected %r" % (sample, data, _given(sample))
        back = getattr(cls, READ)(saved)
        assert isinstance(back, cls), "%s.%s(...) returns %r, not a %s" % (CLASS, READ, back, CLASS)
        assert vars(back) == vars(made), "%s.%s(...) builds %r, not %r" % (CLASS, READ, vars(back), vars(made))
'''


class SerialisationAdded(ProjectEdit):
    test_file: OutputPath = Field(description="The module's tests.")
    klass: str = Field(description="The class.")
    keys: list[str] = Field(min_length=1, description="The data's keys: the constructor's parameters, in order.")
    format: Literal["dict", "json", "file"] = Field(description="to_dict()/from_dict(data), to_json()/from_json(text) "
                                                    "or save(path)/load(path), the last two as JSON.")
    test: bool = Field(description="A new test uses the methods and fails on the original module; otherwise the "
                       "tests stay as given.")


@register_check("project.serialisation_added", SerialisationAdded, source="project", view="project")
def serialisation_added(state: FinalState, opts: SerialisationAdded) -> Verdict:
    """On every instance the ORIGINAL tests build, the writing method gives the JSON object of the
    constructor's arguments by parameter name, and the reading class method builds an instance
    with equal attributes from it. With `test`, a new test calls the writing method and the new
    tests alone FAIL on the original; without it the tests are unchanged; the suite passes."""
    pair = module_and_tests(state, opts.folder, opts.file, opts.test_file)
    if isinstance(pair, str):
        return Verdict.of(False, pair)
    write, read = METHODS[opts.format]
    node = next((n for n in pair.tree.body if isinstance(n, ast.ClassDef) and n.name == opts.klass), None)
    if node is None:
        return Verdict.of(False, f"{opts.file} defines no class {opts.klass}")
    defined = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
    if missing := [name for name in (write, read) if name not in defined]:
        return Verdict.of(False, f"{opts.klass} has no {missing[0]}() method")
    if msg := class_tests_as_asked(pair, opts.test, opts.folder, opts.test_file, write):
        return Verdict.of(False, msg)
    if msg := _tests_verdict(pair.after, pair.before):
        return Verdict.of(False, msg)
    samples = _samples(pair.before.files[pair.tests], opts.klass)
    if said := probe_says(pair.after.files, _serialise_probe(_dotted(pair.module), opts, samples)):
        return Verdict.of(False, f"{opts.klass} does not save and load as asked: {said}")
    if opts.test and new_tests_pass_on_original(pair):
        return Verdict.of(False, f"the new tests also pass on the original module: none calls {write}()")
    return Verdict.of(True, f"{opts.klass}.{write}() and {read}() round-trip {len(samples)} instances")
