"""The memory (and CPU) a whole process tree uses, sampled while a run goes on.

A run's memory is not only its Python processes': the workers' kept soffices (and their UNO
bridges) are descendants too, and a worker's own peak RSS does not show them. PSS (proportional
set size, from /proc/PID/smaps_rollup) adds up across processes without counting shared pages
twice, so the tree's total is what the run costs the machine.
"""

from __future__ import annotations

import os
import threading
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path


def process_tree(root: int) -> list[int]:
    """`root` and its live descendants, from /proc (`root` first; empty when it is gone)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except OSError:  # it ended meanwhile
                continue
    children: dict[int, list[int]] = defaultdict(list)
    for pid, parent in parents.items():
        children[parent].append(pid)
    tree, todo = [], [root] if root in parents else []
    while todo:
        pid = todo.pop()
        tree.append(pid)
        todo.extend(children.get(pid, []))
    return tree


def tree_cpu_s(root: int, keep: Callable[[int], bool] = lambda pid: True) -> float:
    """CPU seconds of `root` and every live descendant that `keep` accepts, each with its reaped
    children, from /proc: on a loaded machine CPU seconds compare where wall time cannot."""
    total = 0
    for pid in process_tree(root):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            if keep(pid):
                total += sum(int(f) for f in fields[11:15])  # utime stime cutime cstime
        except OSError:  # it ended meanwhile
            continue
    return total / os.sysconf("SC_CLK_TCK")


def tree_pss_mb(root: int) -> dict[str, float]:
    """PSS in MB of `root` and its live descendants, summed by command name (comm)."""
    by_command: dict[str, float] = defaultdict(float)
    for pid in process_tree(root):
        try:
            command = Path(f"/proc/{pid}/comm").read_text().strip()
            with open(f"/proc/{pid}/smaps_rollup") as rollup:
                kb = next(int(line.split()[1]) for line in rollup if line.startswith("Pss:"))
        except (OSError, StopIteration, ValueError):  # ended, or a kernel thread without a rollup
            continue
        by_command[command] += kb / 1024
    return dict(by_command)


class TreeMemory:
    """Samples `tree_pss_mb(root)` every `interval_s` on a thread until stopped; keeps the sample
    with the largest total."""

    def __init__(self, root: int = 0, interval_s: float = 2.0) -> None:
        self.root, self.interval_s = root or os.getpid(), interval_s
        self.peak: dict[str, float] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="tree-memory", daemon=True)

    def __enter__(self) -> TreeMemory:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        while True:
            sample = tree_pss_mb(self.root)
            if sum(sample.values()) > sum(self.peak.values()):
                self.peak = sample
            if self._stop.wait(self.interval_s):
                return

    def report(self) -> dict[str, object]:
        """The peak sample: its total and its largest commands (what a machine must hold)."""
        top = sorted(self.peak.items(), key=lambda item: -item[1])[:6]
        return {"peak_total_pss_mb": round(sum(self.peak.values()), 1),
                "peak_pss_by_command_mb": {command: round(mb, 1) for command, mb in top}}
