"""What one command costs in a warm sandbox shell. Prints one JSON object.

Each command runs in its own subshell of the sandbox's trusted shell, which restores the
shell state the previous command left and saves its own (`forge.sandbox._shell`). Measured:
the round trip of `true` with an empty state and with a larger one (many variables, functions
and aliases), an `echo`, an external program (`/bin/true`: one more fork and exec), a 100 kB
command text, and the CPU (user + system of this process and of
the sandbox's processes: the trusted shell and, through it, each command's subshell) per `true`.

    python bench/shell_command.py [--commands 300]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from forge.sandbox import BwrapSandbox, open_sandbox

_BIG_STATE = (
    "for i in $(seq 100); do declare -g v$i=value-$i; done; declare -a arr=($(seq 200)); "
    "for i in $(seq 30); do eval \"fn$i() { echo $i; }\"; alias a$i='echo $i'; done; cd /tmp"
)


def _round_trips(box: BwrapSandbox, command: str, n: int) -> dict[str, float]:
    samples = []
    for _ in range(n):
        started = time.perf_counter()
        result = box.run(command)
        samples.append(time.perf_counter() - started)
        assert result.exit_code == 0, result
    ordered = sorted(samples)
    return {
        "median_ms": round(statistics.median(ordered) * 1000, 3),
        "p90_ms": round(ordered[round(0.9 * (len(ordered) - 1))] * 1000, 3),
        "min_ms": round(ordered[0] * 1000, 3),
    }


def _tree_cpu_seconds(root: int) -> float:
    """CPU of this process plus the sandbox's tree under `root` (a process's reaped children
    count in its own cutime/cstime, so each command's subshell is in the trusted shell's)."""
    parents: dict[int, int] = {}
    times: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents[int(entry)] = int(fields[1])
            times[int(entry)] = sum(int(f) for f in fields[11:15])
    tree, grew = {root}, True
    while grew:
        grew = False
        for pid, parent in parents.items():
            if parent in tree and pid not in tree:
                tree.add(pid)
                grew = True
    own = os.times()
    return own.user + own.system + sum(times.get(pid, 0) for pid in tree) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=300)
    args = parser.parse_args()
    n = args.commands
    report: dict[str, object] = {"machine": platform.node(), "cpus": os.cpu_count(), "commands": n}
    with tempfile.TemporaryDirectory() as tmp:
        with open_sandbox(Path(tmp)) as box:
            assert isinstance(box, BwrapSandbox)
            box.run("true")
            report["true"] = _round_trips(box, "true", n)
            report["echo"] = _round_trips(box, "echo hello", n)
            report["external_program"] = _round_trips(box, "/bin/true", n)
            report["command_100kb"] = _round_trips(box, ": " + "x" * 100_000, max(10, n // 10))
            assert box.pid is not None
            cpu_before = _tree_cpu_seconds(box.pid)
            for _ in range(n):
                box.run("true")
            report["cpu_per_true_ms"] = round((_tree_cpu_seconds(box.pid) - cpu_before) / n * 1000, 3)
            box.run(_BIG_STATE)
            report["state_bytes_with_big_state"] = len(box.run("declare -p; declare -f; alias -p").stdout)
            report["true_with_big_state"] = _round_trips(box, "true", n)
    print(json.dumps(report))


if __name__ == "__main__":
    main()
