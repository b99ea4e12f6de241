"""A resource module for a catalogue package: a class whose work sits between an opening and a
closing call (a statement file written between open() and close(), a lock file between acquire()
and release(), a stopwatch between start() and stop(), stock moves between begin() and commit()
or rollback()), used by hand in its tests, as code written before anyone thought of `with`.
What the context-manager tasks are made of.

    project, spec = add_resource(rng, faker, "lock")
"""

from __future__ import annotations

import random

from faker import Faker
from pydantic import BaseModel

from preparers.code import ProjectContent
from preparers.fake import day_between
from workflows.code._added_module import base_package, with_module


class Resource(BaseModel):
    kind: str
    module: str
    klass: str
    function: str
    what: str
    about: str
    opener: str
    closer: str
    on_error: str | None = None
    takes: str
    source: str
    tests: str
    new_test: str


RESOURCES = {
    "writer": Resource(
        kind="ledger", module="statements", klass="StatementWriter", function="statement_writer",
        what="an account statement file", about="account statements written to a CSV file",
        opener="open", closer="close", takes="path", source='''
class StatementWriter:
    """Writes a statement's entries to `path`, one line each: open() first, close() when done."""

    def __init__(self, path):
        self.path = path
        self.handle = None
        self.entries = 0

    def open(self):
        """Start the statement file with its header line."""
        self.handle = open(self.path, "w", encoding="utf-8")
        self.handle.write("date,amount\\n")

    def write_entry(self, day, amount):
        """One entry: the day (YYYY-MM-DD) and the amount with 2 decimals."""
        self.handle.write(f"{day},{amount:.2f}\\n")
        self.entries += 1

    def close(self):
        """Finish the file; the statement is only complete once closed."""
        self.handle.close()
        self.handle = None
''', tests='''from {package}.statements import StatementWriter


def test_entries_written(tmp_path):
    writer = StatementWriter(tmp_path / "march.csv")
    writer.open()
    writer.write_entry("{day1}", {amount1})
    writer.write_entry("{day2}", {amount2})
    writer.close()
    assert (tmp_path / "march.csv").read_text() == "date,amount\\n{day1},{shown1}\\n{day2},{shown2}\\n"
    assert writer.entries == 2


def test_closed_after_close(tmp_path):
    writer = StatementWriter(tmp_path / "empty.csv")
    writer.open()
    writer.close()
    assert writer.handle is None
    assert (tmp_path / "empty.csv").read_text() == "date,amount\\n"
''', new_test='''

def test_statement_written_in_a_with_block(tmp_path):
    with {manager}(tmp_path / "april.csv") as writer:
        writer.write_entry("{day1}", {amount1})
    assert writer.handle is None
    assert (tmp_path / "april.csv").read_text() == "date,amount\\n{day1},{shown1}\\n"
'''),
    "lock": Resource(
        kind="inventory", module="locks", klass="FileLock", function="locked",
        what="the lock file of a nightly job", about="a lock file that keeps two jobs off the same data",
        opener="acquire", closer="release", takes="path", source='''
import os


class FileLock:
    """Holds `path` as a lock file while acquired; acquiring a held lock fails."""

    def __init__(self, path):
        self.path = path
        self.held = False

    def acquire(self):
        """Create the lock file; raise RuntimeError when another job holds it."""
        try:
            handle = os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            raise RuntimeError(f"{self.path} is locked by another job") from None
        os.close(handle)
        self.held = True

    def release(self):
        """Remove the lock file so the next job can go on."""
        os.remove(self.path)
        self.held = False
''', tests='''import pytest

from {package}.locks import FileLock


def test_lock_file_while_held(tmp_path):
    lock = FileLock(tmp_path / "{job}.lock")
    lock.acquire()
    assert (tmp_path / "{job}.lock").exists() and lock.held
    lock.release()
    assert not (tmp_path / "{job}.lock").exists() and not lock.held


def test_second_job_refused(tmp_path):
    first, second = FileLock(tmp_path / "{job}.lock"), FileLock(tmp_path / "{job}.lock")
    first.acquire()
    with pytest.raises(RuntimeError):
        second.acquire()
    first.release()
''', new_test='''

def test_lock_held_in_a_with_block(tmp_path):
    with {manager}(tmp_path / "{job}.lock") as lock:
        assert (tmp_path / "{job}.lock").exists()
    assert not lock.held and not (tmp_path / "{job}.lock").exists()
'''),
    "stopwatch": Resource(
        kind="schedule", module="timing", klass="Stopwatch", function="timed",
        what="a stopwatch for the nightly jobs", about="timing of the nightly jobs",
        opener="start", closer="stop", takes="label", source='''
import time


class Stopwatch:
    """How long a piece of work takes: start(), then stop() keeps the seconds in `elapsed`."""

    def __init__(self, label):
        self.label = label
        self.elapsed = None
        self._started = None

    def start(self):
        self._started = time.perf_counter()

    def stop(self):
        """Seconds since start(), kept in `elapsed` and returned."""
        self.elapsed = time.perf_counter() - self._started
        self._started = None
        return self.elapsed

    def report(self):
        return f"{self.label}: {self.elapsed:.2f} s"
''', tests='''from {package}.timing import Stopwatch


def test_elapsed_measured():
    watch = Stopwatch("{job}")
    watch.start()
    seconds = watch.stop()
    assert seconds == watch.elapsed and 0 <= seconds < 5


def test_report():
    watch = Stopwatch("{job}")
    watch.elapsed = {seconds}
    assert watch.report() == "{job}: {shown_seconds} s"
''', new_test='''

def test_timed_in_a_with_block():
    with {manager}("{job}") as watch:
        assert watch.elapsed is None
    assert watch.elapsed is not None and 0 <= watch.elapsed < 5
'''),
    "batch": Resource(
        kind="inventory", module="batches", klass="StockBatch", function="stock_batch",
        what="a batch of stock moves", about="stock moves made in batches, all or nothing",
        opener="begin", closer="commit", on_error="rollback", takes="levels", source='''
class StockBatch:
    """Stock moves on `levels` (sku -> units): begin(), move() as often as needed, then commit()
    to keep them or rollback() to undo them all."""

    def __init__(self, levels):
        self.levels = levels
        self._saved = None

    def begin(self):
        """Remember the levels so rollback() can restore them."""
        self._saved = dict(self.levels)

    def move(self, sku, units):
        """Add `units` of `sku` (negative to take some out); a level never goes below zero."""
        left = self.levels.get(sku, 0) + units
        if left < 0:
            raise ValueError(f"only {self.levels.get(sku, 0)} of {sku} in stock")
        self.levels[sku] = left

    def commit(self):
        """Keep the moves made since begin()."""
        self._saved = None

    def rollback(self):
        """Undo every move made since begin()."""
        self.levels.clear()
        self.levels.update(self._saved)
        self._saved = None
''', tests='''import pytest

from {package}.batches import StockBatch


def test_moves_kept():
    levels = {{"{sku}": {units}}}
    batch = StockBatch(levels)
    batch.begin()
    batch.move("{sku}", -2)
    batch.move("{other}", 5)
    batch.commit()
    assert levels == {{"{sku}": {units} - 2, "{other}": 5}}


def test_rollback_undoes_everything():
    levels = {{"{sku}": {units}}}
    batch = StockBatch(levels)
    batch.begin()
    batch.move("{other}", 5)
    with pytest.raises(ValueError):
        batch.move("{sku}", -{too_many})
    batch.rollback()
    assert levels == {{"{sku}": {units}}}
''', new_test='''

def test_failed_batch_in_a_with_block_undone():
    levels = {{"{sku}": {units}}}
    with pytest.raises(ValueError):
        with {manager}(levels) as batch:
            batch.move("{other}", 5)
            batch.move("{sku}", -{too_many})
    assert levels == {{"{sku}": {units}}}
'''),
}


def values(rng: random.Random, faker: Faker) -> dict[str, object]:
    """The seeded values a resource's tests use (every resource takes what it names)."""
    amounts = [round(rng.uniform(-300, 900), rng.choice([1, 2])) for _ in range(2)]
    days = sorted(day_between(faker, -365).isoformat() for _ in range(2))
    seconds = round(rng.uniform(0.5, 90), 3)
    units = rng.randint(4, 40)
    skus = rng.sample(["A-100", "B-220", "C-310", "D-405", "E-512"], 2)
    return {"day1": days[0], "day2": days[1], "amount1": amounts[0], "amount2": amounts[1],
            "shown1": f"{amounts[0]:.2f}", "shown2": f"{amounts[1]:.2f}", "seconds": seconds,
            "shown_seconds": f"{seconds:.2f}", "units": units, "too_many": units + rng.randint(1, 9),
            "sku": skus[0], "other": skus[1],
            "job": rng.choice(["nightly-export", "stock-sync", "payroll-run", "backup"])}


def add_resource(rng: random.Random, faker: Faker, name: str) -> tuple[ProjectContent, Resource, dict[str, object]]:
    """A catalogue package (of the resource's related kind) with the resource module and its tests as
    the target, the spec and the drawn values (the new test and the probe's arguments use them)."""
    spec = RESOURCES[name]
    project, company = base_package(rng, faker, spec.kind)
    drawn = {**values(rng, faker), "package": project.package}
    gap = "\n\n" if spec.source.startswith("\nclass") else "\n"
    source = f'"""{spec.about[0].upper()}{spec.about[1:]}, for {company}."""' + gap + spec.source
    return with_module(project, spec.module, source, spec.tests.format(**drawn), spec.about, [spec.klass]), spec, drawn
