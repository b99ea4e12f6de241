"""A task is a function of its skill and seed, not of the day it is drawn: bundle ids are content
hashes, and a rerun resumes by them. Faker's date methods count from the real clock, so families
that used them drew another task every day (or every second); `preparers.fake` dates count from a
fixed day. One skill of every family is built on two far-apart days and must come out the same."""

from __future__ import annotations

import datetime as dt

import time_machine

from forge.plugins import ensure_loaded
from skills import derive_seed, load_taxonomy
from skills.sampler import coverage_sample
from workflows import WORKFLOWS

DAYS = [dt.datetime(2027, 3, 14, 9, 26, 53, tzinfo=dt.UTC), dt.datetime(2031, 11, 2, 17, 5, 8, tzinfo=dt.UTC)]


def _ids(skills: list, when: dt.datetime) -> dict[str, str]:
    with time_machine.travel(when, tick=True):
        assert dt.date.today().year == when.year  # the clock really moved
        return {s.id: WORKFLOWS.get(s.workflow).build(s, derive_seed(7, 0)).id for s in skills}


def test_every_family_draws_the_same_task_on_any_day() -> None:
    ensure_loaded()
    taxonomy = load_taxonomy()
    skills = [s for s in coverage_sample(taxonomy, 1, 0) if s.id not in taxonomy.awaiting]
    assert len({s.workflow for s in skills}) >= 500  # every written family with a ready skill
    first, second = (_ids(skills, when) for when in DAYS)
    moved = sorted(s for s in first if first[s] != second[s])
    assert not moved, f"tasks that depend on the day they are drawn: {moved}"
