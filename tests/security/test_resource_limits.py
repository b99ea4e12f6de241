"""A sandbox's resources are bounded for the sandbox as a whole, not per process.

Each test is an attempt an agent's commands could make (many processes, a fork bomb, /tmp
filled, the job dir filled, a background job that never ends) and asserts that the bound
held, the host survived and nothing was left behind. Numbers here are chosen by the test,
never read from the code under test.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from forge.harness import HARNESSES, ReplayTeacher, run_episode
from forge.judge import ProgrammaticJudge
from forge.models import ReferenceSolution, ReferenceStep, TaskBundle
from forge.sandbox import (
    BwrapSandbox,
    CgroupUnavailableError,
    DiskBoundUnavailableError,
    JobDir,
    SandboxCgroup,
    SandboxLimits,
    SandboxTimeLimitError,
    open_sandbox,
)
from forge.sandbox._cgroupfs import PRIVATE_ROOT, Mount, mounts, private_mount_args
from forge.sandbox._limits import discover, join_cgroups_of, wait_for_removals
from skills import load_taxonomy
from tests.conftest import require
from workflows import WORKFLOWS

needs_bwrap = require(shutil.which("bwrap") is not None, "bubblewrap is not installed")
pytestmark = needs_bwrap
MIB = 1024 * 1024
COLD_PYTHON = sys.executable  # the real interpreter (bound read-only inside): no warm-python server involved


def _open(job: Path, **limits: object) -> BwrapSandbox:
    box = open_sandbox(job, SandboxLimits(**limits))  # type: ignore[arg-type]
    assert isinstance(box, BwrapSandbox)
    return box


@pytest.fixture
def job(tmp_path: Path) -> Path:
    path = tmp_path / "job"
    path.mkdir()
    return path


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _forge_cgroups() -> list[str]:
    """Sandbox cgroup dirs of this test process, in every hierarchy."""
    found = []
    for top in ("/sys/fs/cgroup", str(PRIVATE_ROOT)):
        for dirpath, dirnames, _ in os.walk(top):
            found += [os.path.join(dirpath, d) for d in dirnames if d.startswith(f"forge-{os.getpid()}-")]
            if dirpath.count("/") > 7:
                dirnames.clear()
    return found


def _mounts_under(root: Path) -> list[str]:
    return [line.split()[4] for line in Path("/proc/self/mountinfo").read_text().splitlines()
            if line.split()[4].startswith(str(root))]


HOG = "import time; b = bytearray({mib} * 1024 * 1024); time.sleep({hold})"


# --- memory -------------------------------------------------------------------------------------


def test_six_processes_of_900_mb_cannot_coexist(job: Path) -> None:
    """The issue's attack: 6 x 900 MB held at once under a 2 GiB sandbox bound."""
    command = " ".join(f"{COLD_PYTHON} -c '{HOG.format(mib=900, hold=8)}' &" for _ in range(6))
    with _open(job, memory_mb=2048) as box:
        result = box.run(f"{command} for job in $(jobs -p); do wait $job; echo status $?; done", timeout_s=120)
        statuses = re.findall(r"status (\d+)", result.stdout)
        assert len(statuses) == 6, result
        assert statuses.count(str(128 + 9)) >= 4, result.stdout  # two 900 MB processes fit in 2 GiB, no more
        assert box.cgroup is not None and box.cgroup.oom_kills() >= 4
        assert box.run("echo alive").stdout == "alive\n"  # the sandbox itself carries on
    assert subprocess.run(["true"], check=False).returncode == 0  # and the host


def test_warm_python_runs_inside_the_sandbox_cgroup(job: Path) -> None:
    """`python3` is served by the warm-python server: what it runs must be bounded with the sandbox."""
    with _open(job, memory_mb=256) as box:
        result = box.run(f"python3 -c '{HOG.format(mib=600, hold=0)}'", timeout_s=60)
        assert result.exit_code != 0, "600 MB were allocated under a 256 MB sandbox bound"
        assert box.cgroup is not None and box.cgroup.oom_kills() >= 1


def test_tmpfs_pages_count_against_the_sandbox_memory(job: Path) -> None:
    """/tmp and /dev/shm are capped each, and what they hold is memory of the sandbox too."""
    with _open(job, memory_mb=256, file_size_mb=200) as box:
        held = box.run("head -c 180M /dev/zero > /tmp/a; head -c 180M /dev/zero > /dev/shm/b; "
                       "cat /tmp/a /dev/shm/b 2>/dev/null | wc -c", timeout_s=60)
        numbers = held.stdout.split()
        stored = int(numbers[-1]) if numbers else 0  # nothing printed: the shell itself was killed
        assert stored < 256 * MIB, f"{stored} bytes sat in tmpfs under a 256 MiB sandbox bound"
        assert box.cgroup is not None and box.cgroup.oom_kills() + held.stderr.count("No space") >= 1, held
    assert subprocess.run(["true"], check=False).returncode == 0


def test_an_address_space_limit_no_longer_stops_big_reservations(job: Path) -> None:
    """GUI apps reserve far more address space than they touch; only touched memory counts."""
    reserve = "import mmap; m = mmap.mmap(-1, 8 * 1024**3); m[0] = 1; print('reserved')"
    with _open(job, memory_mb=512) as box:
        result = box.run(f"ulimit -v; {COLD_PYTHON} -c \"{reserve}\"", timeout_s=60)
    assert result.stdout == "unlimited\nreserved\n", result.stderr


def test_libreoffice_starts_and_converts_under_the_limits(job: Path) -> None:
    if shutil.which("soffice") is None:
        pytest.fail("LibreOffice (soffice) is not installed; run `bash scripts/dev.sh test`, which installs it")
    with _open(job) as box:
        box.put_file("note.txt", b"hello from the sandbox\n")
        result = box.run("soffice -env:UserInstallation=file:///tmp/lo --headless --norestore --convert-to pdf note.txt",
                         timeout_s=120)
        assert result.exit_code == 0, result.stderr
        assert box.get_file("note.pdf").startswith(b"%PDF")


# --- processes ----------------------------------------------------------------------------------


def test_a_fork_bomb_is_bounded_by_the_pids_cgroup(job: Path) -> None:
    with _open(job, max_processes=64) as box:
        assert box.cgroup is not None
        result = box.run("bomb() { bomb | bomb & }; bomb; sleep 20", timeout_s=3)
        assert result.timed_out
        counts = [p for p in box.cgroup.paths if (p / "pids.max").exists()]
        assert counts and (counts[0] / "pids.max").read_text().strip() == "64"
        events = (counts[0] / "pids.events").read_text() if (counts[0] / "pids.events").exists() else "max 1"
        assert int(events.split()[-1]) > 0  # forks were refused at the bound
        assert box.run("echo alive").stdout == "alive\n"
    assert subprocess.run(["true"], check=False).returncode == 0


def test_a_helper_joined_through_the_hook_is_bounded_and_killed_at_close(job: Path) -> None:
    """The hook the warm-python server uses: a host process moved in dies with the sandbox."""
    with _open(job) as box:
        assert box.cgroup is not None
        helper = subprocess.Popen(["sleep", "300"])
        box.cgroup.join(helper.pid)
        assert helper.pid in box.cgroup.pids()
        other = subprocess.Popen(
            [sys.executable, "-c", ("import sys, time; from forge.sandbox._limits import join_cgroups_of; "
             "join_cgroups_of(int(sys.argv[1])); print('joined', flush=True); time.sleep(300)"), str(helper.pid)],
            stdout=subprocess.PIPE,
        )
        assert other.stdout is not None and other.stdout.readline() == b"joined\n"
        assert other.pid in box.cgroup.pids()
    assert helper.wait(timeout=10) == -9 and other.wait(timeout=10) == -9
    assert join_cgroups_of(os.getpid()) == []  # already where it is: nothing to write


# --- disk ---------------------------------------------------------------------------------------


def test_filling_the_job_dir_stops_at_its_disk_bound(tmp_path: Path) -> None:
    """The issue's attack, scaled down: many files each under the per-file limit."""
    limits = SandboxLimits(disk_mb=64, file_size_mb=16)
    job = JobDir.create(tmp_path / "scratch", limits)
    try:
        with open_sandbox(job.path, limits) as box:
            result = box.run("for i in $(seq 1 12); do head -c 12M /dev/zero > f$i.bin || break; done; du -sm .",
                             timeout_s=60)
        assert "No space left on device" in result.stderr
        held = sum(p.stat().st_size for p in job.path.iterdir())
        assert held <= 64 * MIB
    finally:
        job.remove()
    assert not job.path.exists() and _mounts_under(tmp_path) == []


def test_a_task_environment_bounds_its_job_dir_and_removes_it(sort_bundle: TaskBundle, tmp_path: Path) -> None:
    task = _with_steps(sort_bundle, "for i in $(seq 1 40); do head -c 8M /dev/zero > outputs/f$i || exit 3; done")
    episode = run_episode(task, HARNESSES.get("terminal"), ReplayTeacher(), ProgrammaticJudge(),
                          scratch_root=tmp_path, limits=SandboxLimits(disk_mb=100))
    assert episode.steps[0].observation.exit_code == 3
    assert "No space left on device" in episode.steps[0].observation.text
    assert list(tmp_path.iterdir()) == [] and _mounts_under(tmp_path) == []


def test_a_job_dir_left_mounted_by_a_dead_host_process_is_removed_by_the_next(tmp_path: Path) -> None:
    leave = ("import os, sys; from pathlib import Path; from forge.sandbox import JobDir, SandboxLimits\n"
             "job = JobDir.create(Path(sys.argv[1]), SandboxLimits(disk_mb=8))\n"
             "(job.path / 'left.txt').write_text('x'); print(job.path, flush=True); os._exit(0)\n")
    done = subprocess.run([sys.executable, "-c", leave, str(tmp_path)], capture_output=True, text=True, timeout=60,
                          cwd=Path(__file__).resolve().parents[2], check=True)
    left = Path(done.stdout.strip())
    assert (left / "left.txt").exists() and _mounts_under(tmp_path) == [str(left)]
    fresh = JobDir.create(tmp_path, SandboxLimits(disk_mb=8))
    try:
        assert not left.exists() and _mounts_under(tmp_path) == [str(fresh.path)]
    finally:
        fresh.remove()


def test_a_job_dir_whose_host_exited_but_is_not_yet_reaped_is_removed_by_the_next(tmp_path: Path) -> None:
    """A killed run's workers are zombies until their new parent reaps them; a rerun at once sweeps their dirs."""
    leave = ("import os, sys; from pathlib import Path; from forge.sandbox import JobDir, SandboxLimits\n"
             "job = JobDir.create(Path(sys.argv[1]), SandboxLimits(disk_mb=8)); print(job.path, flush=True)\n"
             "os._exit(0)\n")
    host = subprocess.Popen([sys.executable, "-c", leave, str(tmp_path)], stdout=subprocess.PIPE, text=True,
                            cwd=Path(__file__).resolve().parents[2])
    assert host.stdout is not None
    left = Path(host.stdout.readline().strip())
    try:
        deadline = time.monotonic() + 60  # a bound against a hang only; not reaped: this test is its parent
        while _alive(host.pid):  # until a zombie
            assert time.monotonic() < deadline, "the host process did not exit"
            time.sleep(0.02)
        assert _mounts_under(tmp_path) == [str(left)]
        fresh = JobDir.create(tmp_path, SandboxLimits(disk_mb=8))
        try:
            assert not left.exists() and _mounts_under(tmp_path) == [str(fresh.path)]
        finally:
            fresh.remove()
    finally:
        host.kill()
        host.wait()
        host.stdout.close()
        if left.name.startswith("job-") and left.exists():  # the sweep missed it: leave no mount behind
            JobDir(left, bounded=True).remove()


# --- time ---------------------------------------------------------------------------------------


def test_the_sandbox_wall_time_ends_a_background_job_that_sleeps_forever(job: Path) -> None:
    with _open(job, wall_time_s=2) as box:
        box.run("sleep 100000 & echo started")
        assert box.cgroup is not None
        deadline = time.monotonic() + 120  # a bound against a hang only
        while box.cgroup.pids() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert box.cgroup.pids() == []
        with pytest.raises(SandboxTimeLimitError, match="wall time of 2"):
            box.run("echo again")


# --- lifecycle and fallback ---------------------------------------------------------------------


def test_fifty_sandboxes_leave_no_cgroup_and_no_mount_behind(tmp_path: Path) -> None:
    limits = SandboxLimits(disk_mb=8)
    before = _forge_cgroups()
    for _ in range(50):
        job = JobDir.create(tmp_path, limits)
        try:
            with open_sandbox(job.path, limits) as box:
                box.run("sleep 1000 & echo x > f")
        finally:
            job.remove()
    wait_for_removals()  # closing kills at once; the empty dirs are removed on a background thread
    assert _forge_cgroups() == before
    assert _mounts_under(tmp_path) == [] and list(tmp_path.iterdir()) == []


def test_no_cgroup_is_a_clear_error_unless_the_fallback_is_chosen(job: Path, caplog: pytest.LogCaptureFixture) -> None:
    with pytest.raises(CgroupUnavailableError, match="FORGE_SANDBOX_REQUIRE_AGGREGATE_LIMITS"):
        open_sandbox(job, SandboxLimits(cgroup_parent="/no-such-forge-parent"))
    with pytest.raises(CgroupUnavailableError):
        SandboxCgroup.create(64, 8, parent="/no-such-forge-parent")
    fallback = SandboxLimits(cgroup_parent="/no-such-forge-parent", require_aggregate_limits=False, memory_mb=256)
    with _open(job, **fallback.model_dump()) as box:
        assert box.cgroup is None
        result = box.run(f"ulimit -v; {COLD_PYTHON} -c 'bytearray(512 * 1024 * 1024)'")
        assert result.stdout.startswith(str(256 * 1024)) and "MemoryError" in result.stderr


def test_a_host_that_cannot_mount_gets_a_clear_error(tmp_path: Path) -> None:
    """Without the right to mount (root of a user namespace only) the job dir's bound cannot be
    made: refused, naming the fix; the explicit fallback gives a plain dir."""
    script = (
        "import sys; from pathlib import Path; from forge.sandbox import JobDir, SandboxLimits\n"
        "from forge.sandbox import DiskBoundUnavailableError\n"
        "try:\n    JobDir.create(Path(sys.argv[1]), SandboxLimits())\n"
        "except DiskBoundUnavailableError as exc:\n    print('refused:', exc)\n"
        "plain = JobDir.create(Path(sys.argv[1]), SandboxLimits(require_aggregate_limits=False))\n"
        "print('bounded' if plain.bounded else 'plain'); plain.remove()\n"
    )
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    result = subprocess.run(
        ["unshare", "--user", "--map-root-user", sys.executable, "-c", script, str(scratch)],
        capture_output=True, text=True, timeout=60, cwd=Path(__file__).resolve().parents[2], check=False,
    )
    assert "refused:" in result.stdout and "FORGE_SANDBOX_REQUIRE_AGGREGATE_LIMITS" in result.stdout, result.stderr
    assert result.stdout.rstrip().endswith("plain") and list(scratch.iterdir()) == []
    assert DiskBoundUnavailableError.__mro__[1].__name__ == "SandboxUnavailableError"


def test_cgroup_v1_and_v2_layouts_are_both_recognised(tmp_path: Path) -> None:
    """Which hierarchy holds memory and pids, read from mountinfo (files written here: this
    machine has one layout, other hosts the other)."""
    v2 = tmp_path / "unified"
    for name in ("svc", "forge"):
        (v2 / name).mkdir(parents=True)
        (v2 / name / "cgroup.controllers").write_text("cpu io memory pids\n")
    mountinfo, cgroups = tmp_path / "mountinfo", tmp_path / "cgroup"
    mountinfo.write_text(f"30 23 0:26 / {v2} rw,nosuid,nodev - cgroup2 cgroup2 rw,nsdelegate\n")
    cgroups.write_text("0::/svc\n")
    files = {"mountinfo": str(mountinfo), "cgroups": str(cgroups)}
    (only,) = discover(**files)
    assert (only.version, only.controllers, only.parent) == (2, ("memory", "pids"), v2 / "svc")
    assert discover("/forge", **files)[0].parent == v2 / "forge"
    (v2 / "svc" / "cgroup.controllers").write_text("cpu memory\n")
    with pytest.raises(CgroupUnavailableError, match="does not offer pids"):
        discover(**files)
    v1 = tmp_path / "v1"
    mountinfo.write_text(
        f"35 31 0:31 / {v1}/memory rw - cgroup cgroup rw,memory\n"
        f"39 31 0:35 / {v1}/pids rw - cgroup cgroup rw,pids\n"
        f"41 31 0:37 / {v2} rw - cgroup2 cgroup2 rw\n"
    )
    cgroups.write_text("8:pids:/\n4:memory:/jobs/a1\n0::/\n")
    memory, pids = discover(**files)
    assert (memory.version, memory.controllers, memory.parent) == (1, ("memory",), v1 / "memory" / "jobs" / "a1")
    assert (pids.version, pids.controllers, pids.parent) == (1, ("pids",), v1 / "pids")


def test_a_read_only_cgroup_mount_is_seen_and_a_writable_one_of_the_same_hierarchy_wins(tmp_path: Path) -> None:
    """In a container /sys/fs/cgroup is read-only; Forge's own writable mount of the same hierarchy is used."""
    mountinfo, cgroups = tmp_path / "mountinfo", tmp_path / "cgroup"
    system, private = tmp_path / "sys", tmp_path / "forge"
    cgroups.write_text("8:pids:/docker/c1\n4:memory:/docker/c1\n0::/\n")
    files = {"mountinfo": str(mountinfo), "cgroups": str(cgroups)}
    system_mounts = (f"35 31 0:31 /docker/c1 {system}/memory ro,nosuid - cgroup cgroup rw,memory\n"
                     f"39 31 0:35 /docker/c1 {system}/pids ro,nosuid - cgroup cgroup rw,pids\n")
    mountinfo.write_text(system_mounts)
    memory, pids = discover(**files)
    assert memory.mount.read_only and pids.mount.read_only
    assert memory.parent == system / "memory"  # the container's cgroup is the mount's root
    mountinfo.write_text(system_mounts + f"90 20 0:31 / {private}/memory rw,nosuid - cgroup forge-cgroup rw,memory\n")
    memory, pids = discover(**files)
    assert not memory.mount.read_only and memory.parent == private / "memory" / "docker" / "c1"
    assert pids.mount.read_only and pids.parent == system / "pids"
    mountinfo.write_text(f"30 23 0:26 / {system} ro,nosuid - cgroup2 cgroup2 rw\n"
                         f"91 20 0:26 / {private}/unified rw - cgroup2 forge-cgroup rw\n")
    (private / "unified").mkdir(parents=True)
    (private / "unified" / "cgroup.controllers").write_text("memory pids\n")
    cgroups.write_text("0::/\n")
    (only,) = discover(**files)
    assert (only.version, only.parent, only.mount.read_only) == (2, private / "unified", False)


def test_a_private_mount_names_exactly_the_hierarchys_controllers() -> None:
    """A v1 mount attaches to an existing hierarchy only with its exact controller set."""
    known = frozenset({"cpu", "cpuacct", "memory", "pids"})

    def args(fstype: str, options: str) -> tuple[str, str, str]:
        return private_mount_args(Mount(fstype, "/", Path("/x"), frozenset(options.split(",")), True), known)

    assert args("cgroup", "rw,memory") == ("cgroup", "memory", "memory")
    assert args("cgroup", "rw,cpuacct,cpu,nsroot=/") == ("cgroup", "cpu,cpuacct", "cpu+cpuacct")
    assert args("cgroup", "rw,name=systemd") == ("cgroup", "name=systemd", "name=systemd")
    assert args("cgroup2", "rw,nsdelegate") == ("cgroup2", "", "unified")


_READ_ONLY_CGROUPS = """
import json, os, subprocess, sys
from pathlib import Path
from forge.sandbox import SandboxLimits, open_sandbox
from forge.sandbox._cgroupfs import PRIVATE_ROOT, discover, mounts
from forge.sandbox._limits import wait_for_removals
for mount in mounts():  # a fresh container: no mount of Forge's yet (in a container the test's own has them)
    if mount.point.is_relative_to(PRIVATE_ROOT):
        subprocess.run(["umount", "-l", str(mount.point)], check=True)
for hierarchy in discover():  # and the system's cgroup mounts read-only
    subprocess.run(["mount", "-o", "remount,bind,ro", str(hierarchy.mount.point)], check=True)
out = {"read_only_before": all(h.mount.read_only for h in discover())}
racers = [subprocess.Popen([sys.executable, "-c", "from forge.sandbox._cgroupfs import writable_hierarchies; "
                            "writable_hierarchies()"]) for _ in range(4)]
out["racers"] = [r.wait() for r in racers]
job = Path(sys.argv[1])
with open_sandbox(job, SandboxLimits(memory_mb=256)) as box:
    hog = box.run("python3 -c 'b = bytearray(600 * 1024 * 1024)'", timeout_s=60)
    out["hog_exit"], out["oom_kills"] = hog.exit_code, box.cgroup.oom_kills()
    out["paths"] = [str(p) for p in box.cgroup.paths]
    out["alive"] = box.run("echo alive").stdout
with open_sandbox(job, SandboxLimits()) as box:
    out["second"] = box.run("echo again").stdout
wait_for_removals()
out["private_mounts"] = sorted(str(m.point) for m in mounts()
                              if m.point.is_relative_to(PRIVATE_ROOT) and not m.read_only)
out["left"] = [str(p) for p in PRIVATE_ROOT.rglob(f"forge-{os.getpid()}-*")]
print(json.dumps(out))
"""


def test_a_read_only_cgroup_mount_gets_a_private_writable_one_and_the_memory_bound_holds(job: Path) -> None:
    """A container's read-only /sys/fs/cgroup, made in a mount namespace of this test's own: Forge
    mounts the hierarchies again (once, under concurrent starts), and sandboxes are bounded there."""
    ours = mounts()
    result = subprocess.run(
        ["unshare", "--mount", "--propagation", "private", sys.executable, "-c", _READ_ONLY_CGROUPS, str(job)],
        capture_output=True, text=True, timeout=240, cwd=Path(__file__).resolve().parents[2], check=False,
    )
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["read_only_before"] and out["racers"] == [0, 0, 0, 0]
    assert out["hog_exit"] != 0 and out["oom_kills"] >= 1, "600 MB were allocated under a 256 MB bound"
    assert out["paths"] and all(p.startswith(str(PRIVATE_ROOT) + "/") for p in out["paths"])
    assert out["alive"] == "alive\n" and out["second"] == "again\n"
    expected = sorted(str(PRIVATE_ROOT / private_mount_args(h.mount, frozenset({"memory", "pids"}))[2])
                      for h in discover())
    assert out["private_mounts"] == expected, "each hierarchy is mounted once, then reused"
    assert out["left"] == []
    assert mounts() == ours  # the new mounts live in that namespace only


def test_a_read_only_cgroup_mount_without_the_right_to_mount_is_a_clear_error(job: Path) -> None:
    """Root of a user namespace only (a rootless container): the mount is refused, naming the fix."""
    script = ("import subprocess; from forge.sandbox._cgroupfs import discover, writable_hierarchies\n"
              "for h in discover():\n"
              "    subprocess.run(['mount', '-o', 'remount,bind,ro', str(h.mount.point)], check=True)\n"
              "writable_hierarchies()\n")
    result = subprocess.run(
        ["unshare", "--user", "--map-root-user", "--mount", sys.executable, "-c", script],
        capture_output=True, text=True, timeout=60, cwd=Path(__file__).resolve().parents[2], check=False,
    )
    assert "CgroupUnavailableError" in result.stderr and "is read-only" in result.stderr, result.stderr
    assert "CAP_SYS_ADMIN" in result.stderr and "FORGE_SANDBOX_REQUIRE_AGGREGATE_LIMITS=false" in result.stderr


# --- helpers ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def sort_bundle() -> TaskBundle:
    skill = load_taxonomy().get("spreadsheet.data.sort.ascending")
    return WORKFLOWS.get(skill.workflow).build(skill, seed=11)


def _with_steps(bundle: TaskBundle, *commands: str) -> TaskBundle:
    steps = [ReferenceStep(thought="try", action=f"Action {i}", tool="bash", arguments={"command": c})
             for i, c in enumerate(commands)]
    return bundle.model_copy(update={"reference": ReferenceSolution(steps=steps)})


@pytest.fixture(autouse=True)
def _no_cgroup_left() -> Iterator[None]:
    yield
    wait_for_removals()
    assert _forge_cgroups() == [], "a sandbox cgroup outlived its test"
