"""Boundary cases of `project.retries_added` on a real client module (fetch_rate asks an exchange-rate
service through an injected transport), run in a bubblewrap sandbox with a flaky fake transport:
a retry loop (3 attempts, a doubling wait from 1 second, ConnectionError and TimeoutError, the last
error raised) passes, and so do a decorator, `from time import sleep`, a fixed wait, a bare return
on giving up and a new test; one attempt too many or too few, a wait after the LAST attempt, a fixed
wait for a doubling one, TimeoutError not retried, OSError retried, another error raised on giving
up, None returned when raising was asked, a new parameter, edited tests and a test that never fails fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._code_projects import project_case, seeded
from workflows.code._clients import add_client

FILES, MODULE, TESTS = seeded(lambda rng, faker: add_client(rng, faker, "rates")[0])
SOURCE, TEST_SOURCE = FILES[MODULE], FILES[TESTS]
DOC, CALL = SOURCE.split("    reply = transport")
CALL = "    reply = transport" + CALL.split("\n")[0]
DOUBLING = "            time.sleep(delay)\n            delay *= 2\n"


def retrying(tries: str = "3", catch: str = "ConnectionError, TimeoutError", last: str = "raise",
             wait: str = DOUBLING, head: str = "import time\n\n\n", signature: str = "") -> str:
    """fetch_rate with a retry loop; `last` is what the final failed attempt runs."""
    body = (f"    delay = 1.0\n    for attempt in range({tries}):\n        try:\n        {CALL}\n            break\n"
            f"        except ({catch}):\n            if attempt == {tries} - 1:\n                {last}\n{wait}"
            '    return float(reply["rate"])\n')
    top, rest = DOC.split("\n\n\n", 1)
    return top + "\n\n" + head + rest.replace("currency):", f"currency{signature}):") + body


DECORATED = DOC.split("\n\n\n", 1)[0] + '''

import functools
import time


def retried(function):
    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        wait = 1.0
        for attempt in range(1, 4):
            try:
                return function(*args, **kwargs)
            except (ConnectionError, TimeoutError):
                if attempt == 3:
                    raise
                time.sleep(wait)
                wait = wait * 2
    return wrapper


@retried
''' + SOURCE.split("\n\n\n", 1)[1]
NEW_TEST = '''

def test_fetch_rate_after_a_dropped_call(monkeypatch):
    import time
    monkeypatch.setattr(time, "sleep", lambda seconds: None)
    replies = [ConnectionError("down"), {"rate": "2.5"}]

    def transport(path):
        reply = replies.pop(0)
        if isinstance(reply, Exception):
            raise reply
        return reply

    assert fetch_rate(transport, "GBP") == 2.5
'''
QUIET_TEST = '''

def test_fetch_rate_chf():
    assert fetch_rate(lambda path: {"rate": 0.95}, "CHF") == 0.95
'''


def case(label: str, source: str, passes: bool, says: str = "", tests: str = "", **options: Any) -> Case:
    return project_case(label, FILES, {MODULE: source, TESTS: TEST_SOURCE + tests}, {
        "file": f"proj/{MODULE}", "test_file": f"proj/{TESTS}", "function": "fetch_rate", "attempts": 3,
        "delay": 1.0, "backoff": "doubling", "give_up": "raise", "errors": "network", "test": False, **options},
        passes, says)


CASES = {
    "project.retries_added": [
        case("a retry loop, doubling wait, last error raised", retrying(), True),
        case("a retry decorator", DECORATED, True),
        case("from time import sleep", retrying(head="from time import sleep\n\n\n",
                                                wait=DOUBLING.replace("time.sleep", "sleep")), True),
        case("a fixed wait asked and done", retrying(wait="            time.sleep(delay)\n"), True, backoff="fixed"),
        case("no wait asked, a bare return on giving up", retrying(last="return", wait="", head=""), True,
             backoff="none", give_up="none", delay=None),
        case("with a new test whose transport fails first", retrying(), True, tests=NEW_TEST, test=True),
        case("nothing done", SOURCE, False, "2 ConnectionError failures then a reply: the service was asked 1 times"),
        case("one attempt too many", retrying(tries="4"), False,
             "with every attempt failing (ConnectionError) the service was asked 4 times, expected 3"),
        case("one attempt too few", retrying(tries="2"), False, "the service was asked 2 times"),
        case("a wait after the last attempt too", retrying(last="time.sleep(delay)\n                raise"), False,
             "waited [1.0, 2.0, 4.0] between the attempts, expected [1.0, 2.0]"),
        case("a fixed wait for a doubling one", retrying(wait="            time.sleep(delay)\n"), False,
             "waited [1.0, 1.0] between the attempts, expected [1.0, 2.0]"),
        case("TimeoutError not retried", retrying(catch="ConnectionError,"), False,
             "2 TimeoutError failures then a reply: the service was asked 1 times"),
        case("every OSError retried", retrying(catch="OSError,"), False, "a PermissionError was retried"),
        case("another error raised on giving up", retrying(last="raise RuntimeError('gave up')"), False,
             "raised RuntimeError('gave up'), not the last error"),
        case("None returned when raising was asked", retrying(last="return None"), False,
             "returned None when every attempt failed, expected the last ConnectionError"),
        case("a new attempts parameter", retrying(signature=", attempts=3"), False,
             "fetch_rate's parameters changed"),
        case("the tests edited", retrying(), False, f"proj/{TESTS} was changed", tests=QUIET_TEST),
        case("a new test that never fails the transport", retrying(), False,
             "the new tests also pass on the original module", tests=QUIET_TEST, test=True),
        case("a test asked, none added", retrying(), False, f"proj/{TESTS} has no new test that calls fetch_rate()",
             test=True),
    ],
}
