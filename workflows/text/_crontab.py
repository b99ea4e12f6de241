"""A server's crontab as `crontab -l` prints it: the stock header, MAILTO and PATH, then a handful of
jobs (each under a comment saying what it is for), one of them maybe commented out for a while; and
schedules said in words for the jobs a task adds or moves."""

from __future__ import annotations

import random
from typing import NamedTuple

from faker import Faker

from forge.checks.text_crontab import WEEKDAYS, Kind, cron_fields, parse_schedule


class Job(NamedTuple):
    script: str  # what names the job in a request
    command: str
    purpose: str
    cron: str  # its schedule in the file

    @property
    def frequent(self) -> bool:
        """Runs every few minutes (a sync, a check), not at a time of day."""
        return self.cron.startswith("*/")


# script, command ({email}/{site} filled in), purpose, schedules it plausibly has
JOBS = [
    ("backup-db.sh", "/usr/local/bin/backup-db.sh >> /var/log/backup-db.log 2>&1", "nightly database backup",
     ["30 2 * * *", "15 1 * * *"]),
    ("sync-inventory", "/opt/shop/bin/sync-inventory --quiet", "stock sync with the warehouse",
     ["*/15 * * * *", "*/10 * * * *"]),
    ("weekly-report.py", "/usr/bin/python3 /opt/reports/weekly-report.py --to {email}", "weekly sales report",
     ["0 7 * * 1", "30 8 * * mon"]),
    ("rotate-archives.sh", "/usr/local/bin/rotate-archives.sh /srv/archive", "archive rotation", ["0 3 1 * *"]),
    ("renew-certs.sh", "/usr/local/bin/renew-certs.sh --quiet", "TLS certificate renewal",
     ["17 4 * * 0", "40 5 * * 3"]),
    ("send-reminders.py", "/usr/bin/python3 /opt/crm/send-reminders.py", "payment reminders to customers",
     ["0 9 * * 1-5"]),
    ("refresh-sitemap.sh", "/var/www/{site}/bin/refresh-sitemap.sh", "sitemap rebuild", ["0 */6 * * *"]),
    ("poll-mailbox.py", "/usr/bin/python3 /opt/helpdesk/poll-mailbox.py", "help desk mailbox poll",
     ["*/5 * * * *", "*/10 * * * *"]),
    ("flush-metrics.sh", "/usr/local/bin/flush-metrics.sh --target graphite", "metrics flush", ["*/20 * * * *"]),
    ("vacuum-db.sh", "/usr/local/bin/vacuum-db.sh shop", "database maintenance", ["45 3 * * 6"]),
    ("export-orders.sh", "/opt/shop/bin/export-orders.sh --since yesterday", "orders export for accounting",
     ["10 6 * * *"]),
    ("cleanup-tmp.sh", "/usr/local/bin/cleanup-tmp.sh --days 7", "clean-up of old temporary uploads",
     ["20 4 * * *"]),
    ("prune-images.sh", "/usr/local/bin/prune-images.sh --keep 3", "pruning of old container images",
     ["0 5 * * 0"]),
    ("fetch-rates.py", "/usr/bin/python3 /opt/finance/fetch-rates.py --base EUR", "exchange-rate download",
     ["5 6 * * 1-5"]),
    ("check-disk.sh", "/usr/local/bin/check-disk.sh --warn 85", "disk space check", ["*/30 * * * *"]),
    ("clearsessions", "/usr/bin/python3 /opt/shop/manage.py clearsessions", "expired session purge",
     ["0 1 * * *"]),
]
HEADER = ["# Edit this file to introduce tasks to be run by cron.", "#",
          "# Each task to run has to be defined through a single line", "# indicating with different fields when "
          "the task will be run", "# and what command to run for the task.", "#", "# m h  dom mon dow   command"]
PAUSED = ["# paused until further notice", "# off while the supplier fixes their API", "# disabled during the move"]


def _at(hour: int, minute: int) -> str:
    return f"{hour:02d}:{minute:02d}"


class Crontab:
    """A seeded crontab: `text`, its `active` jobs in file order (the last line is always one),
    the `disabled` job if any, and the `spares`: jobs the file does not have."""

    def __init__(self, rng: random.Random, faker: Faker, *, disabled: bool) -> None:
        self.rng = rng
        self.host = rng.choice(["app01", "web02", "shop-prod", "batch01"])
        fill = {"email": faker.company_email(), "site": faker.domain_word()}
        every = [Job(script, command.format(**fill), purpose, rng.choice(crons))
                 for script, command, purpose, crons in JOBS]
        rng.shuffle(every)
        jobs, self.spares = every[:5 + disabled], every[5 + disabled:]
        self.disabled = jobs.pop() if disabled else None
        self.active = jobs
        lines = [*HEADER, f"MAILTO=ops@{faker.domain_name()}",
                 "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", ""]
        for k, job in enumerate(jobs):
            lines += [f"# {job.purpose}", f"{job.cron} {job.command}", ""]
            if self.disabled and k == len(jobs) // 2:
                off = self.disabled
                lines += [f"# {off.purpose} ({rng.choice(PAUSED)[2:]})", f"# {off.cron} {off.command}", ""]
        self.text = "\n".join(lines).rstrip() + "\n"

    def schedule(self, kind: Kind, *, avoid: str) -> dict[str, object]:
        """The params of a schedule of `kind` said in words (`when`), never meaning what `avoid` does."""
        rng = self.rng
        while True:
            hour, minute = rng.randint(0, 23), rng.choice([0, 5, 10, 15, 20, 30, 40, 45])
            weekday, day, every = rng.choice(WEEKDAYS), rng.choice([1, 2, 5, 10, 15, 20, 28]), rng.choice(
                [5, 10, 15, 20, 30])
            at = {"minute": minute, "hour": hour}
            drawn: dict[str, object] = {
                "daily": {**at, "when": f"every day at {_at(hour, minute)}"},
                "weekdays": {**at, "when": f"at {_at(hour, minute)} on weekdays (Monday to Friday)"},
                "weekly": {**at, "weekday": weekday, "when": f"every {weekday.capitalize()} at {_at(hour, minute)}"},
                "every": {"every": every, "when": f"every {every} minutes (around the clock)"},
                "monthly": {**at, "day": day, "when": f"on day {day} of every month at {_at(hour, minute)}"},
            }[kind]
            cron = cron_fields(kind, minute, hour, weekday, day, every)  # type: ignore[arg-type]
            if parse_schedule(cron.split()) != parse_schedule(avoid.split()):
                return {"kind": kind, **drawn}  # type: ignore[dict-item]
