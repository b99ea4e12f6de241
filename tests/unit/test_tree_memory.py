"""The benches count a run's whole process tree, grandchildren included: its memory by command, its CPU."""

from __future__ import annotations

import subprocess
import sys

from tests.support.bench import load_bench

HOLD_MB = 120
# a child that starts a grandchild holding HOLD_MB of written pages, then waits on it
HOLDER = f"b = bytearray({HOLD_MB} * 2**20); b[::4096] = b'x' * len(b[::4096]); print('held', flush=True); input()"
PARENT = ("import subprocess, sys; p = subprocess.Popen([sys.executable, '-c', sys.argv[1]], stdin=sys.stdin); "
          "p.wait()")


def test_a_grandchilds_memory_counts_under_its_command() -> None:
    tree = load_bench("_tree_memory")
    child = subprocess.Popen([sys.executable, "-c", PARENT, HOLDER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "held"
        held = tree.tree_pss_mb(child.pid)
        alone = tree.tree_pss_mb(sys.maxsize)  # no such process: nothing
        with tree.TreeMemory(child.pid, interval_s=0.05) as memory:
            pass
    finally:
        child.communicate("\n", timeout=30)
    assert alone == {}
    assert sum(held.values()) >= HOLD_MB  # the grandchild's pages, though it is not the root's own child
    assert memory.report()["peak_total_pss_mb"] >= HOLD_MB
    assert set(memory.report()["peak_pss_by_command_mb"]) == set(held)


def test_a_grandchilds_cpu_counts_in_the_tree_and_a_filter_picks_processes() -> None:
    tree = load_bench("_tree_memory")
    burner = ("import time; end = time.process_time() + 0.3\nwhile time.process_time() < end: pass\n"
              "print('held', flush=True); input()")
    child = subprocess.Popen([sys.executable, "-c", PARENT, burner], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "held"
        everything = tree.tree_cpu_s(child.pid)
        only_root = tree.tree_cpu_s(child.pid, lambda pid: pid == child.pid)
        nothing = tree.tree_cpu_s(child.pid, lambda pid: False)
    finally:
        child.communicate("\n", timeout=30)
    assert everything >= 0.25 > only_root  # the grandchild burnt 0.3 s (ticks round down), not the root
    assert nothing == 0
