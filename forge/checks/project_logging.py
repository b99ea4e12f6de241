"""A module's diagnostic prints moved to logging, over `ProjectView`: the function writes a record
to the module's own logger at the asked level, with the very text it used to print, and prints
nothing; optionally covered by a new caplog test that fails on the printing module.

What the original printed comes from the ORIGINAL module run on the same call, in a sandboxed probe
next to the project's files (`forge.checks.project.run_tests`); the project's own suite must pass.
"""

from __future__ import annotations

import ast
from typing import Literal

from pydantic import Field

from forge.checks._project_pair import ORIGINAL_PRELUDE, module_and_tests
from forge.checks.project import ProjectEdit, _tests_verdict, run_tests
from forge.checks.project_api import _dotted, _probe
from forge.checks.project_probes import _calls, _new_tests, _only_new
from forge.checks.project_refactor import edited_test
from forge.checks.spec import OutputPath, Verdict, register_check
from forge.checks.state import FinalState


def _logging_probe(dotted: str, original: str, trigger: str, quiet: str, level: str) -> str:
    return f'''import contextlib
import io
import logging

import {dotted} as m

ORIGINAL = {original!r}


def _run(call, namespace, caplog):
    out = io.StringIO()
    caplog.clear()
    with caplog.at_level(logging.DEBUG), contextlib.redirect_stdout(out):
        eval(call, namespace)
    return out.getvalue(), [r for r in caplog.records if r.name == {dotted!r}]


def test_trigger(caplog):
    printed, _ = _run({trigger!r}, _original(), caplog)
    assert printed.strip(), "the original module prints nothing for {trigger}"
    out, records = _run({trigger!r}, vars(m), caplog)
    assert not out, "{trigger} still prints %r" % out
    at = [r for r in records if r.levelno == logging.{level.upper()}]
    assert at, "{trigger} writes no {level} record to the logger {dotted}; got %r" % [r.levelname for r in records]
    assert at[0].getMessage() == printed.strip(), "the record says %r, the original printed %r" % (
        at[0].getMessage(), printed.strip())


def test_quiet(caplog):
    out, records = _run({quiet!r}, vars(m), caplog)
    assert not out, "{quiet} prints %r" % out
    loud = [r.levelname for r in records if r.levelno >= logging.{level.upper()}]
    assert not loud, "{quiet} logs %s" % loud
''' + ORIGINAL_PRELUDE


class PrintsLogged(ProjectEdit):
    test_file: OutputPath = Field(description="The module's tests.")
    function: str
    level: Literal["warning", "info"]
    trigger: str = Field(description="A call that printed its message and must now log it at the level.")
    quiet: str = Field(description="A call that must neither print nor log at the level or above.")
    test: bool = Field(description="A new test of the function checks the record (it fails on the printing "
                       "module); otherwise the tests stay as given.")


@register_check("project.prints_logged", PrintsLogged, source="project", view="project")
def prints_logged(state: FinalState, opts: PrintsLogged) -> Verdict:
    """The module calls print nowhere; the trigger call writes a record at the level to the module's
    logger (`logging.getLogger(__name__)`) whose message is exactly what the original printed, and
    prints nothing; the quiet call neither prints nor logs at the level or above. With `test`, a new
    test calls the function and the new tests alone FAIL on the original module; without it the
    tests are unchanged. The suite passes."""
    pair = module_and_tests(state, opts.folder, opts.file, opts.test_file)
    if isinstance(pair, str):
        return Verdict.of(False, pair)
    before, after, module, tests, tree, test_tree = (pair.before, pair.after, pair.module, pair.tests, pair.tree,
                                                     pair.test_tree)
    if printing := [c.lineno for c in ast.walk(tree) if isinstance(c, ast.Call) and isinstance(c.func, ast.Name)
                    and c.func.id == "print"]:
        return Verdict.of(False, f"{opts.file} still calls print on line {printing[0]}")
    if opts.test:
        if not any(_calls(n, opts.function) for n in _new_tests(before.files.get(tests, ""), test_tree)):
            return Verdict.of(False, f"{opts.test_file} has no new test that calls {opts.function}()")
    elif path := edited_test(before, after):
        return Verdict.of(False, f"{opts.folder}/{path} was changed; the tests must stay as they were")
    if msg := _tests_verdict(after, before):
        return Verdict.of(False, msg)
    probe = _logging_probe(_dotted(module), before.files[module], opts.trigger, opts.quiet, opts.level)
    if tail := _probe(after.files, probe):
        return Verdict.of(False, f"{opts.function} does not log as asked: {tail}")
    if opts.test:
        old = run_tests({**after.files, module: before.files[module],
                         tests: _only_new(before.files.get(tests, ""), test_tree)})
        if old.exit_code == 0 and not old.failed and not old.errors:
            return Verdict.of(False, "the new tests also pass on the printing module: they do not check the record")
    return Verdict.of(True, f"{opts.function} logs at {opts.level} what it printed" + (", tested" if opts.test else ""))
