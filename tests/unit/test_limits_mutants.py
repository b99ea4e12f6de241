"""A sandbox cgroup's own bookkeeping, without a sandbox: the bounds each hierarchy gets, which
file holds the OOM count, who is in it, joining and wrapping, killing (a v2 cgroup's whole subtree
through `cgroup.kill`), removal (twice, of gone dirs, of one that cannot go) and the sweep of dead
hosts' dirs. Real cgroups where the host has them writable (as root: the v1 or v2 memory and pids
hierarchies; a cgroup2 mount's tree for `cgroup.kill`), and the other version's files laid out in a
temporary folder, as the kernel names them, where only this code reads and writes them."""

from __future__ import annotations

import logging
import os
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from forge.errors import SandboxError
from forge.sandbox import _limits as limits
from forge.sandbox._cgroupfs import CgroupUnavailableError, Hierarchy, Mount, mounts, paths_of, under
from forge.sandbox._limits import (
    SandboxCgroup,
    _enable_v2,
    _kill_and_wait,
    _set_bounds,
    _sweep,
    join_cgroups_of,
    wait_for_removals,
    writable_hierarchies,
)

MIB = 1024 * 1024


def ours() -> list[Path]:
    """This process's sandbox cgroup dirs in the hierarchies sandboxes use."""
    return sorted(p for h in writable_hierarchies() for p in h.parent.glob(f"forge-{os.getpid()}-*"))


@pytest.fixture
def cgroup() -> Iterator[SandboxCgroup]:
    made = SandboxCgroup.create(64, 16)
    yield made
    made.remove()


def fake(tmp_path: Path, version: int, controllers: tuple[str, ...], name: str, **files: str) -> tuple[Hierarchy, Path]:
    """A cgroup dir laid out as the kernel's (`files`: name -> content, dots written as `__`)."""
    path = tmp_path / name
    path.mkdir()
    for file, content in files.items():
        (path / file.replace("__", ".")).write_text(content)
    mount = Mount("cgroup2" if version == 2 else "cgroup", "/", tmp_path, frozenset({"rw"}), False)
    return Hierarchy(version, controllers, tmp_path, mount), path


@pytest.fixture
def writable_cgroup2(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Mount]:
    """This host's writable cgroup2 mount; in a container, whose cgroup2 is mounted read-only
    (Docker), one of our own (root with CAP_SYS_ADMIN may mount its cgroup namespace's tree)."""
    mount = next((m for m in mounts() if m.fstype == "cgroup2" and not m.read_only), None)
    if mount is not None:
        yield mount
        return
    point = tmp_path_factory.mktemp("cgroup2")
    done = subprocess.run(["mount", "-t", "cgroup2", "cgroup2", str(point)], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, f"no writable cgroup2 mount on this host, and none could be made " \
                                 f"({done.stderr.strip()}): run the suite as root"
    try:
        yield next(m for m in mounts() if m.point == point)
    finally:
        subprocess.run(["umount", "-l", str(point)], check=False)


@pytest.fixture
def unified(writable_cgroup2: Mount) -> Iterator[tuple[Hierarchy, Path]]:
    """A fresh dir of a writable cgroup2 tree (no controllers needed: `cgroup.kill` and
    `cgroup.procs` are the core's), under this process's own v2 cgroup; emptied and removed after."""
    mount = writable_cgroup2
    path = under(mount, paths_of("/proc/self/cgroup")[""]) / f"forge-mutants-{os.getpid()}-{os.urandom(4).hex()}"
    path.mkdir()
    yield Hierarchy(2, (), path.parent, mount), path
    (path / "cgroup.kill").write_text("1")  # the whole subtree
    for inner in sorted((p for p in path.rglob("*") if p.is_dir()), key=lambda p: -len(p.parts)):
        inner.rmdir()
    path.rmdir()


def sleeper() -> subprocess.Popen[bytes]:
    return subprocess.Popen(["sleep", "300"])


# --- made, bounded, named -----------------------------------------------------------------------


def test_each_hierarchy_gets_its_own_bounds_under_this_processs_cgroup(cgroup: SandboxCgroup) -> None:
    name = cgroup.paths[0].name
    assert re.fullmatch(rf"forge-{os.getpid()}-[0-9a-f]+", name)
    hierarchies = writable_hierarchies()
    assert cgroup.paths == tuple(h.parent / name for h in hierarchies) and all(p.is_dir() for p in cgroup.paths)
    for hierarchy, path in zip(hierarchies, cgroup.paths):
        if "pids" in hierarchy.controllers:
            assert (path / "pids.max").read_text().strip() == "16"
        if "memory" in hierarchy.controllers:
            files = ["memory.limit_in_bytes", "memory.memsw.limit_in_bytes"] if hierarchy.version == 1 else ["memory.max"]
            assert [int((path / f).read_text()) for f in files if (path / f).exists()][:1] == [64 * MIB]
            if (path / "memory.memsw.limit_in_bytes").exists():
                assert int((path / "memory.memsw.limit_in_bytes").read_text()) == 64 * MIB
    assert cgroup.memory_mb == 64 and cgroup.oom_kills() == 0 and cgroup.pids() == []


def test_a_bound_the_kernel_refuses_leaves_no_dir_behind() -> None:
    wait_for_removals()  # earlier tests' closed sandboxes are gone first
    before = ours()
    with pytest.raises(SandboxError, match=r"cannot set the sandbox's bounds in /.*forge-\d+-[0-9a-f]+: "):
        SandboxCgroup.create(64, -5)
    assert ours() == before
    with pytest.raises(CgroupUnavailableError, match=r"cannot create the cgroup /.*no-such-forge-parent/forge-"):
        SandboxCgroup.create(64, 8, parent="/no-such-forge-parent")


def test_on_a_v2_host_the_controllers_are_enabled_first_and_a_failure_leaves_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """This host's layout is its own; the other version's is a folder laid out as the kernel's, handed
    to `create` as the hierarchy it found (a plain folder has no control files: setting bounds fails)."""
    hierarchy, _ = fake(tmp_path, 2, ("memory", "pids"), "unused")
    monkeypatch.setattr(limits, "writable_hierarchies", lambda parent=None: (hierarchy,))
    with pytest.raises(CgroupUnavailableError, match="cannot read this process's cgroups .*cgroup.subtree_control"):
        SandboxCgroup.create(64, 16)  # its parent has no subtree_control to read
    (tmp_path / "cgroup.subtree_control").write_text("")
    with pytest.raises(SandboxError, match=r"cannot set the sandbox's bounds in .*/forge-\d+-[0-9a-f]+: "):
        SandboxCgroup.create(64, 16)
    assert (tmp_path / "cgroup.subtree_control").read_text() == "+memory +pids"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cgroup.subtree_control", "unused"]  # its dir removed


@pytest.mark.parametrize("swap", [True, False])
def test_v2_bounds_memory_and_swap_and_pids(tmp_path: Path, swap: bool) -> None:
    files = {"memory__max": "", "pids__max": "", **({"memory__swap__max": ""} if swap else {})}
    hierarchy, path = fake(tmp_path, 2, ("memory", "pids"), "cg", **files)
    _set_bounds(hierarchy, path, 64, 16)
    assert (path / "memory.max").read_text() == str(64 * MIB) and (path / "pids.max").read_text() == "16"
    assert (path / "memory.swap.max").read_text() == "0" if swap else not (path / "memory.swap.max").exists()
    assert not (path / "memory.limit_in_bytes").exists()


@pytest.mark.parametrize("memsw", [True, False])
def test_v1_bounds_memory_and_memsw(tmp_path: Path, memsw: bool) -> None:
    files = {"memory__limit_in_bytes": "", **({"memory__memsw__limit_in_bytes": ""} if memsw else {})}
    hierarchy, path = fake(tmp_path, 1, ("memory",), "cg", **files)
    _set_bounds(hierarchy, path, 3, 16)
    assert (path / "memory.limit_in_bytes").read_text() == str(3 * MIB)
    assert (path / "memory.memsw.limit_in_bytes").read_text() == str(3 * MIB) if memsw else \
        not (path / "memory.memsw.limit_in_bytes").exists()
    assert not (path / "pids.max").exists() and not (path / "memory.max").exists()  # not a pids hierarchy, not v2


def test_a_v2_pids_only_hierarchy_gets_no_memory_bound_and_a_missing_file_is_an_error(tmp_path: Path) -> None:
    hierarchy, path = fake(tmp_path, 2, ("pids",), "pids_only", pids__max="")
    _set_bounds(hierarchy, path, 64, 7)
    assert (path / "pids.max").read_text() == "7" and not (path / "memory.max").exists()
    memory, bare = fake(tmp_path, 2, ("memory",), "bare")
    with pytest.raises(SandboxError, match=f"cannot set the sandbox's bounds in {bare}: "):
        _set_bounds(memory, bare, 64, 7)


@pytest.mark.parametrize(("enabled", "after"), [("", "+memory +pids"), ("memory pids\n", "memory pids\n"),
                                                ("pids\n", "+memory")])
def test_v2_enables_only_the_controllers_its_parent_does_not(tmp_path: Path, enabled: str, after: str) -> None:
    hierarchy, _ = fake(tmp_path, 2, ("memory", "pids"), "child")
    (tmp_path / "cgroup.subtree_control").write_text(enabled)
    _enable_v2(hierarchy)
    assert (tmp_path / "cgroup.subtree_control").read_text() == after


@pytest.mark.parametrize(("controller", "error"), [
    ("nosuchcontroller", "[Errno 22] Invalid argument"),  # a name the kernel does not know
    ("pids", "[Errno 2] No such file or directory"),  # one its parent does not hand down
])
def test_a_controller_the_kernel_cannot_enable_is_a_clear_error(unified: tuple[Hierarchy, Path], controller: str,
                                                                error: str) -> None:
    hierarchy, path = unified
    (path / "inner").mkdir()  # a fresh cgroup's child: its parent enabled nothing for it
    child = Hierarchy(2, (controller,), path / "inner", hierarchy.mount)
    with pytest.raises(CgroupUnavailableError) as caught:
        _enable_v2(child)
    assert str(caught.value).startswith(f"cannot enable {controller} for children of {path / 'inner'}: {error}; ")
    assert "holds processes" not in str(caught.value) and "FORGE_SANDBOX_REQUIRE_AGGREGATE_LIMITS" in str(caught.value)


# --- what is in it ------------------------------------------------------------------------------


def test_the_oom_count_is_read_from_the_memory_hierarchys_own_file(tmp_path: Path) -> None:
    pids = fake(tmp_path, 1, ("pids",), "pids", memory__events="oom_kill 9\n", memory__oom_control="oom_kill 9\n")
    v1 = fake(tmp_path, 1, ("memory",), "v1", memory__oom_control="oom_kill_disable 0\nunder_oom 0\noom_kill 5\n",
              memory__events="oom_kill 7\n")
    v2 = fake(tmp_path, 2, ("memory", "pids"), "v2", memory__events="low 0\nmax 4\noom 3\noom_kill 2\n",
              memory__oom_control="oom_kill 8\n")
    assert SandboxCgroup((pids, v1), 64).oom_kills() == 5
    assert SandboxCgroup((pids, v2), 64).oom_kills() == 2
    assert SandboxCgroup((pids,), 64).oom_kills() == 0
    assert SandboxCgroup((fake(tmp_path, 2, ("memory",), "none", memory__events="oom 1\n"),), 64).oom_kills() == 0
    assert SandboxCgroup((fake(tmp_path, 2, ("memory",), "unread"),), 64).oom_kills() == 0


def test_pids_are_every_hierarchys_members_once_in_order(tmp_path: Path) -> None:
    first = fake(tmp_path, 1, ("memory",), "a", cgroup__procs="12\n5\n")
    second = fake(tmp_path, 1, ("pids",), "b", cgroup__procs="5\n30\n")
    gone = fake(tmp_path, 1, ("pids",), "c")
    cgroup = SandboxCgroup((first, second, gone), 64)
    assert cgroup.pids() == [5, 12, 30]
    assert cgroup.procs_paths == (tmp_path / "a" / "cgroup.procs", tmp_path / "b" / "cgroup.procs",
                                  tmp_path / "c" / "cgroup.procs")


def test_a_joined_process_and_a_wrapped_command_are_inside(cgroup: SandboxCgroup) -> None:
    helper = sleeper()
    try:
        cgroup.join(helper.pid)
        assert cgroup.pids() == [helper.pid]
        shown = subprocess.run(cgroup.wrap(["sh", "-c", 'echo "$@"; cat /proc/self/cgroup', "sh", "a b", "--"]),
                               capture_output=True, text=True, check=True).stdout
        assert shown.startswith("a b --\n")
        assert len([line for line in shown.splitlines() if line.endswith("/" + cgroup.paths[0].name)]) == len(cgroup.paths)
    finally:
        cgroup.kill_all()
    assert helper.poll() == -9  # killed and exited before kill_all returned


def test_a_process_joins_itself_through_tasks_on_v1_and_cgroup_procs_on_v2(tmp_path: Path) -> None:
    """v1's `cgroup.procs` would wait an RCU grace period per join (the global threadgroup lock)."""
    v1, v2 = fake(tmp_path, 1, ("memory",), "v1"), fake(tmp_path, 2, ("memory", "pids"), "v2")
    joins = SandboxCgroup((v1, v2), 64).self_join_paths
    assert joins == (tmp_path / "v1" / "tasks", tmp_path / "v2" / "cgroup.procs")


def test_every_thread_and_child_of_a_wrapped_command_is_inside(cgroup: SandboxCgroup) -> None:
    """The wrapper moves only its own thread (v1 `tasks`): what the command starts after it must follow."""
    script = ("import os, threading, subprocess; ready = threading.Event(); "
              "threading.Thread(target=ready.wait, daemon=True).start(); "
              "child = subprocess.run(['cat', '/proc/self/cgroup'], capture_output=True, text=True).stdout; "
              "tasks = [open(f'/proc/self/task/{t}/cgroup').read() for t in os.listdir('/proc/self/task')]; "
              "print(len(tasks)); print(*tasks, child, sep='', end=''); ready.set()")
    wrapped = cgroup.wrap([sys.executable, "-c", script])
    shown = subprocess.run(wrapped, capture_output=True, text=True, check=True)
    count, _, tables = shown.stdout.partition("\n")
    assert int(count) == 2, shown.stdout  # the main thread and the started one
    ends = [line for line in tables.splitlines() if line.endswith("/" + cgroup.paths[0].name)]
    assert len(ends) == 3 * len(cgroup.paths), shown.stdout  # each thread and the child, in every hierarchy


def test_joining_or_wrapping_into_a_missing_cgroup_fails(tmp_path: Path) -> None:
    hierarchy, path = fake(tmp_path, 1, ("pids",), "cg")
    path.rmdir()
    gone = SandboxCgroup(((hierarchy, path),), 64)
    with pytest.raises(SandboxError, match=f"cannot move pid 4242 into the sandbox cgroup {path}: "):
        gone.join(4242)
    assert subprocess.run(gone.wrap(["true"]), capture_output=True, check=False).returncode == 125


def test_a_helper_joins_the_cgroups_of_a_sandbox_process(cgroup: SandboxCgroup) -> None:
    helper = sleeper()
    cgroup.join(helper.pid)
    script = ("import sys, time; from forge.sandbox._limits import join_cgroups_of; "
              "print([str(p) for p in join_cgroups_of(int(sys.argv[1]))], flush=True); time.sleep(300)")
    other = subprocess.Popen([sys.executable, "-c", script, str(helper.pid)], stdout=subprocess.PIPE, text=True,
                             cwd=Path(__file__).resolve().parents[2])
    try:
        assert other.stdout is not None
        assert other.stdout.readline().strip() == repr([str(p) for p in cgroup.procs_paths])
        assert cgroup.pids() == sorted([helper.pid, other.pid])
    finally:
        cgroup.kill_all()
        other.wait(timeout=30)
    assert join_cgroups_of(os.getpid()) == []  # already where it is: nothing to write


_JOIN_V2 = """
import sys
from pathlib import Path
from forge.sandbox import _limits
from forge.sandbox._cgroupfs import Hierarchy, mounts
sandbox, start = Path(sys.argv[2]), Path(sys.argv[3])
(start / "cgroup.procs").write_text("0")  # the helper starts in another cgroup, one that sorts after
mount = next(m for m in mounts() if m.point == Path(sys.argv[4]))
_limits.writable_hierarchies = lambda parent=None: (Hierarchy(2, (), sandbox.parent, mount),)
print([str(p) for p in _limits.join_cgroups_of(int(sys.argv[1]))], flush=True)
"""


def test_a_helper_joins_a_v2_sandbox_cgroup(unified: tuple[Hierarchy, Path]) -> None:
    """v2 names one path for every controller (key ""): the helper joins the sandbox's, from a
    cgroup of its own (here a child of the sandbox's: its path sorts after the sandbox's)."""
    hierarchy, path = unified
    (path / "zz").mkdir()
    target = sleeper()
    (path / "cgroup.procs").write_text(str(target.pid))
    joined = subprocess.run([sys.executable, "-c", _JOIN_V2, str(target.pid), str(path), str(path / "zz"),
                             str(hierarchy.mount.point)], capture_output=True, text=True, timeout=60,
                            cwd=Path(__file__).resolve().parents[2], check=False)
    assert joined.stdout.strip() == repr([str(path / "cgroup.procs")]), joined.stderr
    target.kill()
    target.wait()


# --- killing and removal ------------------------------------------------------------------------


def test_killing_a_v2_cgroup_reaches_its_nested_cgroups(unified: tuple[Hierarchy, Path]) -> None:
    """`cgroup.procs` lists direct members only; `cgroup.kill` kills the whole subtree."""
    hierarchy, path = unified
    (path / "inner").mkdir()
    nested = sleeper()
    (path / "inner" / "cgroup.procs").write_text(str(nested.pid))
    cgroup = SandboxCgroup(((hierarchy, path),), 64)
    assert cgroup.pids() == []
    cgroup.kill_all()
    assert nested.wait(timeout=30) == -9


def test_kill_and_wait_returns_once_every_process_exited_and_keeps_no_pidfd() -> None:
    first, second = sleeper(), sleeper()
    second.kill()
    second.wait()
    wait_for_removals()  # no removal thread opens pidfds meanwhile
    open_fds = sorted(os.listdir("/proc/self/fd"))
    _kill_and_wait([second.pid, first.pid])  # a gone one (its pid refused) does not stop the rest
    assert first.poll() == -9
    assert sorted(os.listdir("/proc/self/fd")) == open_fds


def test_close_kills_at_once_and_one_thread_removes_the_dirs(caplog: pytest.LogCaptureFixture) -> None:
    closed = [SandboxCgroup.create(64, 16) for _ in range(2)]
    helpers = [sleeper() for _ in closed]
    for cgroup, helper in zip(closed, helpers):
        cgroup.join(helper.pid)
    with caplog.at_level(logging.WARNING, logger="forge.sandbox._limits"):
        for cgroup in closed:
            cgroup.close()
        wait_for_removals()
        assert [h.wait(timeout=30) for h in helpers] == [-9, -9]
        assert not any(p.exists() for c in closed for p in c.paths)
        assert [t.name for t in threading.enumerate()].count("forge-cgroup-removal") == 1
        closed[0].close()  # removed already: nothing to do
        closed[0].remove()
        wait_for_removals()
    assert caplog.records == []


def test_remove_kills_removes_and_is_safe_twice(caplog: pytest.LogCaptureFixture) -> None:
    cgroup, helper = SandboxCgroup.create(64, 16), sleeper()
    cgroup.join(helper.pid)
    with caplog.at_level(logging.WARNING, logger="forge.sandbox._limits"):
        cgroup.remove()
        assert helper.poll() == -9 and not any(p.exists() for p in cgroup.paths)
        cgroup.remove()
        gone = SandboxCgroup.create(64, 16)
        for path in gone.paths:
            path.rmdir()
        gone.remove()  # its dirs went meanwhile: nothing to warn about
    assert caplog.records == []


def test_a_dir_that_cannot_be_removed_is_a_warning_not_an_error(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    hierarchy, path = fake(tmp_path, 1, ("pids",), "busy", notes="a file no cgroup has\n")
    with caplog.at_level(logging.WARNING, logger="forge.sandbox._limits"):
        SandboxCgroup(((hierarchy, path),), 64).remove()
    assert path.exists() and [r.getMessage() for r in caplog.records] == [
        f"cannot remove the sandbox cgroup {path}: [Errno 39] Directory not empty: '{path}'"]


def test_the_sweep_removes_only_empty_dirs_of_dead_hosts_once_per_parent(tmp_path: Path) -> None:
    done = subprocess.Popen(["true"])
    done.wait()
    dead, alive = done.pid, os.getpid()
    names = {f"forge-{dead}-ab12": False, f"forge-{alive}-ab12": True, f"forge-{dead}-XY": True,
             f"forge-{dead}-ab12-x": True, f"forge-{dead}-ef56": True, "other": True}
    for name in names:
        (tmp_path / name).mkdir()
    (tmp_path / f"forge-{dead}-ef56" / "kept").write_text("not empty")
    (tmp_path / f"forge-{dead}-cd34").write_text("a file, not a dir")
    _sweep(tmp_path)
    assert {name: (tmp_path / name).exists() for name in names} == {name: kept for name, kept in names.items()}
    assert (tmp_path / f"forge-{dead}-cd34").exists()
    (tmp_path / f"forge-{dead}-ab13").mkdir()
    _sweep(tmp_path)  # swept once per parent and process
    assert (tmp_path / f"forge-{dead}-ab13").exists()
    _sweep(tmp_path / "missing")  # a parent that is not there: nothing to sweep


def test_a_busy_dir_is_retried_then_left_with_a_warning(unified: tuple[Hierarchy, Path],
                                                         caplog: pytest.LogCaptureFixture) -> None:
    """rmdir of a cgroup with a child cgroup is EBUSY for as long as the child is there (2 s here)."""
    hierarchy, path = unified
    (path / "child").mkdir()
    with caplog.at_level(logging.WARNING, logger="forge.sandbox._limits"):
        SandboxCgroup(((hierarchy, path),), 64).remove()
    assert path.is_dir() and [r.getMessage() for r in caplog.records] == [
        f"cannot remove the sandbox cgroup {path}: [Errno 16] Device or resource busy: '{path}'"]
