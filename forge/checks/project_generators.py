"""A list-building function made lazy, over `ProjectView`: the generator (the function itself, or a
new one beside it whose list the old function now builds from it) yields, on every call of the
function in the ORIGINAL tests, the items the original returned, and yields its first item before
reading the whole of its input; every other call the original tests make returns what it did. With
`test`, a new test of the generator fails on the original module; otherwise the tests stay as given
(in place, only as far as the list comparisons need). Probed in a sandbox next to the project's
files; the project's own suite must pass."""

from __future__ import annotations

import ast

from pydantic import Field

from forge.checks._project_pair import ORIGINAL_PRELUDE, Pair, module_and_tests
from forge.checks._project_tests import new_tests_pass_on_original
from forge.checks.project import ProjectEdit, _tests_verdict
from forge.checks.project_api import _dotted, _probe
from forge.checks.project_probes import _calls, _new_tests
from forge.checks.project_refactor import edited_test
from forge.checks.spec import OutputPath, Verdict, register_check
from forge.checks.state import FinalState


def _generator_probe(dotted: str, original: str, opts: GeneratorMade, made: list[str], kept: list[str]) -> str:
    """A pytest module: each call of `made` gives the original's items from the generator, lazily
    where the original gives two or more; each call of `kept` returns what the original returned."""
    return f'''import {dotted} as m

ORIGINAL, FUNCTION, GENERATOR, MADE, KEPT = {original!r}, {opts.function!r}, {opts.generator!r}, {made!r}, {kept!r}


def _arguments(call):
    return list(eval(call.replace(FUNCTION + "(", "(lambda *args: args)(", 1)))


def _trap(items, shown):
    yield from items
    raise AssertionError("%s reads its whole input before its first item" % shown)


def test_items():
    before = _original()
    for call in MADE:
        args, want = _arguments(call), eval(call, dict(before))
        got = getattr(m, GENERATOR)(*args)
        shown = call.replace(FUNCTION + "(", GENERATOR + "(", 1)
        assert not isinstance(got, (list, tuple, set, dict)), "%s returns a %s, not a generator" % (
            shown[:60], type(got).__name__)
        assert iter(got) is got, "%s returns a %s, not a generator" % (shown[:60], type(got).__name__)
        assert list(got) == want, "%s yields %r, expected %r" % (shown[:60], list(getattr(m, GENERATOR)(*args)), want)
        if len(want) < 2:
            continue
        at = next(n for n, arg in enumerate(args) if isinstance(arg, list))
        args[at] = _trap(args[at], shown[:60])
        first = next(iter(getattr(m, GENERATOR)(*args)))
        assert first == want[0], "%s yields %r first, expected %r" % (shown[:60], first, want[0])


def test_kept():
    before = _original()
    for call in KEPT:
        want, got = eval(call, dict(before)), eval(call, vars(m))
        assert got == want and isinstance(got, list) == isinstance(want, list), "%s returns %r, expected %r" % (
            call[:60], got, want)
''' + ORIGINAL_PRELUDE


class GeneratorMade(ProjectEdit):
    test_file: OutputPath = Field(description="The module's tests.")
    function: str = Field(description="The list-building function the ORIGINAL tests call.")
    generator: str = Field(description="The generator: the function itself (made lazy in place), or a new "
                           "function beside it that the old one builds its list from.")
    test: bool = Field(description="A new test calls the generator and fails on the original module; otherwise "
                       "no new test is needed and the tests stay as given (in place: edits for the lists allowed).")

    @property
    def in_place(self) -> bool:
        return self.generator == self.function


def _original_calls(pair: Pair, functions: set[str]) -> list[str]:
    """The calls the ORIGINAL tests make of the module's top-level functions, in order."""
    tree = ast.parse(pair.before.files.get(pair.tests, ""))
    return [ast.unparse(n) for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
            and n.func.id in functions]


def _tests_as_asked(pair: Pair, opts: GeneratorMade) -> str | None:
    if opts.test:
        if not any(_calls(n, opts.generator) for n in _new_tests(pair.before.files.get(pair.tests, ""), pair.test_tree)):
            return f"{opts.test_file} has no new test that calls {opts.generator}()"
    elif not opts.in_place and (path := edited_test(pair.before, pair.after)):
        return f"{opts.folder}/{path} was changed; the tests must stay as they were"
    return None


@register_check("project.generator_made", GeneratorMade, source="project", view="project")
def generator_made(state: FinalState, opts: GeneratorMade) -> Verdict:
    """The generator yields what the original function returned on each call the original tests make,
    and yields its first item before reading all of its input (where there are two or more); every
    other call of the original tests (beside it: the old function's too) returns as before; beside
    it, the old function calls the generator. The tests as asked; the suite passes."""
    pair = module_and_tests(state, opts.folder, opts.file, opts.test_file)
    if isinstance(pair, str):
        return Verdict.of(False, pair)
    defs = {n.name: n for n in pair.tree.body if isinstance(n, ast.FunctionDef)}
    if opts.generator not in defs:
        return Verdict.of(False, f"{opts.file} defines no function {opts.generator}")
    if not opts.in_place and opts.function not in defs:
        return Verdict.of(False, f"{opts.file} no longer defines {opts.function}")
    if not opts.in_place and not _calls(defs[opts.function], opts.generator):
        return Verdict.of(False, f"{opts.function} does not build its list from {opts.generator}")
    originals = {n.name for n in ast.parse(pair.before.files[pair.module]).body if isinstance(n, ast.FunctionDef)}
    calls = _original_calls(pair, originals)
    made = [c for c in calls if c.startswith(opts.function + "(")]
    if not made:
        return Verdict.of(False, f"the original {opts.test_file} never calls {opts.function}: nothing to compare")
    if msg := _tests_as_asked(pair, opts):
        return Verdict.of(False, msg)
    if msg := _tests_verdict(pair.after, pair.before):
        return Verdict.of(False, msg)
    kept = [c for c in calls if not (opts.in_place and c in made)]
    probe = _generator_probe(_dotted(pair.module), pair.before.files[pair.module], opts, made, kept)
    if said := _probe(pair.after.files, probe):
        return Verdict.of(False, f"{opts.generator} is not as asked: {said}")
    if opts.test and new_tests_pass_on_original(pair):
        return Verdict.of(False, "the new tests also pass on the original module")
    return Verdict.of(True, f"{opts.generator} yields lazily what {opts.function} returned on {len(made)} calls; "
                      f"{len(kept)} other calls unchanged")
