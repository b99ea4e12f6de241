"""A service call made to retry, over `ProjectView`: the function asks its injected transport again
when it raises one of the stated errors, at most the stated number of attempts in all, waiting
(time.sleep) as stated between attempts, and on the last failure raises that last error or
returns None; every other error reaches the caller at once. Behaviour is probed in a sandbox
(`forge.checks.project.run_tests`) with a flaky fake transport and time.sleep recorded, the
results compared with the ORIGINAL function's; optionally with a new test that fails on it."""

from __future__ import annotations

import ast
from typing import Literal

from pydantic import Field

from forge.checks._project_pair import ORIGINAL_PRELUDE, module_and_tests
from forge.checks._project_tests import new_tests_pass_on_original, probe_says, tests_as_asked
from forge.checks.project import ProjectEdit, _tests_verdict
from forge.checks.project_api import _defs, _dotted
from forge.checks.project_signature import _parameters
from forge.checks.spec import OutputPath, Verdict, register_check
from forge.checks.state import FinalState

RETRIED = {"connection": "ConnectionError", "network": "ConnectionError, TimeoutError"}
PASSED_ON = {"connection": "TimeoutError, PermissionError, KeyError", "network": "PermissionError, KeyError"}


def _retry_probe(dotted: str, original: str, opts: RetriesAdded) -> str:
    return f'''import time

import pytest

import {dotted} as m

ORIGINAL, FUNCTION, ATTEMPTS = {original!r}, {opts.function!r}, {opts.attempts!r}
DELAY, BACKOFF, GIVE_UP = {opts.delay!r}, {opts.backoff!r}, {opts.give_up!r}


class Reply(dict):
    def __missing__(self, key):
        return 7


class Flaky:
    def __init__(self, errors):
        self.errors, self.calls = list(errors), 0

    def __call__(self, path):
        self.calls += 1
        if self.errors:
            raise self.errors.pop(0)
        return Reply()


@pytest.fixture
def waits(monkeypatch):
    seen = []
    monkeypatch.setattr(time, "sleep", seen.append)
    if hasattr(m, "sleep"):
        monkeypatch.setattr(m, "sleep", seen.append)
    return seen


def _want():
    return _original()[FUNCTION](lambda path: Reply(), "x")


def _schedule(count):
    if BACKOFF == "none":
        return []
    return [DELAY * (2 ** n if BACKOFF == "doubling" else 1) for n in range(count)]


def _waited(waits, count):
    have, want = [w for w in waits if w > 0], _schedule(count)
    assert have == pytest.approx(want), "waited %r between the attempts, expected %r" % (have, want)


def _outcome(flaky):
    try:
        return getattr(m, FUNCTION)(flaky, "x"), None
    except Exception as exc:
        return None, exc


def test_first_try(waits):
    flaky = Flaky([])
    assert getattr(m, FUNCTION)(flaky, "x") == _want()
    assert flaky.calls == 1 and not [w for w in waits if w > 0], "a call that works at once asked or waited again"


@pytest.mark.parametrize("error", [{RETRIED[opts.errors]}])
def test_recovers_on_the_last_attempt(waits, error):
    flaky = Flaky([error("down %d" % n) for n in range(ATTEMPTS - 1)])
    have, exc = _outcome(flaky)
    assert exc is None, "%d %s failures then a reply: the service was asked %d times, then %r was raised" % (
        ATTEMPTS - 1, error.__name__, flaky.calls, exc)
    assert flaky.calls == ATTEMPTS, "%d %s failures: the service was asked %d times, expected %d" % (
        ATTEMPTS - 1, error.__name__, flaky.calls, ATTEMPTS)
    assert have == _want(), "returned %r after the retries, the original returns %r" % (have, _want())
    _waited(waits, ATTEMPTS - 1)


@pytest.mark.parametrize("error", [{RETRIED[opts.errors]}])
def test_gives_up(waits, error):
    flaky = Flaky([error("down %d" % n) for n in range(ATTEMPTS + 1)])
    last = "down %d" % (ATTEMPTS - 1)
    have, exc = _outcome(flaky)
    assert flaky.calls == ATTEMPTS, "with every attempt failing (%s) the service was asked %d times, expected %d" % (
        error.__name__, flaky.calls, ATTEMPTS)
    if GIVE_UP == "raise":
        assert exc is not None, "returned %r when every attempt failed, expected the last %s" % (have, error.__name__)
        assert type(exc) is error and str(exc) == last, "raised %r, not the last error %s(%r)" % (
            exc, error.__name__, last)
    else:
        assert exc is None, "raised %r when every attempt failed, expected to return None" % exc
        assert have is None, "returned %r when every attempt failed, expected None" % (have,)
    _waited(waits, ATTEMPTS - 1)


@pytest.mark.parametrize("error", [{PASSED_ON[opts.errors]}])
def test_other_errors_reach_the_caller(waits, error):
    flaky = Flaky([error("bad")] * (ATTEMPTS + 1))
    have, exc = _outcome(flaky)
    assert exc is not None, "a %s was swallowed: returned %r" % (error.__name__, have)
    assert type(exc) is error, "a %s came out as %r" % (error.__name__, exc)
    assert flaky.calls == 1 and not waits, "a %s was retried" % error.__name__
''' + ORIGINAL_PRELUDE


class RetriesAdded(ProjectEdit):
    test_file: OutputPath = Field(description="The module's tests.")
    function: str
    attempts: int = Field(ge=2, description="Attempts in all, the first one included.")
    delay: float | None = Field(default=None, description="Seconds before the first retry (none for no wait).")
    backoff: Literal["none", "fixed", "doubling"] = Field(description="No wait, the same wait, or a doubling wait.")
    give_up: Literal["raise", "none"] = Field(description="After the last failure: raise it, or return None.")
    errors: Literal["connection", "network"] = Field(description="Retried: ConnectionError; or it and TimeoutError.")
    test: bool = Field(description="A new test calls the function and fails on the original module; "
                       "otherwise the tests stay as given.")


@register_check("project.retries_added", RetriesAdded, source="project", view="project")
def retries_added(state: FinalState, opts: RetriesAdded) -> Verdict:
    """The function keeps its parameters; with a flaky fake transport and time.sleep recorded it
    returns what the original returns once a call goes through, asks at most `attempts` times,
    waits as stated between attempts (never after the last), raises the last error or returns
    None when every attempt fails, and lets every other error through at once. With `test`, a new
    test calls the function and the new tests alone FAIL on the original; without it the tests are
    unchanged. The suite passes."""
    pair = module_and_tests(state, opts.folder, opts.file, opts.test_file)
    if isinstance(pair, str):
        return Verdict.of(False, pair)
    before, after, module = pair.before, pair.after, pair.module
    node, old = _defs(pair.tree).get(opts.function), _defs(ast.parse(before.files[module]))[opts.function]
    if node is None:
        return Verdict.of(False, f"{opts.file} defines no top-level function {opts.function}")
    if _parameters(node) != _parameters(old):
        return Verdict.of(False, f"{opts.function}'s parameters changed: callers must not notice the retries")
    if msg := tests_as_asked(pair, opts.test, opts.function, opts.folder, opts.test_file):
        return Verdict.of(False, msg)
    if msg := _tests_verdict(after, before):
        return Verdict.of(False, msg)
    if tail := probe_says(after.files, _retry_probe(_dotted(module), before.files[module], opts)):
        return Verdict.of(False, f"{opts.function} does not retry as asked: {tail}")
    if opts.test and new_tests_pass_on_original(pair):
        return Verdict.of(False, "the new tests also pass on the original module: none makes the transport fail")
    return Verdict.of(True, f"{opts.function} retries up to {opts.attempts} attempts as asked")
