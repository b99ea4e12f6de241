"""Checks over a crontab edited as a person does before `crontab crontab.txt`: a job added on a
schedule said in words (daily at 02:30, weekdays, weekly, every N minutes, monthly), a job moved to
another schedule, commented out, switched back on, or removed.

A crontab is read as entries: jobs (schedule and command), disabled jobs (`# 0 5 * * 1 cmd`) and
variables (`MAILTO=...`); plain comments and blank lines are free. A schedule is compared by what
it means (`1-5` is `mon-fri`, `0,15,30,45` is `*/15`), with cron's day rule (restricted day of month
and day of week: either matches). Commands compare with their runs of spaces collapsed.
"""

from __future__ import annotations

import re
from typing import Literal, NamedTuple

from pydantic import Field

from forge.checks._line_entries import entries_diff
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TextView

Operation = Literal["add", "reschedule", "disable", "enable", "remove"]
Kind = Literal["daily", "weekdays", "weekly", "every", "monthly"]
Weekday = Literal["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
WEEKDAYS: list[str] = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
_NAMES = {"month": ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"],
          "weekday": [d[:3] for d in WEEKDAYS]}
_FIELDS = [("minute", 0, 59), ("hour", 0, 23), ("day", 1, 31), ("month", 1, 12), ("weekday", 0, 7)]
_MACROS = {"@yearly": "0 0 1 1 *", "@annually": "0 0 1 1 *", "@monthly": "0 0 1 * *", "@weekly": "0 0 * * 0",
           "@daily": "0 0 * * *", "@midnight": "0 0 * * *", "@hourly": "0 * * * *"}
_VARIABLE = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$")

Schedule = tuple[object, ...]


class Entry(NamedTuple):
    kind: str  # job | off | var | bad
    schedule: Schedule | None
    text: str  # the command, or NAME=value
    line: int
    fields: str = ""  # the schedule as written


def _field(text: str, name: str, lo: int, hi: int) -> frozenset[int] | None:
    names = _NAMES.get(name, [])
    values: set[int] = set()

    def number(token: str) -> int:
        low = token.lower()
        if low in names:
            return names.index(low) + (1 if name == "month" else 0)
        if not token.isdigit():
            raise ValueError(token)
        return int(token)

    try:
        for part in text.split(","):
            base, _, step = part.partition("/")
            if base == "*":
                start, stop = lo, hi
            elif "-" in base:
                start, stop = (number(t) for t in base.split("-", 1))
            else:
                start = number(base)
                stop = hi if step else start
            every = int(step) if step else 1
            if not lo <= start <= stop <= hi or every < 1:
                return None
            values.update(range(start, stop + 1, every))
    except ValueError:
        return None
    if name == "weekday" and 7 in values:
        values = (values - {7}) | {0}
    return frozenset(values)


def parse_schedule(fields: list[str]) -> Schedule | None:
    """What five cron fields mean (minutes, hours, months, days), or None when they are not cron."""
    sets = [_field(text, *spec) for text, spec in zip(fields, _FIELDS, strict=True)]
    if any(s is None for s in sets):
        return None
    minute, hour, dom, month, dow = sets
    dom_any = fields[2].startswith("*") or dom == frozenset(range(1, 32))
    dow_any = fields[4].startswith("*") or dow == frozenset(range(7))
    days: object = ("every day",) if dom_any and dow_any else ("weekdays", dow) if dom_any else (
        ("month days", dom) if dow_any else ("either", dom, dow))
    return (minute, hour, month, days)


def parse_job(text: str) -> tuple[Schedule, str, str] | None:
    """(schedule, command with its spaces collapsed, fields as written) of a cron job line, or None."""
    parts = text.split()
    written = parts[:1] if parts and parts[0] in _MACROS else parts[:5]
    if parts and parts[0] in _MACROS:
        parts = _MACROS[parts[0]].split() + parts[1:]
    if len(parts) < 6:
        return None
    schedule = parse_schedule(parts[:5])
    return None if schedule is None else (schedule, " ".join(parts[5:]), " ".join(written))


def entries(view: TextView, path: str) -> list[Entry]:
    """The crontab's jobs, disabled jobs and variables in file order; a line that is none of these
    (nor a comment) makes the file no crontab."""
    found: list[Entry] = []
    for number, raw in enumerate(view.lines, start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            job = parse_job(line.lstrip("#").strip())
            if job:
                found.append(Entry("off", *job[:2], number, job[2]))
            continue
        variable = _VARIABLE.match(line)
        job = None if variable else parse_job(line)
        if variable:
            found.append(Entry("var", None, f"{variable.group(1)}={variable.group(2).strip()}", number))
        elif job:
            found.append(Entry("job", *job[:2], number, job[2]))
        else:
            found.append(Entry("bad", None, line, number))
    return found


def cron_fields(kind: Kind, minute: int | None, hour: int | None, weekday: Weekday | None, day: int | None,
                every: int | None) -> str:
    """The five cron fields of a schedule said in words (every day at 02:30: `30 2 * * *`)."""
    return {"daily": f"{minute} {hour} * * *", "weekdays": f"{minute} {hour} * * 1-5",
            "weekly": f"{minute} {hour} * * {WEEKDAYS.index(weekday or 'sunday')}",
            "every": f"*/{every} * * * *", "monthly": f"{minute} {hour} {day} * *"}[kind]


def asked_schedule(kind: Kind, minute: int | None, hour: int | None, weekday: Weekday | None,
                   day: int | None, every: int | None) -> Schedule:
    """The schedule said in words, as cron means it."""
    text = cron_fields(kind, minute, hour, weekday, day, every)
    schedule = parse_schedule(text.split())
    if schedule is None:
        raise CheckError(f"the asked schedule ({kind}: {text}) is not a cron schedule")
    return schedule


def _same(a: Entry, b: Entry) -> bool:
    return (a.kind, a.schedule, a.text) == (b.kind, b.schedule, b.text)


def _shown(entry: Entry) -> str:
    text = f"{entry.fields} {entry.text}" if entry.fields else entry.text
    return {"job": "job", "off": "commented-out job", "var": "setting", "bad": "line"}[entry.kind] + f" {text!r}"


class CrontabEdited(CheckOptions):
    file: OutputPath
    input_file: InputPath
    operation: Operation = Field(description="add a job; reschedule, disable (comment out), enable (uncomment) "
                                 "or remove the job whose command names `command`.")
    command: str = Field(description="add: the new job's whole command; else a part naming one job (its script).")
    kind: Kind | None = Field(default=None, description="add/reschedule: the schedule's kind.")
    minute: int | None = Field(default=None, ge=0, le=59)
    hour: int | None = Field(default=None, ge=0, le=23)
    weekday: Weekday | None = None
    day: int | None = Field(default=None, ge=1, le=31, description="monthly: the day of the month.")
    every: int | None = Field(default=None, ge=1, le=59, description="every: the minutes between runs.")


def expected_entries(original: list[Entry], opts: CrontabEdited, path: str) -> tuple[list[Entry], Entry | None]:
    """The input's entries with the edit made, and (add) the new job apart, as it may go anywhere."""
    schedule = None if opts.kind is None else asked_schedule(opts.kind, opts.minute, opts.hour, opts.weekday,
                                                             opts.day, opts.every)
    if opts.operation == "add":
        if schedule is None:
            raise CheckError("adding a job needs its schedule (kind)")
        command = " ".join(opts.command.split())
        return original, Entry("job", schedule, command, 0)
    source = "off" if opts.operation == "enable" else "job"
    hits = [k for k, e in enumerate(original) if e.kind == source and opts.command in e.text]
    if len(hits) != 1:
        raise CheckError(f"{path} has {len(hits)} {source} entries naming {opts.command!r}; not for this check")
    k, old = hits[0], original[hits[0]]
    if opts.operation == "remove":
        return original[:k] + original[k + 1:], None
    fields = cron_fields(opts.kind, opts.minute, opts.hour, opts.weekday, opts.day, opts.every) if opts.kind else ""
    new = {"reschedule": old._replace(schedule=schedule, fields=fields), "disable": old._replace(kind="off"),
           "enable": old._replace(kind="job")}[opts.operation]
    if new.schedule is None or _same(new, old):
        raise CheckError(f"the edit leaves {_shown(old)} of {path} as it is; not for this check")
    return [*original[:k], new, *original[k + 1:]], None


@register_check("text.crontab_edited", CrontabEdited, view="text")
def crontab_edited(state: FinalState, opts: CrontabEdited) -> Verdict:
    """The one job edit is made (a job added on the schedule asked, anywhere; a job rescheduled,
    commented out, uncommented or removed) and every other job, disabled job and setting is unchanged
    and in order. Schedules compare by meaning; plain comments and blank lines are free."""
    original = entries(input_view(state, opts.input_file, TextView), opts.input_file)
    want, added = expected_entries(original, opts, opts.input_file)
    got = entries(output_view(state, opts.file, TextView), opts.file)
    bad = next((e for e in got if e.kind == "bad"), None)
    if bad:
        return Verdict.of(False, f"line {bad.line} of {opts.file} is not a cron job, a comment or a setting: "
                          f"{bad.text[:80]!r}")
    if added is not None:
        hits = [e for e in got if e.kind == "job" and e.text == added.text]
        if len(hits) != 1:
            return Verdict.of(False, f"{opts.file} has {len(hits)} jobs running {added.text!r}, expected 1")
        if hits[0].schedule != added.schedule:
            return Verdict.of(False, f"line {hits[0].line} of {opts.file}: the new job does not run on the "
                              f"schedule asked ({opts.kind})")
        got = [e for e in got if e is not hits[0]]
    problem = entries_diff(want, got, opts.file, _shown, _same, "jobs and settings")
    if problem:
        return Verdict.of(False, problem)
    return Verdict.of(True, f"{opts.operation}: {len(want) + (added is not None)} jobs and settings as asked")
