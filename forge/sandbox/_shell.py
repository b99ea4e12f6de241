"""The sandbox's control channel: a trusted bash that never runs agent code, and the host's end.

Why not one bash fed commands on stdin: code a command runs lives in that bash, so whatever
the shell holds while it runs (its control pipe, saved copies of redirected fds, a per-command
token) a background job can copy, and from then on read the next commands or write their
results. Here the shell that holds the channel (the *trusted shell*) runs no agent code:

- It is non-dumpable, so no process of the sandbox's uid can ptrace it, read or write its
  memory (/proc/<pid>/mem), or reopen its fds through /proc/<pid>/fd. As root, setpriv starts
  it with an effective gid other than its real one (`NONDUMP_EGID`): the kernel makes a
  process non-dumpable when it execs with mismatched ids, and bash, started that way, sets
  all its gids back to the real one (all ids end up the sandbox's). An unreadable (0111) copy
  of bash does not do it: on the kernels tried, such an exec stays dumpable. Forks inherit
  the flag, so each command's subshell is non-dumpable too, until it execs a program.
  Without root there is no setpriv: the shell stays dumpable (see docs/architecture.md).
- It ignores the catchable signals a command might send its process group (`kill 0`).
- It holds the control pipe (the host writes `seq length\\n` and the command's bytes) and the
  status pipe (it writes `seq status\\n`); a copy of stdout for the commands. Nothing else in
  the sandbox holds either pipe (bwrap's init closes the fds it passes on).
- Each command runs in a forked subshell with both pipes closed and stdin /dev/null. The
  subshell first evaluates the shell state the previous command left (variables and their
  attributes, exported ones, functions, aliases, `set`/`shopt` options, umask, cwd), runs
  the command, and at its end (or at `exit`) writes its own state, then an end line and
  padding, to a pipe the trusted shell made for this command only. The trusted shell stores
  those bytes without evaluating them and hands them to the next command's subshell: untrusted
  code reads state untrusted code wrote, and only the command's own processes could have
  written it.
- The trusted shell reports the status only after the subshell exited (`wait`): it is that
  process's real exit status, and no marker in the output can end a command.

Background jobs of a command keep running (a server started in one command, used in the
next) with the output pipes, but hold no way to read a later command or to write its status
or its starting state. What does not carry over from command to command: traps, open fds
(`exec >file`), and the job table (`jobs`, `wait %1`; a pid still works with `kill`).
"""

from __future__ import annotations

import ctypes
import errno
import fcntl
import json
import logging
import os
import select
import selectors
import signal
import subprocess
import time
import weakref
from contextlib import suppress
from dataclasses import dataclass
from string import ascii_letters

from forge.sandbox._stream import _Stream

logger = logging.getLogger(__name__)

NONDUMP_EGID = 65534
"""The effective gid setpriv gives the trusted shell at exec (nogroup); bash drops it at once."""
_STATE_FD = 199  # the command subshell's end of its state pipe
_READ_CHUNK = 65536
_REAP_TIMEOUT_S = 5.0
_SIGNALS = "HUP INT QUIT TERM TSTP TTIN TTOU USR1 USR2 PIPE ALRM"
_NAMES = " ".join(f"${{!{c}@}}" for c in ascii_letters + "_")  # every variable name, without a fork
_BASH_OWN = (
    "BASH|BASHOPTS|BASHPID|BASH_*|EUID|UID|PPID|SHELLOPTS|GROUPS|FUNCNAME|LINENO|RANDOM|SRANDOM"
    "|SECONDS|EPOCHREALTIME|EPOCHSECONDS|PIPESTATUS|HISTCMD|DIRSTACK|SHLVL|PWD|COPROC*|COMP_WORDBREAKS"
    "|_|__forge_*"
)  # bash sets these itself (some read-only, some the call stack), or they are ours: never saved
_PAD = 512  # the state ends with an end line and this many spaces: the trusted shell reads the
# state in blocks of this size (buffered, not a syscall a byte) and never waits for bytes not sent

_PROGRAM = r"""@ULIMIT@ || exit 97
__forge_base=()
for __forge_n in @NAMES@; do
  case $__forge_n in @BASH_OWN@) ;; *) __forge_base+=("$__forge_n") ;; esac
done
exec {__forge_out}>&1 </dev/null
__forge_ctl=@CTL@ __forge_sta=@STA@ __forge_state= __forge_last=0 __forge_n= __forge_cmd=
trap '' @SIGNALS@
__forge_bopts=$BASHOPTS __forge_sopts=$SHELLOPTS
declare -A __forge_bv=()  # the starting value and attributes of each variable above
for __forge_n in "${__forge_base[@]}"; do __forge_bv[$__forge_n]="${!__forge_n@a}/${!__forge_n}"; done
__forge_ret() { return "$1"; }
__forge_opts() {  # $1 the options now, $2 at the start; $3 $4 turn one off, on
  [[ $1 == "$2" ]] && return
  local off=$2: on=$1:
  while [[ $off ]]; do __forge_t+="$3 ${off%%:*}"$'\n'; off=${off#*:}; done
  while [[ $on ]]; do __forge_t+="$4 ${on%%:*}"$'\n'; on=${on#*:}; done
}
__forge_save() {  # the shell's state as commands, to the state pipe; at the very end of the command
  __forge_t=
  __forge_opts "$SHELLOPTS" "$__forge_sopts" "set +o" "set -o"
  __forge_opts "$BASHOPTS" "$__forge_bopts" "shopt -u" "shopt -s"
  set +u
  printf '__forge_set=%q\nbuiltin cd -- %q\n' "$__forge_t" "$PWD"  # options applied after the rest
  for __forge_n in "${__forge_base[@]}"; do [[ -v $__forge_n ]] || printf 'unset -v %s\n' "$__forge_n"; done
  local __forge_keep=()  # by name: a bare `declare -p` lists bash's own too, and declaring
  for __forge_n in @NAMES@; do  # some of those again (BASH_VERSINFO, BASH_ARGC) ends the restore
    case $__forge_n in @BASH_OWN@) continue ;; esac
    [[ ${__forge_bv[$__forge_n]+set} && "${!__forge_n@a}/${!__forge_n}" == "${__forge_bv[$__forge_n]}" ]] ||
      __forge_keep+=("$__forge_n")  # unchanged starting variables are left out
  done
  (( ${#__forge_keep[@]} == 0 )) || declare -p "${__forge_keep[@]}"
  unset -f __forge_ret __forge_opts __forge_save
  declare -f; declare -Fx; alias -p; umask -p
  printf '\n#forge-state-end-%s\n%@PAD@s' "$__forge_seq" ''
} >&@STATE_FD@ 2>/dev/null
__forge_take() {  # in the trusted shell (lastpipe): the state a command wrote to its pipe
  local LC_ALL=C end=$'\n#forge-state-end-'"$__forge_seq"$'\n' next= n= t=
  until [[ $t$n == *"$end"* ]]; do  # the end line lies in the last two blocks read
    t=$n
    IFS= read -r -N @PAD@ n || return 0  # the command never wrote it (killed): the old state stays
    next+=$n
  done
  t+=$n n=${t%%"$end"*}  # offsets in bytes
  __forge_state=${next:0:${#next}-${#t}+${#n}}
  n=$(( @PAD@ - (${#t} - ${#n} - ${#end}) ))  # the padding still unread, to the last byte sent
  (( n <= 0 )) || IFS= read -r -N "$n" n
}
shopt -s lastpipe  # the end of a pipeline runs in this shell: the subshell's status is PIPESTATUS
printf '0 0\n' >&"$__forge_sta"
while IFS=' ' read -r -u "$__forge_ctl" __forge_seq __forge_len && [[ $__forge_len =~ ^[0-9]+$ ]]; do
  __forge_cmd=
  if (( __forge_len > 0 )); then
    LC_ALL=C IFS= read -r -N "$__forge_len" -u "$__forge_ctl" __forge_cmd || break
  fi
  (
    exec @STATE_FD@>&1 1>&"$__forge_out" {__forge_out}>&- {__forge_ctl}<&- {__forge_sta}>&-
    shopt -u lastpipe
    trap - @SIGNALS@
    trap __forge_save EXIT
    { eval "$__forge_state"; eval "$__forge_set"; } >/dev/null 2>&1
    { [[ $- == *e* ]] || __forge_ret "$__forge_last"; } 2>/dev/null  # $? of the last command, as in a shell
    eval "$__forge_cmd"
    { __forge_rc=$?; trap - EXIT; __forge_save; exit "$__forge_rc"; } 2>/dev/null  # even if it set a trap
  ) | __forge_take
  __forge_last=${PIPESTATUS[0]}
  printf '%s %s\n' "$__forge_seq" "$__forge_last" >&"$__forge_sta"
done
"""


def program(ulimit: str, ctl_fd: int, status_fd: int) -> bytes:
    """The trusted shell's program, sent on the control pipe at start (see `loader`)."""
    text = _PROGRAM
    for key, value in {
        "@ULIMIT@": ulimit,
        "@NAMES@": _NAMES,
        "@BASH_OWN@": _BASH_OWN,
        "@PAD@": str(_PAD),
        "@SIGNALS@": _SIGNALS,
        "@STATE_FD@": str(_STATE_FD),
        "@CTL@": str(ctl_fd),
        "@STA@": str(status_fd),
    }.items():
        text = text.replace(key, value)
    return text.encode()


def loader(bash: str, ctl_fd: int, program_size: int) -> list[str]:
    """The trusted shell's command line: it reads its program from the control pipe (so that
    /proc/<pid>/cmdline stays short) and runs it."""
    read = f"LC_ALL=C IFS= read -r -N {program_size} -u {ctl_fd} __forge_p && eval \"$__forge_p\""
    return [bash, "--noprofile", "--norc", "-c", read]


def frame(seq: int, command: str) -> bytes:
    """One command on the control pipe. NUL bytes are dropped: bash cannot hold them (it
    drops them itself), and the byte count must match what the trusted shell reads."""
    data = command.encode("utf-8", errors="surrogateescape").replace(b"\x00", b"")
    return b"%d %d\n" % (seq, len(data)) + data


_libc = ctypes.CDLL(None, use_errno=True)
_KEYCTL = {"x86_64": 250, "aarch64": 219}.get(os.uname().machine)
_KEYCTL_JOIN_SESSION_KEYRING = 1


def join_fresh_session_keyring() -> None:
    """Give the calling thread (the sandbox spawner) a new, empty, anonymous session keyring,
    so the sandbox it starts next inherits that one and not the host process's: no key the
    host holds is possessed inside, and nothing added inside lands in the host's keyring."""
    if _KEYCTL is None:
        return
    _libc.syscall.restype = ctypes.c_long
    if _libc.syscall(ctypes.c_long(_KEYCTL), ctypes.c_long(_KEYCTL_JOIN_SESSION_KEYRING), None) < 0:
        err = ctypes.get_errno()
        if err != errno.ENOSYS:
            raise OSError(err, f"cannot join a new session keyring: {os.strerror(err)}")


@dataclass
class Reply:
    """What one exchange with the trusted shell brought back."""

    out: _Stream
    err: _Stream
    status: str
    """"done" (the shell reported `code`), "eof" (the shell went away) or "timeout"."""
    code: int | None = None


def _reap(proc: subprocess.Popen[bytes], pidfd_box: list[int | None], fds: list[int]) -> None:
    """Kill a sandbox's whole process tree and wait until its pid namespace is gone."""
    pidfd = pidfd_box[0]
    if proc.poll() is None:
        with suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
    if pidfd is not None:
        with suppress(OSError):
            signal.pidfd_send_signal(pidfd, signal.SIGKILL)
    proc.wait()
    if pidfd is not None:  # readable once the namespace's init, and so every process in it, exited
        select.select([pidfd], [], [], _REAP_TIMEOUT_S)
        os.close(pidfd)
    for pipe in (proc.stdin, proc.stdout, proc.stderr):
        if pipe is not None:
            with suppress(OSError):
                pipe.close()
    for fd in fds:
        with suppress(OSError):
            os.close(fd)


class _Shell:
    """One running bwrap -> [setpriv] -> trusted bash tree, and the host's ends of its pipes.

    `ctl_w` carries commands in, `status_r` their statuses out; `kill` is idempotent.
    """

    def __init__(self, proc: subprocess.Popen[bytes], ctl_w: int, status_r: int) -> None:
        assert proc.stdout is not None and proc.stderr is not None
        self.proc = proc
        self._ctl_w, self._status_r = ctl_w, status_r
        self._status = bytearray()
        self._pidfd: list[int | None] = [None]  # set once bwrap reports its init's pid
        for fd in (ctl_w, status_r, proc.stdout.fileno(), proc.stderr.fileno()):
            os.set_blocking(fd, False)
        self._capacity = {
            fd: fcntl.fcntl(fd, fcntl.F_GETPIPE_SZ) for fd in (proc.stdout.fileno(), proc.stderr.fileno())
        }
        self.kill = weakref.finalize(self, _reap, proc, self._pidfd, [ctl_w, status_r])

    def watch_init(self, info_r: int, timeout_s: float) -> None:
        """Read bwrap's --info-fd JSON and keep a pidfd on the namespace's init process."""
        data = b""
        deadline = time.monotonic() + timeout_s
        try:
            while True:
                with suppress(ValueError):
                    self._pidfd[0] = os.pidfd_open(int(json.loads(data)["child-pid"]))
                    return
                remaining = deadline - time.monotonic()
                if remaining <= 0 or not select.select([info_r], [], [], remaining)[0]:
                    return
                chunk = os.read(info_r, 4096)
                if not chunk:
                    return
                data += chunk
        except (OSError, KeyError, TypeError) as exc:
            logger.debug("no pidfd for the sandbox init (%s); relying on the process group", exc)
        finally:
            os.close(info_r)

    def exchange(self, data: bytes, seq: int, limit: int, timeout_s: float) -> Reply:
        """Send `data` on the control pipe; collect stdout and stderr until the status of `seq`
        arrives (then what the command wrote before it exited is already in the pipes), the
        shell goes away, or the deadline. Reading goes on past the limit so no writer blocks."""
        assert self.proc.stdout is not None and self.proc.stderr is not None
        reply = Reply(_Stream(limit), _Stream(limit), "timeout")
        streams = {self.proc.stdout.fileno(): reply.out, self.proc.stderr.fileno(): reply.err}
        todo = memoryview(data)
        deadline = time.monotonic() + timeout_s
        with selectors.DefaultSelector() as sel:
            for fd, stream in streams.items():
                sel.register(fd, selectors.EVENT_READ, stream)
            sel.register(self._status_r, selectors.EVENT_READ)
            if todo:
                sel.register(self._ctl_w, selectors.EVENT_WRITE)
            while reply.status == "timeout":
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    break
                for key, _ in sel.select(remaining):
                    if key.fd == self._ctl_w:
                        todo = self._send(todo)
                        if not todo:
                            sel.unregister(key.fd)
                    elif key.fd == self._status_r:
                        self._read_status(reply, seq)
                    elif not self._read(key.fd, key.data):
                        sel.unregister(key.fd)
        if reply.status != "timeout":  # all the command wrote is in the pipes: take it, nothing after
            for fd, stream in streams.items():
                self._drain(fd, stream)
        return reply

    def _send(self, todo: memoryview) -> memoryview:
        try:
            return todo[os.write(self._ctl_w, todo[:_READ_CHUNK]) :]
        except BlockingIOError:
            return todo
        except OSError:  # the shell is gone; its status pipe says so
            return todo[len(todo) :]

    def _read_status(self, reply: Reply, seq: int) -> None:
        try:
            chunk = os.read(self._status_r, 4096)
        except BlockingIOError:
            return
        if not chunk:
            reply.status = "eof"
            return
        self._status += chunk
        while b"\n" in self._status and reply.status == "timeout":
            line, _, rest = bytes(self._status).partition(b"\n")
            self._status[:] = rest
            got, _, code = line.partition(b" ")
            if got != str(seq).encode() or not code.isdigit():
                logger.warning("sandbox shell sent %r, expected the status of command %d", line, seq)
                reply.status = "eof"
            else:
                reply.status, reply.code = "done", int(code)

    @staticmethod
    def _read(fd: int, stream: _Stream) -> bool:
        """One read into `stream`; False at EOF."""
        try:
            chunk = os.read(fd, _READ_CHUNK)
        except BlockingIOError:
            return True
        stream.feed(chunk)
        return bool(chunk)

    def _drain(self, fd: int, stream: _Stream) -> None:
        """Read what the pipe held when the status came: at most its capacity, so a background
        writer that never stops cannot keep us here."""
        left = self._capacity[fd]
        while left > 0:
            try:
                chunk = os.read(fd, min(left, _READ_CHUNK))
            except (BlockingIOError, OSError):
                return
            if not chunk:
                return
            stream.feed(chunk)
            left -= len(chunk)


@dataclass
class SpawnFds:
    """The fds a new sandbox shell starts with: the child's ends go to bwrap, the host keeps
    `ctl_w` (commands in) and `status_r` (statuses out)."""

    ctl_r: int
    ctl_w: int
    status_r: int
    status_w: int
    etc: dict[str, int]
    """Read ends holding the files written into the sandbox's /etc, by name."""

    @classmethod
    def open(cls, etc_files: dict[str, bytes]) -> SpawnFds:
        opened: list[int] = []
        try:
            ctl_r, ctl_w = os.pipe()
            opened += [ctl_r, ctl_w]
            status_r, status_w = os.pipe()
            opened += [status_r, status_w]
            etc: dict[str, int] = {}
            for name, data in etc_files.items():  # a few hundred bytes each: the pipe holds them
                read_end, write_end = os.pipe()
                opened.append(read_end)
                with open(write_end, "wb") as sink:
                    sink.write(data)
                etc[name] = read_end
        except BaseException:
            for fd in opened:
                os.close(fd)
            raise
        return cls(ctl_r, ctl_w, status_r, status_w, etc)

    @property
    def child_ends(self) -> list[int]:
        return [self.ctl_r, self.status_w, *self.etc.values()]

    def close_host_ends(self) -> None:
        """When no shell was started to own them."""
        os.close(self.ctl_w)
        os.close(self.status_r)


def args_fd(argv: list[str]) -> tuple[list[str], int]:
    """`argv` with bwrap's options moved into a memfd read through `--args`, so that the init
    process's /proc/<pid>/cmdline, readable inside, names no host path. Returns the new argv
    and the memfd (the caller passes it to bwrap and closes it)."""
    end = argv.index("--")
    fd = os.memfd_create("bwrap-args", os.MFD_CLOEXEC)
    data = b"".join(arg.encode() + b"\0" for arg in argv[1:end])
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.lseek(fd, 0, os.SEEK_SET)
    except BaseException:
        os.close(fd)
        raise
    return [argv[0], "--args", str(fd), *argv[end:]], fd
