"""The host reads what a sandbox wrote without crashing, blocking, following a link or running
out of memory, and removes it afterwards, whatever it is.

Each test leaves in a job dir what an agent's commands could leave (a deep tree, a sparse
file, a zip whose header lies, a zip bomb, links, FIFOs, sockets, unreadable dirs) and runs
every host reader over it: the final-state listing, the job-state capture, ownership fixing,
the checks' readers and removal at close. Over a bound is a named ForgeError (TreeLimitError,
CheckError), never a RecursionError; the job dir is always gone at the end. Sizes are the
test's own, never read from the code under test.
"""

from __future__ import annotations

import io
import os
import shutil
import struct
import subprocess
import sys
import zipfile
import zlib
from pathlib import Path

import openpyxl
import pytest

from forge.checks import FinalState
from forge.environment import JobState
from forge.errors import CheckError, ForgeError
from forge.harness import HARNESSES, ReplayTeacher, run_episode
from forge.judge import ProgrammaticJudge
from forge.models import ReferenceSolution, ReferenceStep, TaskBundle
from forge.safezip import UnsafeZipError, check_zip, read_member
from forge.sandbox import BwrapSandbox, JobDir, SandboxLimits, open_sandbox
from forge.sandbox.jobdir import JobDirRemovalError
from forge.tree import TreeLimitError, TreeLimits, chown_tree, remove_tree, walk
from gates import GateContext, run_gate
from skills import load_taxonomy
from tests.conftest import require
from workflows import WORKFLOWS

needs_bwrap = require(shutil.which("bwrap") is not None, "bubblewrap is not installed")
COLD_PYTHON = sys.executable
MIB = 1024 * 1024
NEST = "import os\nfor _ in range({n}):\n    os.mkdir('d'); os.chdir('d')\nopen('deep.txt', 'w').write('x')\n"


def _in_sandbox(job: Path, *commands: str) -> list[str]:
    """Run `commands` in a sandbox over `job`, then close it (as the host does before reading)."""
    with open_sandbox(job) as box:
        return [(r.stdout + r.stderr) for r in (box.run(c, timeout_s=120) for c in commands)]


@pytest.fixture
def bounded(tmp_path: Path) -> JobDir:
    job = JobDir.create(tmp_path / "scratch", SandboxLimits(disk_mb=256))
    yield job
    job.remove()


def _every_reader_fails_named(job: Path) -> None:
    for reader in (lambda: FinalState(job).listing, lambda: JobState.capture(job),
                   lambda: chown_tree(job, 0, 0)):
        with pytest.raises(TreeLimitError):
            reader()


# --- deep trees ---------------------------------------------------------------------------------


@needs_bwrap
def test_3000_nested_dirs_every_host_reader_fails_named_and_the_dir_goes(bounded: JobDir) -> None:
    out = _in_sandbox(bounded.path, f"{COLD_PYTHON} -c \"{NEST.format(n=3000)}\" && echo made")
    assert out[0].endswith("made\n"), out
    _every_reader_fails_named(bounded.path)
    with pytest.raises(TreeLimitError):  # a new sandbox over it hands the dir over first: named, not RecursionError
        open_sandbox(bounded.path)
    bounded.remove()
    assert not bounded.path.exists()


@needs_bwrap
def test_10000_nested_dirs_in_a_plain_dir_are_removed(tmp_path: Path) -> None:
    job = tmp_path / "job"
    job.mkdir()
    _in_sandbox(job, f"{COLD_PYTHON} -c \"{NEST.format(n=10_000)}\"")
    _every_reader_fails_named(job)
    remove_tree(job)
    assert not job.exists()


@needs_bwrap
def test_an_episode_with_a_deep_tree_completes_and_removes_its_job_dir(sort_bundle: TaskBundle, tmp_path: Path) -> None:
    task = _with_steps(sort_bundle, f"{COLD_PYTHON} -c \"{NEST.format(n=3000)}\"")
    episode = run_episode(task, HARNESSES.get("terminal"), ReplayTeacher(), ProgrammaticJudge(), scratch_root=tmp_path)
    assert episode.status in ("completed", "error") and "RecursionError" not in (episode.error or "")
    assert list(tmp_path.iterdir()) == []


@needs_bwrap
def test_a_reference_that_leaves_a_deep_tree_is_a_recorded_gate_rejection(sort_bundle: TaskBundle, tmp_path: Path) -> None:
    steps = [*sort_bundle.reference.steps, *_with_steps(sort_bundle, f"{COLD_PYTHON} -c \"{NEST.format(n=3000)}\"")
             .reference.steps]
    task = sort_bundle.model_copy(update={"reference": ReferenceSolution(steps=steps)})
    result = run_gate("package", task, GateContext(scratch_root=tmp_path))
    assert (result.passed, result.reason) == (False, "job_dir_over_bounds"), result.message
    assert "nested deeper than" in (result.message or "")
    assert list(tmp_path.iterdir()) == []


def test_too_many_entries_is_a_named_failure(tmp_path: Path) -> None:
    for i in range(600):
        (tmp_path / f"f{i}").touch()
    with pytest.raises(TreeLimitError, match="more than 500 entries"):
        list(walk(tmp_path, TreeLimits(max_entries=500)))
    with pytest.raises(TreeLimitError):
        JobState.capture(tmp_path, TreeLimits(max_entries=500))


# --- big files ----------------------------------------------------------------------------------


_PEAK = (
    "import resource, sys\nfrom pathlib import Path\n{setup}\n"
    "try:\n    {call}\n    print('read')\nexcept Exception as exc:\n    print(type(exc).__name__, str(exc)[:300])\n"
    "print('peak_kib', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
)


def _peak(setup: str, call: str) -> tuple[str, int]:
    """Run `call` in a fresh interpreter; its outcome line and its peak RSS in MiB."""
    result = subprocess.run([sys.executable, "-c", _PEAK.format(setup=setup, call=call)], capture_output=True,
                            text=True, timeout=300, cwd=Path(__file__).resolve().parents[2], check=False)
    lines = result.stdout.strip().splitlines()
    assert lines and lines[-1].startswith("peak_kib"), result.stderr
    return lines[0], int(lines[-1].split()[1]) // 1024


def _baseline_mib(setup: str) -> int:
    return _peak(setup, "pass")[1]


def test_a_10_gb_sparse_file_is_not_read_whole(tmp_path: Path) -> None:
    (tmp_path / "outputs").mkdir()
    with open(tmp_path / "outputs" / "sparse.bin", "wb") as handle:
        handle.truncate(10 * 1024**3)
    setup = f"from forge.environment import JobState\njob = Path({str(tmp_path)!r})"
    outcome, peak = _peak(setup, "JobState.capture(job)")
    assert outcome.startswith("TreeLimitError") and "sparse.bin" in outcome
    assert peak - _baseline_mib(setup) < 64, f"capturing a sparse file took {peak} MiB"
    state = FinalState(tmp_path)
    assert state.listing == ["outputs/sparse.bin"]
    with pytest.raises(CheckError, match="larger than"):
        state.read_bytes("outputs/sparse.bin")


def test_files_adding_up_over_the_bound_stop_the_capture(tmp_path: Path) -> None:
    for name in "abc":
        (tmp_path / name).write_bytes(b"x" * 400_000)
    with pytest.raises(TreeLimitError, match="add up to more than 1000000"):
        JobState.capture(tmp_path, TreeLimits(max_total_bytes=1_000_000))


# --- zips ---------------------------------------------------------------------------------------


def _workbook() -> bytes:
    wb = openpyxl.Workbook()
    wb.active.title = "Data"
    wb.active["A1"] = 1
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def _deflated(total: int, chunk: bytes) -> bytes:
    """`total` bytes of repeated `chunk`, raw-deflated, built streaming."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    parts = [packer.compress(chunk) for _ in range(total // len(chunk))]
    return b"".join(parts) + packer.flush()


def _find(data: bytearray, signature: bytes, name_at: int, name: str) -> int:
    """Offset of the header with `signature` whose file name (at `name_at`) is `name`."""
    at = data.index(signature)
    while data[at + name_at:at + name_at + len(name)] != name.encode():
        at = data.index(signature, at + 4)
    return at


def _office_file(kind: str) -> bytes:
    """A real, empty office file of `kind`, saved by its own library."""
    import docx
    import pptx

    if kind == "xlsx":
        return _workbook()
    buf = io.BytesIO()
    (docx.Document() if kind == "docx" else pptx.Presentation()).save(buf)
    return buf.getvalue()


def _lying_xlsx(inflates_to: int, states: int, kind: str = "xlsx") -> bytes:
    """A real office file plus a member whose local and central headers claim `states` bytes
    (sizes patched in place after zipfile wrote the true ones)."""
    name = "xl/media/lie.xml"
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(_office_file(kind))) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            dst.writestr(info.filename, src.read(info))
        dst.writestr(name, b"")  # placeholder, replaced below with a hand-made deflated member
    data = bytearray(out.getvalue())
    body = _deflated(inflates_to, b"<row>" + b"7" * 4091)
    local = _find(data, b"PK\x03\x04", 30, name)
    central = _find(data, b"PK\x01\x02", 46, name)
    header_end = local + 30 + len(name) + struct.unpack_from("<H", data, local + 28)[0]
    old_body = struct.unpack_from("<L", data, local + 18)[0]
    rebuilt = data[:header_end] + body + data[header_end + old_body:]
    shift = len(body) - old_body
    struct.pack_into("<LL", rebuilt, local + 18, len(body), states)  # compressed, uncompressed (local)
    central += shift
    struct.pack_into("<LL", rebuilt, central + 20, len(body), states)  # the same in the central directory
    end = rebuilt.rindex(b"PK\x05\x06")
    offset = struct.unpack_from("<L", rebuilt, end + 16)[0]
    struct.pack_into("<L", rebuilt, end + 16, offset + shift)
    return bytes(rebuilt)


def test_a_zip_member_that_lies_about_its_size_is_refused(tmp_path: Path) -> None:
    data = _lying_xlsx(inflates_to=5 * MIB, states=1000)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:  # the lie is what a reader sees
        assert archive.getinfo("xl/media/lie.xml").file_size == 1000
    with pytest.raises(UnsafeZipError, match="states 1000 bytes but inflates to 5242"):
        check_zip(data, "out.xlsx")
    (tmp_path / "out.xlsx").write_bytes(data)
    with pytest.raises(CheckError, match="inflates to"):
        FinalState(tmp_path).sheets("out.xlsx")


def test_a_lying_zip_that_inflates_to_gigabytes_is_stopped_in_bounded_memory(tmp_path: Path) -> None:
    (tmp_path / "out.xlsx").write_bytes(_lying_xlsx(inflates_to=1200 * MIB, states=1000))
    setup = f"from forge.checks import FinalState\nstate = FinalState(Path({str(tmp_path)!r}))"
    outcome, peak = _peak(setup, "state.sheets('out.xlsx')")
    assert outcome.startswith("CheckError") and "over the bound" in outcome, outcome
    assert peak - _baseline_mib(setup) < 128, f"refusing the lying zip took {peak} MiB"


@pytest.mark.parametrize("kind", ["docx", "pptx"])
def test_a_lying_docx_or_pptx_is_refused_before_its_library_parses_it(kind: str) -> None:
    from forge.filetypes import FILE_TYPES

    data = _lying_xlsx(inflates_to=5 * MIB, states=1000, kind=kind)
    with pytest.raises(CheckError, match="states 1000 bytes but inflates to"):
        FILE_TYPES.get(kind).check_bounds(data, f"outputs/report.{kind}")
    FILE_TYPES.get(kind).check_bounds(_office_file(kind), f"outputs/report.{kind}")  # an honest one passes


def test_read_member_stops_at_the_bound_whatever_the_member_states() -> None:
    from forge.safezip import ZipLimits

    data = _lying_xlsx(inflates_to=8 * MIB, states=1000)
    with pytest.raises(UnsafeZipError, match="more than 1048576"):
        read_member(data, "out.xlsx", "xl/media/lie.xml", ZipLimits(max_total_bytes=MIB))
    assert read_member(data, "out.xlsx", "xl/workbook.xml").startswith(b"<")


def test_a_zip_bomb_of_many_members_is_refused(tmp_path: Path) -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for i in range(12_000):
            archive.writestr(f"m/{i}", b"")
    (tmp_path / "bomb.xlsx").write_bytes(out.getvalue())
    with pytest.raises(CheckError, match="12000 zip entries"):
        FinalState(tmp_path).sheets("bomb.xlsx")


def test_overlapping_members_cannot_multiply_one_payload(tmp_path: Path) -> None:
    """A "better zip bomb": thousands of directory entries pointing at the same 20 MB member."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/a.bin", b"\0" * (20 * MIB))
    data = out.getvalue()
    end = data.rindex(b"PK\x05\x06")
    cd_size, cd_offset = struct.unpack_from("<LL", data, end + 12)
    entry = data[cd_offset:cd_offset + cd_size]
    copies = 3000
    directory = b"".join(entry.replace(b"xl/a.bin", f"x/{i:06d}"[:8].encode()) for i in range(copies))
    tail = bytearray(data[end:end + 22])
    struct.pack_into("<HHLL", tail, 8, copies, copies, len(directory), cd_offset)
    bomb = data[:cd_offset] + directory + bytes(tail)
    with zipfile.ZipFile(io.BytesIO(bomb)) as archive:
        assert sum(i.file_size for i in archive.infolist()) == copies * 20 * MIB  # 60 GB, all "true"
    with pytest.raises(UnsafeZipError, match="unzips to more than"):
        check_zip(bomb, "bomb.xlsx")


# --- links, FIFOs, sockets, devices -------------------------------------------------------------


@needs_bwrap
def test_links_fifos_sockets_and_devices_are_never_followed_or_opened(bounded: JobDir, tmp_path: Path) -> None:
    secret = tmp_path / "host-secret"
    secret.mkdir()
    (secret / "token.txt").write_text("host only")
    make_socket = "import socket; s = socket.socket(socket.AF_UNIX); s.bind('outputs/sock')"
    out = _in_sandbox(
        bounded.path,
        f"mkdir outputs && ln -s {secret} outputs/dirlink && ln -s /etc/shadow outputs/filelink && "
        f"mkfifo outputs/fifo && {COLD_PYTHON} -c \"{make_socket}\" && echo plain > outputs/plain.txt && echo ok",
        "mknod outputs/zero c 1 5 && echo made-a-device || echo no-device",
    )
    assert out[0].endswith("ok\n") and out[1].startswith("no-device"), out
    os.mknod(bounded.path / "outputs" / "zero", 0o666 | 0o020000, os.makedev(1, 5))  # as if one got there
    state = FinalState(bounded.path)
    assert state.listing == ["outputs/plain.txt"]
    captured = JobState.capture(bounded.path)  # returns at all: the FIFO was never opened
    assert set(captured.files) == {"outputs/plain.txt"} and "outputs/dirlink" not in captured.dirs
    for name in ("dirlink/token.txt", "filelink", "fifo", "sock", "zero"):
        with pytest.raises(CheckError):
            state.read_bytes(f"outputs/{name}")
    bounded.remove()
    assert not bounded.path.exists() and (secret / "token.txt").read_text() == "host only"


# --- unreadable leftovers -----------------------------------------------------------------------


@needs_bwrap
def test_a_dir_and_a_file_chmod_000_and_an_immutable_attempt_are_still_removed(tmp_path: Path) -> None:
    job = tmp_path / "job"
    job.mkdir()
    with open_sandbox(job) as box:
        assert isinstance(box, BwrapSandbox)
        uid = box.uid
        out = box.run("mkdir -p locked/inner && echo x > locked/inner/f && echo y > sealed && chmod 000 sealed "
                      "locked/inner locked; chattr +i sealed 2>&1 || echo no-immutable")
    assert out.stdout.rstrip().endswith("no-immutable")
    assert uid is not None, "the sandbox runs as its own uid only as root"
    # remove as the sandbox's own (unprivileged) uid: no DAC override, so modes must be fixed on the way
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            os.chdir(job)
            os.setgid(uid)
            os.setuid(uid)
            for name in ("sealed", "locked"):
                remove_tree(Path(name))
            code = 0
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert list(job.iterdir()) == []
    remove_tree(job)
    assert not job.exists()


@needs_bwrap
def test_a_hostile_job_dir_is_removed_at_close(sort_bundle: TaskBundle, tmp_path: Path) -> None:
    """All of it at once, through a task environment's close."""
    hostile = (f"{COLD_PYTHON} -c \"{NEST.format(n=3000)}\"; mkfifo f; ln -s / root; mkdir -p x/y; "
               "echo z > x/y/z; chmod 000 x/y x; truncate -s 200M sparse")
    task = _with_steps(sort_bundle, hostile)
    episode = run_episode(task, HARNESSES.get("terminal"), ReplayTeacher(), ProgrammaticJudge(), scratch_root=tmp_path)
    assert "RecursionError" not in (episode.error or "")
    assert list(tmp_path.iterdir()) == []
    assert not any(str(tmp_path) in line for line in Path("/proc/self/mountinfo").read_text().splitlines())


def test_removal_never_empties_another_file_system_mounted_inside(tmp_path: Path) -> None:
    """Were a host dir ever mounted inside a job dir, removing the job dir must not delete its files."""
    job = tmp_path / "job"
    inner = job / "outputs" / "mnt"
    inner.mkdir(parents=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "forge-test", str(inner)], check=True)
    try:
        (inner / "keep.txt").write_text("not the job's")
        with pytest.raises(JobDirRemovalError, match="mounted inside"):
            JobDir(job, bounded=False).remove()
        assert (inner / "keep.txt").read_text() == "not the job's"
    finally:
        subprocess.run(["umount", str(inner)], check=True)
    JobDir(job, bounded=False).remove()
    assert not job.exists()


def test_tree_limit_errors_are_forge_errors() -> None:
    assert issubclass(TreeLimitError, ForgeError) and issubclass(UnsafeZipError, ForgeError)


# --- helpers ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def sort_bundle() -> TaskBundle:
    skill = load_taxonomy().get("spreadsheet.data.sort.ascending")
    return WORKFLOWS.get(skill.workflow).build(skill, seed=11)


def _with_steps(bundle: TaskBundle, *commands: str) -> TaskBundle:
    steps = [ReferenceStep(thought="try", action=f"Action {i}", tool="bash", arguments={"command": c})
             for i, c in enumerate(commands)]
    return bundle.model_copy(update={"reference": ReferenceSolution(steps=steps)})


def test_peak_measurement_sees_a_real_allocation() -> None:
    """The RSS probe above can fail: it reports a 200 MB allocation as such."""
    _, peak = _peak("", "b = bytearray(200 * 1024 * 1024)")
    assert peak >= 200
