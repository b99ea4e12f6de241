"""Boundary cases of `text.crontab_edited`: a crontab of three jobs and a commented-out one.

A schedule passes when it MEANS the time asked (`1-5` for `mon-fri`, `7` for Sunday, a list of
minutes for `*/15`, a new job anywhere) and fails one field off (an hour, Saturday on top of the
weekdays, one minute of the quarter hours). The LAST job changed, a setting changed, a job added
twice, the wrong job removed, a line that is no cron at all, and an edit left undone all fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

HEAD = ["# m h  dom mon dow   command", "MAILTO=ops@example.com", ""]
BACKUP = "/usr/local/bin/backup-db.sh >> /var/log/backup.log 2>&1"
JOBS = ["# nightly backup", f"30 2 * * * {BACKUP}", "", "# stock sync", "*/15 * * * * /opt/shop/bin/sync-inventory",
        "", "# paused during the move", "# 0 7 * * 1 /opt/reports/weekly-report.py", "", "# archive rotation",
        "0 3 1 * * /usr/local/bin/rotate-archives.sh /srv/archive"]
CRONTAB = HEAD + JOBS
NEW = "/usr/local/bin/cleanup-tmp.sh --days 7"
ADD = {"operation": "add", "command": NEW}


def case(label: str, lines: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "crontab_new.txt", "input_file": "crontab.txt", **options}, passes, says,
                files={"crontab_new.txt": ("\n".join(lines) + "\n").encode()},
                originals={"crontab.txt": ("\n".join(CRONTAB) + "\n").encode()})


def replaced(old: str, new: str | None) -> list[str]:
    return [line if line != old else new for line in CRONTAB if line != old or new is not None]


DAILY = {**ADD, "kind": "daily", "minute": 15, "hour": 4}
WEEKDAYS = {**ADD, "kind": "weekdays", "minute": 0, "hour": 6}
WEEKLY = {**ADD, "kind": "weekly", "minute": 30, "hour": 23, "weekday": "sunday"}
EVERY = {**ADD, "kind": "every", "every": 15}
SYNC = "*/15 * * * * /opt/shop/bin/sync-inventory"
ROTATE = "0 3 1 * * /usr/local/bin/rotate-archives.sh /srv/archive"
MOVE = {"operation": "reschedule", "command": "rotate-archives.sh", "kind": "monthly", "minute": 0, "hour": 5,
        "day": 15}

CASES: dict[str, list[Case]] = {
    "text.crontab_edited": [
        case("daily job added at the end", [*CRONTAB, f"15 4 * * * {NEW}"], DAILY, True),
        case("daily job added in the middle under a comment, hour written 04",
             [*HEAD, "# temp clean-up", f"15 04 * * * {NEW}", *JOBS], DAILY, True),
        case("daily job an hour off", [*CRONTAB, f"15 5 * * * {NEW}"], DAILY, False,
             "the new job does not run on the schedule asked (daily)"),
        case("daily job added twice", [*CRONTAB, f"15 4 * * * {NEW}", f"15 4 * * * {NEW}"], DAILY, False,
             "has 2 jobs running"),
        case("new job's command changed", [*CRONTAB, f"15 4 * * * {NEW.replace('7', '8')}"], DAILY, False,
             "has 0 jobs running"),
        case("weekdays as mon-fri", [*CRONTAB, f"0 6 * * mon-fri {NEW}"], WEEKDAYS, True),
        case("weekdays with Saturday too", [*CRONTAB, f"0 6 * * 1-6 {NEW}"], WEEKDAYS, False, "(weekdays)"),
        case("Sunday written 7", [*CRONTAB, f"30 23 * * 7 {NEW}"], WEEKLY, True),
        case("Sunday written as day of month", [*CRONTAB, f"30 23 7 * * {NEW}"], WEEKLY, False, "(weekly)"),
        case("every 15 minutes as a list", [*CRONTAB, f"0,15,30,45 * * * * {NEW}"], EVERY, True),
        case("every 15 minutes missing the last quarter", [*CRONTAB, f"0,15,30 * * * * {NEW}"], EVERY, False,
             "(every)"),
        case("the last job changed as well", [*CRONTAB[:-1], ROTATE.replace("0 3", "0 4"), f"15 4 * * * {NEW}"],
             DAILY, False, f"line 14 of crontab_new.txt is job '0 4 1 * * {ROTATE[10:]}', expected job '{ROTATE}'"),
        case("the MAILTO setting changed", ["MAILTO=me@example.com", *CRONTAB[1:], f"15 4 * * * {NEW}"], DAILY, False,
             "line 1 of crontab_new.txt is setting 'MAILTO=me@example.com'"),
        case("a line that is no cron job", [*CRONTAB, f"15 4 * * * {NEW}", "every day: backup"], DAILY, False,
             "line 16 of crontab_new.txt is not a cron job"),
        case("monthly job moved to the 15th at 05:00", replaced(ROTATE, ROTATE.replace("0 3 1", "0 5 15")), MOVE,
             True),
        case("monthly job left on its old schedule", CRONTAB, MOVE, False,
             f"line 14 of crontab_new.txt is job '{ROTATE}', expected job '0 5 15 * * {ROTATE[10:]}'"),
        case("monthly job moved to the 15th but at 03:00", replaced(ROTATE, ROTATE.replace("0 3 1", "0 3 15")), MOVE,
             False, "line 14"),
        case("sync commented out without a space", replaced(SYNC, "#" + SYNC), {"operation": "disable",
                                                                                "command": "sync-inventory"}, True),
        case("sync deleted instead of commented out", replaced(SYNC, None), {"operation": "disable",
                                                                             "command": "sync-inventory"}, False,
             "expected commented-out job"),
        case("weekly report switched back on", replaced(JOBS[7], JOBS[7][2:]), {"operation": "enable",
                                                                               "command": "weekly-report.py"}, True),
        case("weekly report still commented out", CRONTAB, {"operation": "enable", "command": "weekly-report.py"},
             False, "line 11 of crontab_new.txt is commented-out job"),
        case("last job removed with its comment", CRONTAB[:-2], {"operation": "remove",
                                                                 "command": "rotate-archives.sh"}, True),
        case("last job removed, its comment kept", CRONTAB[:-1], {"operation": "remove",
                                                                  "command": "rotate-archives.sh"}, True),
        case("the sync removed instead of the rotation", replaced(SYNC, None), {"operation": "remove",
                                                                               "command": "rotate-archives.sh"},
             False, "line 10 of crontab_new.txt is commented-out job"),
        case("rotation left in", CRONTAB, {"operation": "remove", "command": "rotate-archives.sh"}, False,
             "has 5 jobs and settings, expected 4 (extra at line 14"),
    ],
}
