"""Boundary cases of `text.log_split`: a combined log of two services over two days, an ERROR entry
carrying a traceback, split by level, by service and by day.

Passes with each file holding its entries whole and in order (blank lines and trailing spaces
free), and with the field dropped when asked. Fails with the LAST entry of the last file missing,
an entry in the wrong file, a traceback left behind (or its indentation lost), entries out of
order, the field dropped when not asked (or kept when asked), and a file missing."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

TRACE = ["Traceback (most recent call last):", '  File "/srv/app/billing/client.py", line 40, in post',
         "    return self._send(request)", "TimeoutError: gateway did not answer in 30s"]
LOG = ["2024-05-03 09:00:01 INFO [api] request completed in 120 ms",
       "2024-05-03 09:05:12 ERROR [worker] payment gateway timed out after 3000 ms", *TRACE,
       "2024-05-03 10:00:00 WARNING [api] slow query took 900 ms",
       "2024-05-04 08:00:00 DEBUG [worker] payload size 120 bytes",
       "2024-05-04 08:30:00 INFO [worker] job job-1234 started"]
INFO1, ERR, WARN, DEBUG, INFO2 = LOG[0], LOG[1], LOG[6], LOG[7], LOG[8]
LEVELS = ["DEBUG", "INFO", "WARNING", "ERROR"]
PATHS = [f"split/{n}.log" for n in range(1, 5)]


def case(label: str, parts: list[list[str]], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    files = {path: ("\n".join(lines) + "\n").encode() for path, lines in zip(PATHS, parts, strict=False)}
    return Case(label, None, {"input_file": "app.log", **{f"part{n}": p for n, p in enumerate(PATHS, start=1)},
                              **options}, passes, says, files=files,
                originals={"app.log": ("\n".join(LOG) + "\n").encode()})


BY_LEVEL = {"by": "level", "values": LEVELS}
LEVEL_PARTS = [[DEBUG], [INFO1, INFO2], [WARN], [ERR, *TRACE]]
BY_SERVICE = {"by": "service", "values": ["api", "worker", "db", "web"]}
BY_DAY = {"by": "day", "values": ["2024-05-02", "2024-05-03", "2024-05-04", "2024-05-05"]}

CASES: dict[str, list[Case]] = {
    "text.log_split": [
        case("one file per level, traceback with its entry", LEVEL_PARTS, BY_LEVEL, True),
        case("blank lines and trailing spaces free", [[x + "  " for x in p] + [""] for p in LEVEL_PARTS], BY_LEVEL,
             True),
        case("the last file's traceback lost its last line", [*LEVEL_PARTS[:3], [ERR, *TRACE[:-1]]], BY_LEVEL, False,
             "the ERROR file: split/4.log has 4 text lines, expected 5 (first missing: 'TimeoutError"),
        case("the traceback left in the INFO file", [LEVEL_PARTS[0], [INFO1, *TRACE, INFO2], LEVEL_PARTS[2], [ERR]],
             BY_LEVEL, False, "the INFO file: text line 2 of split/2.log is 'Traceback"),
        case("indentation of the trace lost", [*LEVEL_PARTS[:3], [ERR, *(x.strip() for x in TRACE)]], BY_LEVEL, False,
             "text line 3 of split/4.log is 'File"),
        case("entries out of order", [LEVEL_PARTS[0], [INFO2, INFO1], *LEVEL_PARTS[2:]], BY_LEVEL, False,
             "the INFO file: text line 1 of split/2.log is '2024-05-04 08:30:00"),
        case("a WARNING entry in the ERROR file", [*LEVEL_PARTS[:2], [], [WARN, ERR, *TRACE]], BY_LEVEL, False,
             "the WARNING file: split/3.log has 0 text lines, expected 1"),
        case("levels dropped as asked", [[x.replace(" DEBUG", "") for x in LEVEL_PARTS[0]],
                                         [x.replace(" INFO", "") for x in LEVEL_PARTS[1]],
                                         [x.replace(" WARNING", "") for x in LEVEL_PARTS[2]],
                                         [ERR.replace(" ERROR", ""), *TRACE]], {**BY_LEVEL, "strip": True}, True),
        case("levels kept when asked to drop", LEVEL_PARTS, {**BY_LEVEL, "strip": True}, False,
             "the DEBUG file: text line 1 of split/1.log is '2024-05-04 08:00:00 DEBUG [worker]"),
        case("levels dropped when not asked", [[DEBUG.replace(" DEBUG", "")], *LEVEL_PARTS[1:]], BY_LEVEL, False,
             "the DEBUG file"),
        case("by service, tags dropped", [[x.replace(" [api]", "") for x in (INFO1, WARN)],
                                          [x.replace(" [worker]", "") for x in (ERR, *TRACE, DEBUG, INFO2)], [], []],
             {**BY_SERVICE, "strip": True}, True),
        case("by service, the last entry missing", [[INFO1, WARN], [ERR, *TRACE, DEBUG], [], []], BY_SERVICE, False,
             "the worker file: split/2.log has 6 text lines, expected 7 (first missing: '2024-05-04 08:30:00"),
        case("by day, dates dropped", [[], [x[11:] if x[:4] == "2024" else x for x in LOG[:7]],
                                       [x[11:] for x in LOG[7:]], []], {**BY_DAY, "strip": True}, True),
        case("by day, the time dropped with the date", [[], [x[20:] if x[:4] == "2024" else x for x in LOG[:7]],
                                                        [x[20:] for x in LOG[7:]], []], {**BY_DAY, "strip": True},
             False, "the 2024-05-03 file: text line 1 of split/2.log is 'INFO [api]"),
        case("the last file missing", LEVEL_PARTS[:3], BY_LEVEL, False, "split/4.log"),
    ],
}
