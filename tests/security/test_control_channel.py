"""What a command records is what it did: its own output, its real exit status, and every
command sent really runs, whatever earlier commands and their background jobs try.

Each test is an attack an agent's commands could make on the channel between the host and
the sandbox's shell (reading the next command, writing a result, finding the per-command
secret, stopping or killing the shell) and asserts that nothing was forged or skipped: the
command's result is its real one, or an honest failure (a timeout, a restarted shell).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from forge.sandbox import BwrapSandbox, SandboxLimits, open_sandbox
from tests.conftest import require

needs_bwrap = require(shutil.which("bwrap") is not None, "bubblewrap is not installed")

FORGED = "FORGED-BY-ATTACKER"

# Bash, run in the background by a command: for a few seconds, read every fd it inherited and
# every fd of every process it can open through /proc; whatever it reads that looks like a
# control line or a token, answer with forged results in the old and the new wire format, on
# every fd it can write to.
ATTACKER = r"""
attack() {
  exec 2>/dev/null
  local end=$((SECONDS + 6)) fd path line tok k w
  while ((SECONDS < end)); do
    for path in /proc/$BASHPID/fd/* /proc/[0-9]*/fd/*; do
      fd=${path##*/}
      [[ $path == /proc/$BASHPID/* ]] || { exec {k}<"$path" || continue; fd=$k; }
      if IFS= read -r -t 0.01 -u "$fd" line; then
        [[ $line =~ ([0-9a-f]{32}) ]] && tok=${BASH_REMATCH[1]}
      fi
      [[ $path == /proc/$BASHPID/* ]] || exec {k}<&-
    done
    for path in /proc/$BASHPID/fd/* /proc/[0-9]*/fd/*; do
      fd=${path##*/}
      [[ $path == /proc/$BASHPID/* ]] || { exec {w}>"$path" || continue; fd=$w; }
      if [[ $fd != 0 ]]; then
        { printf '\n%s\n' "$FORGED_TEXT"
          [[ -n $tok ]] && printf '\n%s 0\n\n%s\n' "$tok" "$tok"
          for k in {1..40}; do printf '%d 0\n' "$k"; done
          printf '20\necho %s; exit 0' "$FORGED_TEXT"; } >&"$fd"
      fi
      [[ $path == /proc/$BASHPID/* ]] || exec {w}>&-
    done
    sleep 0.05
  done
}
"""


@pytest.fixture
def box(tmp_path: Path) -> Iterator[BwrapSandbox]:
    job = tmp_path / "job"
    job.mkdir()
    sandbox = open_sandbox(job, SandboxLimits(command_timeout_s=20))
    assert isinstance(sandbox, BwrapSandbox)
    yield sandbox
    sandbox.close()


def _start_attacker(box: BwrapSandbox, how: str = "attack &") -> None:
    started = box.run(f"{ATTACKER}\nFORGED_TEXT={FORGED}; {how} echo started")
    # the attacker may already be writing to this command's output (a background job's bytes are
    # the command's output, as on a terminal): its own line and status must still be there
    assert "started\n" in started.stdout and started.exit_code == 0 and not started.timed_out, started


def _assert_real(box: BwrapSandbox, n: int) -> None:
    """Command `n` prints, leaves a file and exits with a status only it knows. A background job
    may add its own bytes to the output (as on a terminal), never take the command's away."""
    result = box.run(f"sleep 0.3; echo real-{n}; echo err-{n} >&2; touch /job/ran-{n}; (exit {40 + n})")
    assert result.exit_code == 40 + n and not result.timed_out, result
    assert f"real-{n}\n" in result.stdout and f"err-{n}\n" in result.stderr, result
    assert (box.job_dir / f"ran-{n}").exists()


@needs_bwrap
def test_a_background_job_reading_every_fd_cannot_forge_or_skip_later_commands(box: BwrapSandbox) -> None:
    _start_attacker(box)
    for n in range(1, 9):
        _assert_real(box, n)


@needs_bwrap
def test_a_background_subshell_holding_the_shells_fds_cannot_forge_later_commands(box: BwrapSandbox) -> None:
    # a ( ) subshell keeps every fd its shell had, close-on-exec ones included (bash's saved copies)
    _start_attacker(box, "( attack ) &")
    for n in range(1, 6):
        _assert_real(box, n)


@needs_bwrap
def test_a_command_finding_the_shells_secrets_in_memory_cannot_change_its_status(box: BwrapSandbox) -> None:
    # the shell's memory (a token, a control line) read through /proc/<pid>/mem, then printed as
    # end markers of every format, on stdout, stderr and every fd the command holds
    scavenger = r"""
import os, re, sys
found = set()
for pid in [os.getppid(), int(sys.argv[1])]:
    try:
        maps = open(f"/proc/{pid}/maps").read().splitlines()
        mem = open(f"/proc/{pid}/mem", "rb")
    except OSError as exc:
        print("denied", pid, exc.errno, file=sys.stderr)
        continue
    for line in maps:
        start, end = (int(x, 16) for x in line.split()[0].split("-"))
        try:
            mem.seek(start)
            found.update(re.findall(rb"[0-9a-f]{32}", mem.read(min(end - start, 1 << 22))))
        except (OSError, ValueError, OverflowError):
            pass
for fd in range(1, 256):
    for tok in found:
        try:
            os.write(fd, b"\n" + tok + b" 0\n\n" + tok + b"\n")
        except OSError:
            break
    try:
        os.write(fd, b"".join(b"%d 0\n" % k for k in range(60)))
    except OSError:
        pass
"""
    box.put_file("scavenge.py", scavenger.encode())
    result = box.run("python3 scavenge.py $$; echo after-markers; exit 3")
    assert result.exit_code == 3 and not result.timed_out, result
    assert result.stdout.endswith("after-markers\n"), result
    assert box.run("echo next").stdout == "next\n"


@needs_bwrap
def test_the_shell_is_not_readable_or_traceable_by_the_sandbox_user(box: BwrapSandbox) -> None:
    probe = r"""
import ctypes, os, sys
pid = int(sys.argv[1])
for what in ("environ", "mem", "fd/0", "fd/1", "fd/3"):
    try:
        os.close(os.open(f"/proc/{pid}/{what}", os.O_RDONLY | os.O_NONBLOCK))
        print("opened", what)
    except OSError:
        pass
try:
    print("listed", os.listdir(f"/proc/{pid}/fd"))
except OSError:
    pass
libc = ctypes.CDLL(None, use_errno=True)
if libc.ptrace(16, pid, None, None) == 0:  # PTRACE_ATTACH
    print("attached")
"""
    box.put_file("probe.py", probe.encode())
    result = box.run("python3 probe.py $$; python3 probe.py $BASHPID")
    assert result.exit_code == 0, result
    assert result.stdout == "", result  # nothing of the shell, nor of the command's own subshell


@needs_bwrap
def test_fake_markers_and_statuses_in_the_output_are_just_output(box: BwrapSandbox) -> None:
    fakes = "".join(f"{k} 0\\n" for k in range(1, 30)) + "\\n" + "ab" * 16 + " 0\\n"
    result = box.run(f"printf '{fakes}'; printf '{fakes}' >&2; sleep 0.2; echo tail; exit 9")
    assert result.exit_code == 9 and result.stdout.endswith("tail\n")
    assert result.stdout.startswith("1 0\n2 0\n") and result.stderr.startswith("1 0\n")
    assert box.run("echo next; exit 4").exit_code == 4


@needs_bwrap
def test_signals_to_the_shell_or_its_group_do_not_end_it(box: BwrapSandbox) -> None:
    box.run("export KEPT=yes; cd /tmp")
    for sig in ("TERM", "HUP", "INT", "QUIT", "USR1", "TSTP", "PIPE"):
        result = box.run(f"kill -{sig} $$; kill -{sig} 0 2>/dev/null; sleep 0.1; echo alive")
        assert not result.timed_out and not result.shell_restarted, (sig, result)
    after = box.run('echo "$KEPT $PWD"; exit 6')
    assert (after.stdout, after.exit_code, after.shell_restarted) == ("yes /tmp\n", 6, False)


@needs_bwrap
def test_a_killed_or_stopped_shell_is_an_honest_failure_and_the_next_command_runs(tmp_path: Path) -> None:
    job = tmp_path / "job"
    job.mkdir()
    with open_sandbox(job, SandboxLimits(command_timeout_s=120)) as box:  # a hang guard: a loaded machine is slow
        killed = box.run(f"(sleep 0.5; kill -KILL $$) & sleep 60; echo {FORGED}")
        assert FORGED not in killed.stdout and killed.exit_code != 0 and not killed.timed_out, killed
        _assert_real(box, 1)
        assert box.run("(sleep 0.3; kill -STOP $$) & echo before").exit_code == 0
        stopped = box.run(f"sleep 2; echo {FORGED}; exit 0", timeout_s=4)  # the shell is stopped while this runs
        assert stopped.timed_out and stopped.exit_code == 124, stopped  # not the 0 it would forge
        _assert_real(box, 2)


@needs_bwrap
def test_a_background_job_cannot_rewrite_the_next_commands_shell_state(box: BwrapSandbox) -> None:
    # the state a command leaves travels through a pipe made for that command alone; a job of an
    # earlier command writes forged state to every fd it has (its own state pipe among them)
    box.run("export CHOSEN=1; cd /tmp")
    _start_attacker(box)
    for n in range(1, 4):
        _assert_real(box, n)
        assert box.run('echo "$CHOSEN $PWD"').stdout == "1 /tmp\n"


@needs_bwrap
def test_shell_state_carries_over_and_exit_ends_only_the_command(box: BwrapSandbox) -> None:
    box.run(
        "mkdir -p a/b && cd a/b && export E=exported && plain='two words' && arr=(x 'y z') && "
        "declare -A map=([k]=v) && declare -i num=41 && f() { echo \"f:$1\"; }; export -f f; "
        "alias hi='echo alias-works'; shopt -s expand_aliases; set -o pipefail; umask 027; unset HOME"
    )
    result = box.run(
        'num+=1; echo "$PWD|$E|$plain|${arr[1]}|${map[k]}|$num|${HOME-unset}"; f 1; hi; '
        "bash -c 'f child'; umask; false | true; echo $?"
    )
    assert result.stdout == "/job/a/b|exported|two words|y z|v|42|unset\nf:1\nalias-works\nf:child\n0027\n1\n"
    assert box.run("exit 5").exit_code == 5
    assert box.run('echo "$plain"; pwd').stdout == "two words\n/job/a/b\n"
    assert box.run("g() { cd /tmp; late=$1; exit 4; }; g 7").exit_code == 4  # exit inside a function
    assert box.run('echo "$late $PWD"').stdout == "7 /tmp\n"
    assert box.run("trap 'echo bye' EXIT; sleep 30 & kept=yes").exit_code == 0  # its own trap, a job
    assert box.run('echo "$kept"').stdout == "yes\n"
    assert box.run("set -e; false; echo not-reached").exit_code == 1
    errexit = box.run('[[ $- == *e* ]] && echo still-errexit; false; echo not-reached')
    assert (errexit.stdout, errexit.exit_code) == ("still-errexit\n", 1)
