"""The `forge` command as users run it, against the session's real Prefect server."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from forge.prefect_serve import DEPLOYMENT, POLL_S, ServedDeployment, deployment_last_polled
from forge.prefect_server import LocalServer, alive
from tests.conftest import free_port

pytestmark = pytest.mark.slow


def forge(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["forge", *args], env=env, capture_output=True, text=True, timeout=300)


def test_generate_prints_a_json_summary_and_writes_shards(cli_env: dict[str, str], tmp_path: Path) -> None:
    out = tmp_path / "shards"
    run = forge("generate", "--tasks", "3", "--seed", "2", "--output-dir", str(out), "--json", env=cli_env)
    assert run.returncode == 0, run.stderr
    summary = json.loads(run.stdout)
    assert summary["counts"]["accepted"] == 3 and summary["counts"]["rows_written"] == 3
    assert summary["teacher"] == "reference-replay" and summary["judge"] == "programmatic"
    assert pq.read_table(out).num_rows == 3

    again = json.loads(forge("generate", "--tasks", "3", "--seed", "2", "--output-dir", str(out), "--json",
                             env=cli_env).stdout)
    assert again["run_id"] == summary["run_id"] and again["counts"]["rows_written"] == 0
    assert pq.read_table(out).num_rows == 3


def test_generate_leaves_the_runs_objects_out_of_the_exits_collection(cli_env: dict[str, str], tmp_path: Path) -> None:
    """The interpreter's teardown collects every object the run left in the process (~0.8 s of the
    command's wall time, measured): frozen first, they are skipped. Checked at the process's last
    exit handler, after the command returned."""
    script = """
import atexit, gc, sys
if __name__ == "__main__":  # the workers' fork server imports this file too
    atexit.register(lambda: print("frozen at exit:", gc.get_freeze_count()))  # registered first: runs last
    from forge.cli.app import app
    app(sys.argv[1:])
"""
    run = subprocess.run([sys.executable, "-c", script, "generate", "--tasks", "1", "--skill",
                          "spreadsheet.data.sort.ascending", "--output-dir", str(tmp_path / "o"), "--json"],
                         env=cli_env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout.split("frozen at exit:")[0])["counts"]["rows_written"] == 1
    assert int(run.stdout.split("frozen at exit:")[1]) > 100_000


def test_unknown_skills_are_recorded_and_the_rest_run(cli_env: dict[str, str], tmp_path: Path) -> None:
    run = forge("generate", "--tasks", "1", "--skill", "spreadsheet.no.such", "--skill", "spreadsheet.data.sort.ascending",
                "--output-dir", str(tmp_path / "o"), "--json", env=cli_env)
    assert run.returncode == 0, run.stderr
    summary = json.loads(run.stdout)
    assert summary["rejections"] == {"sample:unknown_skill": 1} and summary["counts"]["rows_written"] == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--harness", "no-such-harness"], "unknown harness 'no-such-harness'; known: "),
        (["--output-dir", f"{os.devnull}/forge-shards"], "pass a writable --output-dir"),  # under a file: never creatable
        (["--skill", "spreadsheet.no.such"], "none of the requested skills exist"),
    ],
)
def test_bad_input_gets_a_clear_message_and_exit_2(args: list[str], message: str, cli_env: dict[str, str]) -> None:
    run = forge("generate", "--tasks", "1", *args, env=cli_env)
    assert run.returncode == 2
    assert message in " ".join(run.stderr.split())


def test_a_half_configured_model_endpoint_is_refused_not_silently_replayed(cli_env: dict[str, str]) -> None:
    run = forge("generate", "--tasks", "1", env={**cli_env, "FORGE_TEACHER_BASE_URL": "http://127.0.0.1:9/v1"})
    assert run.returncode == 2
    assert "FORGE_TEACHER_BASE_URL is set but FORGE_TEACHER_MODEL is not" in " ".join(run.stderr.split())


def test_skills_list_shows_the_taxonomy(cli_env: dict[str, str]) -> None:
    run = forge("skills", "list", "--json", env=cli_env)
    skills = json.loads(run.stdout)
    assert {"spreadsheet.data.sort.ascending", "spreadsheet.formula.total_row.sum"} <= {s["id"] for s in skills}


def _wait_until_served(proc: subprocess.Popen[str], served: ServedDeployment, api_url: str, polled_before: str | None) -> None:
    deadline = time.monotonic() + 120
    while True:
        assert proc.poll() is None, proc.communicate()[0]
        info = served.info()
        polled = deployment_last_polled(api_url, DEPLOYMENT)
        if info is not None and info.pid == proc.pid and polled not in (None, polled_before):
            return
        assert time.monotonic() < deadline, f"{DEPLOYMENT} was never served"
        time.sleep(0.25)


@pytest.mark.parametrize("server", ["server-up", "server-gone"])
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_serve_stops_on_a_signal_with_exit_0_and_no_traceback(sig: signal.Signals, server: str, cli_env: dict[str, str],
                                                              tmp_path: Path) -> None:
    own = LocalServer(tmp_path / "own-server") if server == "server-gone" else None
    api_url = own.start(port=free_port()).url if own else cli_env["PREFECT_API_URL"]
    served = ServedDeployment(Path(cli_env["FORGE_DATA_DIR"]))
    polled_before = deployment_last_polled(api_url, DEPLOYMENT)
    proc = subprocess.Popen(["forge", "serve"], env={**cli_env, "PREFECT_API_URL": api_url}, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        _wait_until_served(proc, served, api_url, polled_before)
        if own:
            own.stop()
        proc.send_signal(sig)
        output = proc.communicate(timeout=60)[0]  # Prefect's own shutdown hung for minutes without its server
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        if own:
            own.stop()
    assert proc.returncode == 0, output
    assert f"{sig.name} received: stopping" in output and "stopped serving forge/generate" in output
    assert "Traceback" not in output, output
    assert not served.state_file.exists()


def test_serve_detach_returns_once_served_and_serve_stop_ends_it(cli_env: dict[str, str]) -> None:
    api_url = cli_env["PREFECT_API_URL"]
    served = ServedDeployment(Path(cli_env["FORGE_DATA_DIR"]))
    polled_before = deployment_last_polled(api_url, DEPLOYMENT)
    run = forge("serve", "--detach", env=cli_env)
    info = served.info()
    try:
        assert run.returncode == 0, run.stderr
        assert info is not None and f"pid {info.pid}" in " ".join(run.stdout.split())
        assert deployment_last_polled(api_url, DEPLOYMENT) not in (None, polled_before)  # polling before it returned
        polls, deadline = {deployment_last_polled(api_url, DEPLOYMENT)}, time.monotonic() + 3 * POLL_S + 1
        while len(polls) < 3 and time.monotonic() < deadline:  # Prefect's own default polls every 10 s
            time.sleep(0.2)
            polls.add(deployment_last_polled(api_url, DEPLOYMENT))
        assert len(polls) == 3, polls  # a triggered run waits POLL_S at most before its process starts

        again = forge("serve", "--detach", env=cli_env)
        assert again.returncode == 0 and f"pid {info.pid}" in " ".join(again.stdout.split())
        second = forge("serve", env=cli_env)
        assert second.returncode == 2 and f"already runs (pid {info.pid})" in " ".join(second.stderr.split())
    finally:
        stop = forge("serve", "stop", env=cli_env)
    assert stop.returncode == 0 and f"Stopped `forge serve` (pid {info.pid})" in stop.stdout
    assert not alive(info.pid, b"forge")
    with pytest.raises(ProcessLookupError):
        os.killpg(info.pid, 0)  # nothing of its process group is left
    assert "Traceback" not in served.log_file.read_text()
    assert "No `forge serve` is running." in forge("serve", "stop", env=cli_env).stdout


def test_server_url_without_a_server_says_how_to_start_one(cli_env: dict[str, str]) -> None:
    run = forge("server", "url", env=cli_env)
    assert run.returncode == 1 and run.stdout == ""
    assert "run `forge server start`" in " ".join(run.stderr.split())


def test_server_start_on_a_taken_port_names_the_setting_that_moves_it(cli_env: dict[str, str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = forge("server", "start", env={**cli_env, "FORGE_SERVER_PORT": str(port)})
    assert run.returncode == 2
    assert f"is port {port} taken? pick another with --port or FORGE_SERVER_PORT" in " ".join(run.stderr.split())
