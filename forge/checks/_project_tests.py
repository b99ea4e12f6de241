"""What project checks whose request says "add a test" or "leave the tests alone" share: the test
module holds a new test of the function (or every test file is as given), and the new tests alone
fail on the ORIGINAL module (run in a sandbox), so they test the change; and a probe's first failed
assertion, to say where behaviour differs."""

from __future__ import annotations

from forge.checks._project_pair import Pair
from forge.checks.project import run_tests
from forge.checks.project_api import PROBE
from forge.checks.project_probes import _calls, _new_tests, _only_new, _tail
from forge.checks.project_refactor import edited_test


def tests_as_asked(pair: Pair, test: bool, function: str, folder: str, test_file: str) -> str | None:
    """Why the tests are not as asked: with `test`, no new test calls `function`; else a test file changed."""
    if test:
        if not any(_calls(n, function) for n in _new_tests(pair.before.files.get(pair.tests, ""), pair.test_tree)):
            return f"{test_file} has no new test that calls {function}()"
    elif path := edited_test(pair.before, pair.after):
        return f"{folder}/{path} was changed; the tests must stay as they were"
    return None


def new_tests_pass_on_original(pair: Pair) -> bool:
    """True when the test module's new tests alone also pass with the ORIGINAL module in place."""
    run = run_tests({**pair.after.files, pair.module: pair.before.files[pair.module],
                     pair.tests: _only_new(pair.before.files.get(pair.tests, ""), pair.test_tree)})
    return run.exit_code == 0 and not run.failed and not run.errors


def probe_says(files: dict[str, str], source: str) -> str | None:
    """None when the probe module's tests all pass next to `files`; else its first failed assertion's
    message (or the run's tail)."""
    run = run_tests({**files, PROBE: source}, PROBE)
    if run.exit_code == 0 and not run.failed and not run.errors and run.passed:
        return None
    said = [line.split("AssertionError: ", 1)[1] for line in run.output.splitlines()
            if line.startswith("E ") and "AssertionError: " in line]
    return said[0] if said else _tail(run.output)
