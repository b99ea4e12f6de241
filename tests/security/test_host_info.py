"""A sandbox learns nothing of the host beyond what its tasks need, and shares no keys.

Each test looks, from inside, where host information used to show (bwrap's command line in
/proc, the mount table, /etc, the session keyring) and asserts that the host's paths,
accounts and keys are not there, while what programs need (Python with openpyxl,
LibreOffice, name lookup of localhost) still works.
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from forge.sandbox import BwrapBackend, BwrapSandbox, JobDir, SandboxLimits, open_sandbox, zygote
from tests.conftest import require
from tests.support.warm_python import template_pid

needs_bwrap = require(shutil.which("bwrap") is not None, "bubblewrap is not installed")
needs_soffice = require(shutil.which("soffice") is not None, "LibreOffice (soffice) is not installed")
PROJECT_ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def box(tmp_path: Path) -> Iterator[BwrapSandbox]:
    (tmp_path / "job-of-a-secret-task").mkdir()
    with open_sandbox(tmp_path / "job-of-a-secret-task") as sandbox:
        assert isinstance(sandbox, BwrapSandbox)
        yield sandbox


def _cmdlines(box: BwrapSandbox) -> str:
    """Every process's command line, a background `sleep 2` among them: the listing waits until the
    job has exec'd (under load its forked subshell can still be there when the loop reads /proc)."""
    result = box.run("sleep 2 & until tr '\\0' ' ' < /proc/$!/cmdline | grep -q '^sleep 2'; do sleep 0.01; done; "
                     "for f in /proc/[0-9]*/cmdline; do tr '\\0' ' ' < $f; echo; done")
    assert result.exit_code == 0 and "sleep 2" in result.stdout, result
    return result.stdout


@needs_bwrap
def test_no_process_inside_shows_host_paths_on_its_command_line(box: BwrapSandbox) -> None:
    seen = _cmdlines(box)
    for leak in (str(box.job_dir), str(box.job_dir.parent), "--bind", "--ro-bind", "--setenv", "/tmp/forge-"):
        assert leak not in seen, (leak, seen)


_OWN_COMMAND_LINE = "import os; print(os.getppid(), open('/proc/self/cmdline', 'rb').read())"


@needs_bwrap
def test_warm_pythons_show_their_callers_command_line_and_no_host_path(box: BwrapSandbox) -> None:
    """Every warm server and call child is a fork of the template, whose command line named host
    paths (its script, its home in /tmp): a call shows its caller's instead, and the template (so
    a server too) shows none."""
    if os.geteuid() != 0:
        pytest.fail("the warm python serves sandboxes only as root; run this test as root")
    box.put_file("show.py", _OWN_COMMAND_LINE.encode())
    ppid, _, line = box.run("python3 show.py one 2").stdout.strip().partition(" ")
    assert ppid == "0", line  # served warm: forked by a server outside the pid namespace
    assert ast.literal_eval(line).rstrip(b"\0") == b"python3\0show.py\0one\x002"
    long = box.run(f"python3 show.py {'x' * 4096}").stdout.strip().partition(" ")[2]
    assert ast.literal_eval(long).rstrip(b"\0") == b"python3\0show.py"  # only whole arguments, as fit
    template = Path(f"/proc/{template_pid()}/cmdline").read_bytes()
    assert template.rstrip(b"\0") == b"forge-python", template
    cold = box.run(f"{sys.executable} show.py one 2").stdout.strip().partition(" ")[2]
    assert ast.literal_eval(cold) == f"{sys.executable}\0show.py\0one\x002\0".encode()  # what warm mirrors


_MOUNTS_FROM_PYTHON = textwrap.dedent(f"""
    import os, socket
    conn = socket.socket(socket.AF_UNIX)
    conn.connect({zygote.SOCKET_PATH!r})
    print(os.getppid(), conn.getpeername())  # ppid 0: forked by the warm server, from outside
    print(open("/proc/self/mountinfo").read(), end="")
""")


def _assert_no_host_path(table: str, ours: set[str]) -> None:
    """No line names a dir of ours, and each mount's source path is the one it has inside (the
    system and the Python prefixes, the same path by necessity), the root of its own file system
    (the job dir's tmpfs, /tmp, /proc), or bwrap's own new root. "The same path" is as the host's
    own mount table has it: in a container, a bind mount of the container's (Docker's `-v dir:/src`,
    `--init`'s /usr/sbin/docker-init) shows its source as the container's host names it."""
    lines = table.splitlines()
    assert len(lines) > 5, table
    host = [line.split()[3:5] for line in Path("/proc/self/mountinfo").read_text().splitlines()]
    for line in lines:
        assert not [path for path in ours if path in line], (line, ours)
        source, inside = line.split()[3:5]
        assert source in ("/", "/newroot") or inside.endswith(source) or source == _host_source(inside, host), line


def _host_source(inside: str, host: list[list[str]]) -> str | None:
    """Where path `inside` lies on its file system, seen from the host's mounts (mountinfo's root column)."""
    holders = [(root, point) for root, point in host if inside == point or inside.startswith(point.rstrip("/") + "/")]
    if not holders:
        return None
    root, point = max(holders, key=lambda held: len(held[1]))
    return os.path.normpath(os.path.join(root, os.path.relpath(inside, point)))


@needs_bwrap
@pytest.mark.parametrize("warm_python", [True, False], ids=["warm", "cold"])
def test_the_mount_table_and_socket_names_show_no_host_path_of_ours(
    tmp_path: Path, warm_python: bool
) -> None:
    if os.geteuid() != 0:
        pytest.fail("the job dir is a mount of its own only as root; run this test as root")
    limits = SandboxLimits()
    job = JobDir.create(tmp_path / "scratch-of-a-secret-run", limits)
    backend = BwrapBackend(warm_python=warm_python)
    try:
        with backend.open(job.path, limits) as box:
            spec = backend.warm_python_spec
            assert spec is not None
            shims = zygote.warm_python(spec).shim_dir()  # the host dir the shims are made in
            ours = {str(tmp_path), str(job.path), str(box.job_dir), str(shims), str(shims / "bin")}
            ours |= {str(path) for path in vars(box).values() if isinstance(path, Path)}  # any dir it holds
            from_shell = box.run("cat /proc/self/mountinfo")
            assert " /job " in from_shell.stdout
            _assert_no_host_path(from_shell.stdout, ours)
            assert box.run("ls /run/forge 2>&1; echo $?").stdout.endswith("2\n")  # no control dir inside
            if warm_python:
                box.put_file("mounts.py", _MOUNTS_FROM_PYTHON.encode())
                from_python = box.run("python3 mounts.py")
                head, _, table = from_python.stdout.partition("\n")
                assert head == f"0 {zygote.SOCKET_PATH}", from_python  # served warm; the name it has inside
                _assert_no_host_path(table, ours)
            else:
                assert box.run("ls /run/forge-py 2>&1; echo $?").stdout.endswith("2\n")
    finally:
        job.remove()


@needs_bwrap
def test_etc_inside_holds_only_what_programs_need(tmp_path: Path) -> None:
    etc = tmp_path / "etc"  # a stand-in for the host's /etc, with secrets and what programs need
    (etc / "ssh").mkdir(parents=True)
    (etc / "ssh" / "ssh_host_ed25519_key").write_text("PRIVATE-HOST-KEY")
    (etc / "shadow").write_text("root:$6$secret-hash:19000::::::\n")
    (etc / "gitconfig").write_text("[credential]\n\thelper = store --token=ghp_secret\n")
    (etc / "passwd").write_text("root:x:0:0::/root:/bin/sh\nhost-admin:x:1000:1000::/home/x:/bin/sh\n")
    (etc / "machine-id").write_text("0123456789abcdef0123456789abcdef\n")
    (etc / "mime.types").write_text("application/x-kept\tkept\n")
    (etc / "python3").mkdir()
    (etc / "python3" / "kept.conf").write_text("kept-python\n")
    (etc / "localtime").symlink_to("/usr/share/zoneinfo/Etc/UTC")
    job = tmp_path / "job"
    job.mkdir()
    with BwrapBackend(etc_dir=etc, warm_python=False).open(job, SandboxLimits()) as box:
        listing = box.run("ls -A /etc").stdout.split()
        assert set(listing) == {"mime.types", "python3", "localtime", "passwd", "group", "hosts", "hostname"}
        seen = box.run("cat /etc/* /etc/python3/*; readlink /etc/localtime; whoami; getent hosts localhost")
        for secret in ("PRIVATE-HOST-KEY", "secret-hash", "ghp_secret", "host-admin", "0123456789abcdef"):
            assert secret not in seen.stdout, secret
        assert "application/x-kept" in seen.stdout and "kept-python" in seen.stdout
        assert "/usr/share/zoneinfo/Etc/UTC\nsandbox\n" in seen.stdout and "127.0.0.1" in seen.stdout


@needs_bwrap
def test_the_hosts_own_etc_secrets_are_not_inside(box: BwrapSandbox) -> None:
    secrets = ("shadow", "gshadow", "ssh", "machine-id", "gitconfig", "pip.conf", "npmrc", "sudoers")
    hidden = [name for name in secrets if os.path.lexists(f"/etc/{name}")]
    assert hidden, "the host has none of the usual secrets in /etc: nothing to check"
    for name in hidden:
        assert box.run(f"test -e /etc/{name}").exit_code != 0, name
    accounts = box.run("cut -d: -f1 /etc/passwd").stdout.split()
    assert accounts == ["root", "sandbox", "nobody"]


@needs_bwrap
def test_python_with_openpyxl_and_localhost_work_with_the_small_etc(box: BwrapSandbox) -> None:
    script = textwrap.dedent("""
        import getpass, mimetypes, socket, ssl, openpyxl
        wb = openpyxl.Workbook(); wb.active["A1"] = 42; wb.save("/job/t.xlsx")
        print(openpyxl.load_workbook("/job/t.xlsx").active["A1"].value, getpass.getuser(),
              mimetypes.guess_type("a.xlsx")[0] is not None, socket.gethostbyname("localhost"),
              ssl.create_default_context().cert_store_stats()["x509_ca"] > 0)
    """)
    box.put_file("probe.py", script.encode())
    result = box.run("python3 probe.py")
    assert result.stdout == "42 sandbox True 127.0.0.1 True\n", result.stderr


@needs_bwrap
@needs_soffice
def test_libreoffice_converts_with_the_small_etc(box: BwrapSandbox) -> None:
    box.put_file("in.csv", b"a,b\n1,2\n")
    result = box.run(
        "soffice -env:UserInstallation=file:///tmp/lo --headless --convert-to xlsx --outdir /job /job/in.csv",
        timeout_s=120,
    )
    assert result.exit_code == 0, result
    assert box.get_file("in.xlsx")[:2] == b"PK"


_KEYRING_PROBE = textwrap.dedent(
    """
    import ctypes, json, sys, tempfile, pathlib
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    def call(n, *args):
        r = libc.syscall(ctypes.c_long(n), *[ctypes.c_long(a) if isinstance(a, int) else a for a in args])
        return r if r >= 0 else -ctypes.get_errno()
    assert call(250, 1, b"forge-test-host-session") > 0  # the host process has a session keyring
    host_key = call(248, b"user", b"forge-host-key", b"host-secret-payload", 19, -3)
    assert host_key > 0
    from forge.sandbox import open_sandbox
    inside = '''
    import ctypes, sys
    libc = ctypes.CDLL(None, use_errno=True); libc.syscall.restype = ctypes.c_long
    def call(n, *args):
        return libc.syscall(ctypes.c_long(n), *[ctypes.c_long(a) if isinstance(a, int) else a for a in args])
    buf = ctypes.create_string_buffer(64)
    print("read", call(250, 11, int(sys.argv[1]), buf, 64), buf.value.decode(errors="replace"))
    for ring in (-3, -4):  # session, user
        print("added", ring, call(248, b"user", sys.argv[2].encode(), b"inside-payload", 14, ring))
    print(open("/proc/keys").read())  # what a (warm) python process possesses
    '''
    seen = {}
    with tempfile.TemporaryDirectory() as a_dir, tempfile.TemporaryDirectory() as b_dir:
        with open_sandbox(pathlib.Path(a_dir)) as a, open_sandbox(pathlib.Path(b_dir)) as b:
            for name, box in (("a", a), ("b", b)):
                box.put_file("k.py", inside.encode())
                seen[name] = box.run(f"python3 k.py {host_key} forge-key-from-{name}; cat /proc/keys").stdout
    seen["host_finds_a"] = call(250, 10, -3, b"user", b"forge-key-from-a", 0) > 0
    seen["host_finds_b"] = call(250, 10, -3, b"user", b"forge-key-from-b", 0) > 0
    print(json.dumps(seen))
    """
)


@needs_bwrap
def test_no_key_crosses_between_the_host_and_sandboxes_or_between_sandboxes(tmp_path: Path) -> None:
    # a fresh process: its session keyring is joined before any sandbox thread exists, as in a
    # host started from a login session (a test process may have none of its own)
    proc = subprocess.run(
        [sys.executable, "-c", _KEYRING_PROBE],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=PROJECT_ROOT,
    )
    assert proc.returncode == 0, proc.stderr
    seen = json.loads(proc.stdout.splitlines()[-1])
    assert not seen["host_finds_a"] and not seen["host_finds_b"]  # nothing added inside reached the host
    for name, other in (("a", "b"), ("b", "a")):
        assert "host-secret-payload" not in seen[name] and "forge-host-key" not in seen[name], seen[name]
        assert "forge-test-host-session" not in seen[name], seen[name]
        assert f"forge-key-from-{other}" not in seen[name], seen[name]  # nor from the other sandbox
