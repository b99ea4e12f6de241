"""Boundary cases of `text.log_entries`: a Python log with two traced ERROR entries ending in a
TimeoutError and one in a KeyError, and a WARNING with a KeyError traceback between them; a Java log
with two single-exception errors and a `Caused by:`. The LAST entry's last trace line is where a
loop that stops one short lets a wrong file through; the traced warning picked as an error, a trace
with its indentation lost, traces where only first lines are asked, an exception's warning left out,
a warning counted, a miscount, ties not in A to Z order, and another exception's entry copied all
fail (a Java `Caused by:` is not the entry's exception); blank lines between entries and trailing spaces are free."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

DAY = "2025-03-04 09:0"
PY_TRACE = ["Traceback (most recent call last):", '  File "/srv/app/a.py", line 3, in f', "    g()"]
E1 = [f"{DAY}5:00,200 ERROR [api] Payment failed", *PY_TRACE, "TimeoutError: gateway did not answer"]
W1 = [f"{DAY}6:00,300 WARNING [api] Retrying", *PY_TRACE, "KeyError: 'id'"]
E2 = [f"{DAY}7:00,400 ERROR [api] Export crashed", *PY_TRACE, "KeyError: 'customer_id'"]
E3 = [f"{DAY}8:00,500 ERROR [api] Sync aborted", *PY_TRACE, "TimeoutError: again"]
PY_LOG = [f"{DAY}0:00,100 INFO [api] started", *E1, *W1, *E2, *E3, f"{DAY}9:00,600 INFO [api] done"]
J1 = [f"{DAY}5:00,200 ERROR [svc] Request failed", "java.net.SocketTimeoutException: Read timed out",
      "\tat com.acme.Client.fetch(Client.java:88)", "Caused by: java.io.IOException: stream closed",
      "\tat com.acme.Io.read(Io.java:12)"]
J2 = [f"{DAY}7:00,400 ERROR [svc] Sync aborted", "java.lang.IllegalStateException: Connection pool shut down",
      "\tat com.acme.Pool.get(Pool.java:40)"]
JAVA_LOG = [f"{DAY}0:00,100 INFO [svc] started", *J1, f"{DAY}6:00,300 INFO [svc] ok", *J2]


def case(label: str, output: list[str], options: dict[str, Any], passes: bool, says: str = "",
         log: list[str] = PY_LOG) -> Case:
    return Case(label, None, {"file": "errors.txt", "input_file": "app.log", "flavor": "python", **options}, passes,
                says, files={"errors.txt": ("\n".join(output) + "\n").encode()},
                originals={"app.log": ("\n".join(log) + "\n").encode()})


ERRORS = {"form": "entries", "level": "ERROR"}
HEADLINES = {"form": "headlines", "level": "ERROR"}
KEYERROR = {"form": "entries", "exception": "KeyError"}
COUNTS = {"form": "counts"}
JAVA = {"flavor": "java"}

CASES: dict[str, list[Case]] = {
    "text.log_entries": [
        case("the errors whole, blank lines between them", [*E1, "", *E2, "", *E3, "  "], ERRORS, True),
        case("the errors whole, the last trace line missing", [*E1, *E2, *E3[:-1]], ERRORS, False,
             "first missing: 'TimeoutError: again'"),
        case("the errors whole, the traced warning included", [*E1, *W1, *E2, *E3], ERRORS, False, "text line 6"),
        case("the errors whole, trace indentation lost", [*E1, *[x.strip() for x in E2], *E3], ERRORS, False,
             "text line 8"),
        case("the errors whole, an extra line", [*E1, *E2, *E3, "3 errors"], ERRORS, False, "extra: '3 errors'"),
        case("the errors' first lines", [E1[0], E2[0], E3[0]], HEADLINES, True),
        case("first lines asked, traces copied too", [*E1, *E2, *E3], HEADLINES, False, "text line 2"),
        case("the entries ending in KeyError, the warning too", [*W1, *E2], KEYERROR, True),
        case("the entries ending in KeyError, the warning left out", E2, KEYERROR, False, "text line 1"),
        case("counts per type", ["TimeoutError: 2", "KeyError: 1"], COUNTS, True),
        case("counts with the warning counted", ["KeyError: 2", "TimeoutError: 2"], COUNTS, False, "text line 1"),
        case("counts, the last one off by one", ["TimeoutError: 2", "KeyError: 2"], COUNTS, False, "text line 2"),
        case("java: the errors whole, tabs and cause kept", [*J1, *J2], {**JAVA, **ERRORS}, True, log=JAVA_LOG),
        case("java: counts tied, A to Z", ["java.lang.IllegalStateException: 1", "java.net.SocketTimeoutException: 1"],
             {**JAVA, **COUNTS}, True, log=JAVA_LOG),
        case("java: counts tied, Z to A", ["java.net.SocketTimeoutException: 1", "java.lang.IllegalStateException: 1"],
             {**JAVA, **COUNTS}, False, "text line 1", log=JAVA_LOG),
        case("java: an entry of another exception copied too", [*J1, *J2],
             {**JAVA, "form": "entries", "exception": "java.net.SocketTimeoutException"}, False, "extra", log=JAVA_LOG),
    ],
}
