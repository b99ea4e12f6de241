"""`forge serve` asks for runs every `POLL_S`, not Prefect's 10 s, unless the user set the interval."""

from __future__ import annotations

import os
import subprocess
import sys

from prefect.settings import PREFECT_RUNNER_POLL_FREQUENCY, temporary_settings

from forge.prefect_serve import POLL_S, poll_seconds

_SHOW = "from forge.prefect_serve import poll_seconds; print(poll_seconds())"


def _in_a_new_process(**env: str) -> str:
    """`poll_seconds()` as a new `forge serve` sees it (Prefect reads its settings at start-up)."""
    clean = {k: v for k, v in os.environ.items() if k != "PREFECT_RUNNER_POLL_FREQUENCY"}
    done = subprocess.run([sys.executable, "-c", _SHOW], env={**clean, **env}, capture_output=True, text=True,
                          timeout=120, check=True)
    return done.stdout.strip()


def test_the_runner_polls_every_poll_s_by_default() -> None:
    assert POLL_S < 10  # Prefect's own default
    assert _in_a_new_process() == str(POLL_S)


def test_a_users_interval_wins_from_the_environment_or_the_settings() -> None:
    assert _in_a_new_process(PREFECT_RUNNER_POLL_FREQUENCY="7") == "None"  # the runner reads it itself
    with temporary_settings(updates={PREFECT_RUNNER_POLL_FREQUENCY: 10}):  # set, even to Prefect's default
        assert poll_seconds() is None
