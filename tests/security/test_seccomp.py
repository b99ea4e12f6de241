"""The sandbox's seccomp filter: calls no task needs fail with EPERM, in the shell and in a
warm python3 call alike (`forge.sandbox._seccomp`).

Each attempt is made with arguments an unfiltered kernel would reject with something other
than EPERM (a bad pointer, a bad descriptor, no such process) or accept, so EPERM here means
the filter answered, not a missing capability. The probe is a small C program built on the
host; the warm python3 makes the very same raw calls through ctypes.
"""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from forge.sandbox import BwrapBackend, BwrapSandbox, SandboxLimits
from forge.sandbox._seccomp import program
from tests.conftest import require

pytestmark = require(
    shutil.which("bwrap") is not None and shutil.which("cc") is not None and os.geteuid() == 0,
    "the filter tests need bubblewrap, a C compiler and root (for the warm python)",
)

PROBE_C = r"""
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define BAD 1L /* a pointer no process can have mapped */
#define NOPID 0x3fffffffL
struct attempt { const char *name; long nr; long a[6]; };
static const struct attempt ATTEMPTS[] = {
    {"io_uring_setup", SYS_io_uring_setup, {1, BAD}},
    {"io_uring_enter", SYS_io_uring_enter, {-1, 0, 0, 0, 0, 0}},
    {"io_uring_register", SYS_io_uring_register, {-1, 0, 0, 0}},
    {"keyctl", SYS_keyctl, {0 /* KEYCTL_GET_KEYRING_ID */, -3 /* the session keyring */, 0}},
    {"add_key", SYS_add_key, {BAD, BAD, 0, 0, -3}},
    {"request_key", SYS_request_key, {BAD, BAD, 0, 0}},
    {"ptrace", SYS_ptrace, {3 /* PTRACE_PEEKUSER */, NOPID, 0, 0}},
    {"process_vm_readv", SYS_process_vm_readv, {NOPID, BAD, 1, BAD, 1, 0}},
    {"pidfd_getfd", SYS_pidfd_getfd, {-1, 0, 0}},
    {"kcmp", SYS_kcmp, {0, 0, 0, 0, 0}},
    {"unshare_user", SYS_unshare, {CLONE_NEWUSER}},
    {"unshare_mount", SYS_unshare, {CLONE_NEWNS}},
    {"setns", SYS_setns, {-1, 0}},
    {"clone_newuser", SYS_clone, {CLONE_NEWUSER | SIGCHLD, 0, 0, 0, 0}},
    {"clone_newnet", SYS_clone, {CLONE_NEWNET | SIGCHLD, 0, 0, 0, 0}},
    {"mount", SYS_mount, {BAD, BAD, BAD, 0, 0}},
    {"umount2", SYS_umount2, {BAD, 0}},
    {"chroot", SYS_chroot, {BAD}},
    {"bpf", SYS_bpf, {5 /* BPF_PROG_LOAD */, BAD, 8}},
    {"perf_event_open", SYS_perf_event_open, {BAD, 0, -1, -1, 0}},
    {"userfaultfd", SYS_userfaultfd, {1 /* UFFD_USER_MODE_ONLY */}},
    {"name_to_handle_at", SYS_name_to_handle_at, {-1, BAD, BAD, BAD, 0}},
    {"init_module", SYS_init_module, {BAD, 0, BAD}},
    {"kexec_load", SYS_kexec_load, {0, 0, BAD, 0}},
    {"open_by_handle_at", SYS_open_by_handle_at, {-1, BAD, 0}},
    {"swapon", SYS_swapon, {BAD, 0}},
};

int main(int argc, char **argv) {
    for (size_t i = 0; i < sizeof ATTEMPTS / sizeof *ATTEMPTS; i++) {
        const struct attempt *t = &ATTEMPTS[i];
        if (argc > 1 && strcmp(argv[1], "table") == 0) { /* for the python probe: the same calls */
            printf("%s %ld %ld %ld %ld %ld %ld %ld\n", t->name, t->nr, t->a[0], t->a[1], t->a[2], t->a[3],
                   t->a[4], t->a[5]);
            continue;
        }
        errno = 0;
        long r = syscall(t->nr, t->a[0], t->a[1], t->a[2], t->a[3], t->a[4], t->a[5]);
        if (r == 0 && t->nr == SYS_clone)
            _exit(0); /* a child made after all: it must not run the rest */
        if (r > 0 && t->nr == SYS_clone)
            waitpid((pid_t)r, NULL, __WALL);
        printf("%s %d\n", t->name, r < 0 ? errno : 0);
    }
    return 0;
}
"""

PYTHON_PROBE = """
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
for line in open("table.txt"):
    name, nr, *args = line.split()
    ctypes.set_errno(0)
    r = libc.syscall(ctypes.c_long(int(nr)), *(ctypes.c_long(int(a)) for a in args))
    if r == 0 and name.startswith("clone"):
        os._exit(0)
    if r > 0 and name.startswith("clone"):
        os.waitpid(r, 0)
    print(name, ctypes.get_errno() if r < 0 else 0, os.getppid())
"""


@pytest.fixture(scope="module")
def probe(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("probe")
    (where / "probe.c").write_text(PROBE_C)
    subprocess.run(["cc", "-O0", "-o", str(where / "probe"), str(where / "probe.c")], check=True)
    return where / "probe"


@pytest.fixture
def box(tmp_path: Path, probe: Path) -> Iterator[BwrapSandbox]:
    job = tmp_path / "job"
    job.mkdir()
    shutil.copy(probe, job / "probe")
    (job / "probe.py").write_text(PYTHON_PROBE)
    with BwrapBackend().open(job, SandboxLimits()) as sandbox:
        table = sandbox.run("./probe table > table.txt && cat table.txt")
        assert table.exit_code == 0, table.stderr
        yield sandbox


def _outcomes(stdout: str) -> dict[str, int]:
    return {name: int(code) for name, code, *_ in (line.split() for line in stdout.splitlines())}


def test_the_probe_is_unfiltered_on_the_host(probe: Path) -> None:
    """Outside the sandbox most attempts fail otherwise, or succeed: EPERM inside is the filter."""
    seen = _outcomes(subprocess.run([str(probe)], capture_output=True, text=True, check=True).stdout)
    assert len(seen) >= 20
    unfiltered = {n for n, code in seen.items() if code != errno.EPERM}
    expected = {"io_uring_setup", "keyctl", "unshare_user", "setns", "mount", "perf_event_open", "pidfd_getfd"}
    assert expected <= unfiltered


@pytest.mark.parametrize("where", ["shell", "warm_python3"])
def test_every_denied_call_fails_with_eperm(box: BwrapSandbox, probe: Path, where: str) -> None:
    command = "./probe" if where == "shell" else "python3 probe.py"
    result = box.run(command)
    assert result.exit_code == 0, result.stderr
    seen = _outcomes(result.stdout)
    wanted = {name: errno.EPERM for name in seen}
    assert set(seen) == {line.split()[0] for line in box.run("cat table.txt").stdout.splitlines()}
    assert seen == wanted, {n: errno.errorcode.get(c, c) for n, c in seen.items() if c != errno.EPERM}
    if where == "warm_python3":  # served by the sandbox's warm python server, not run cold
        assert {line.split()[2] for line in result.stdout.splitlines()} == {"0"}


@pytest.mark.parametrize("where", ["shell", "warm_python3"])
def test_clone3_answers_enosys_so_threads_fall_back_to_clone(box: BwrapSandbox, where: str) -> None:
    code = (
        "import ctypes, os, subprocess, threading\n"
        "libc = ctypes.CDLL(None, use_errno=True)\n"
        "r = libc.syscall(435, None, 0)\n"  # clone3 on x86_64 and aarch64 alike
        "results = []\n"
        "threads = [threading.Thread(target=results.append, args=(i,)) for i in range(4)]\n"
        "[t.start() for t in threads]; [t.join() for t in threads]\n"
        "out = subprocess.run(['echo', 'child'], capture_output=True, text=True).stdout.strip()\n"
        "print(r, ctypes.get_errno(), sorted(results), out, os.getppid() == 0)\n"
    )
    interpreter = sys.executable if where == "shell" else "python3"
    box.put_file("threads.py", code.encode())
    result = box.run(f"{interpreter} threads.py")
    assert result.exit_code == 0, result.stderr
    warm = "True" if where == "warm_python3" else "False"
    assert result.stdout == f"-1 {errno.ENOSYS} [0, 1, 2, 3] child {warm}\n"


@pytest.mark.parametrize("command", [f"unshare {flag} true" for flag in ("-U", "-r", "-n", "-m")])
def test_no_namespace_can_be_made_inside(box: BwrapSandbox, command: str) -> None:
    result = box.run(command)
    assert result.exit_code != 0 and "Operation not permitted" in result.stderr


def test_the_shell_and_a_warm_call_run_under_the_same_single_filter(box: BwrapSandbox) -> None:
    fields = "grep -E '^(Seccomp|Seccomp_filters|NoNewPrivs):' /proc/self/status | tr -s '\\t' ' '"
    shell = box.run(fields).stdout
    box.put_file("fields.py", f"import os\nprint(os.getppid(), flush=True)\nos.system({fields!r})\n".encode())
    warm = box.run("python3 fields.py").stdout
    assert shell == "NoNewPrivs: 1\nSeccomp: 2\nSeccomp_filters: 1\n"
    assert warm == "0\n" + shell


def test_the_filter_is_built_once_per_process() -> None:
    assert program() is program() and len(program()) % 8 == 0
